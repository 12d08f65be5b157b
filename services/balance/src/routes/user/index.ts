import type { CreatedServiceApp } from '@esim/platform';
import type { BalanceContext } from '../../context';
import { balanceRoutes } from './balance';
import { paymentRoutes } from './payments';
import { statementRoutes } from './statements';

/** The caller's own money: balance, deposits by bank transfer or card, transactions, dashboard, a dealer's statements. */
export function userRoutes(app: CreatedServiceApp, ctx: BalanceContext): void {
  balanceRoutes(app, ctx);
  paymentRoutes(app, ctx);
  statementRoutes(app, ctx);
}
