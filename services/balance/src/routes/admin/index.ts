import type { CreatedServiceApp } from '@esim/platform';
import type { BalanceContext } from '../../context';
import { collectionRoutes } from './collections';
import { dealerRoutes } from './dealers';
import { paymentRoutes } from './payments';
import { settingsRoutes } from './settings';
import { statementRoutes } from './statements';
import { depositRoutes } from './deposits';

/** The admin's money screens: dealer money and statements, deposits and sales, collections, card payments, the shop's money settings. */
export function adminRoutes(app: CreatedServiceApp, ctx: BalanceContext): void {
  dealerRoutes(app, ctx);
  depositRoutes(app, ctx);
  collectionRoutes(app, ctx);
  paymentRoutes(app, ctx);
  settingsRoutes(app, ctx);
  statementRoutes(app, ctx);
}
