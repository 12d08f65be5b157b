import type { CreatedServiceApp } from '@esim/platform';
import { dealerPriceRoutes } from './admin/dealer-prices';

/** A sales manager prices their own dealers with the admin's handlers, without the cost column. */
export function salesManagerRoutes(app: CreatedServiceApp): void {
  dealerPriceRoutes(app, 'sales-manager');
}
