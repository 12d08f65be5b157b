import type { CreatedServiceApp } from '@esim/platform';
import type { CatalogChanges } from '../../public/invalidation';
import { catalogRoutes } from './catalog';
import { dealerPriceRoutes } from './dealer-prices';

/** The admin's catalog: packages and countries, and every dealer's prices. */
export function adminRoutes(app: CreatedServiceApp, changes: CatalogChanges): void {
  catalogRoutes(app, changes);
  dealerPriceRoutes(app, 'admin');
}
