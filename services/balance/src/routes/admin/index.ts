import type { CreatedServiceApp } from '@esim/platform';
import type { BalanceContext } from '../../context';
import { collectionRoutes } from './collections';
import { dealerRoutes } from './dealers';
import { paymentRoutes } from './payments';
import { topUpRoutes } from './top-ups';

/** The admin's money screens: dealer money, top-ups and sales, collections, card payments. */
export function adminRoutes(app: CreatedServiceApp, ctx: BalanceContext): void {
  dealerRoutes(app, ctx);
  topUpRoutes(app);
  collectionRoutes(app, ctx);
  paymentRoutes(app, ctx);
}
