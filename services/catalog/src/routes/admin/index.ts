import type { CreatedServiceApp } from '@esim/platform';
import type { CatalogChanges } from '../../public/invalidation';
import { catalogRoutes } from './catalog';
import { dealerPriceRoutes } from './dealer-prices';
import { supplierRoutes } from './suppliers';

/** The admin's catalog: packages and countries, every dealer's prices, and the suppliers' offers. */
export function adminRoutes(app: CreatedServiceApp, changes: CatalogChanges): void {
  catalogRoutes(app, changes);
  dealerPriceRoutes(app, 'admin');
  supplierRoutes(app, changes);
}
