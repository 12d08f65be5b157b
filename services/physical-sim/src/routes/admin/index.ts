import type { CreatedServiceApp } from '@esim/platform';
import type { PhysicalSimContext } from '../../context';
import { approvalRoutes } from './approvals';
import { importRoutes } from './imports';
import { stockRoutes } from './stock';

/** The admin's physical-SIM screens: imports, stock, and the approval of dealer orders and returns. */
export function adminRoutes(app: CreatedServiceApp, ctx: PhysicalSimContext): void {
  importRoutes(app, ctx);
  stockRoutes(app);
  approvalRoutes(app);
}
