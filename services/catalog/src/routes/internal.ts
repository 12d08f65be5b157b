import { internalQuoteSchema, responds, supplierOffersSyncBody, supplierOffersSyncResultSchema } from '@esim/contracts';
import type { CreatedServiceApp } from '@esim/platform';
import { ok } from '@esim/platform';
import { buyerPackages, buyerPackageView, countryNames, quote } from '../pricing/buyer-prices';
import type { CatalogChanges } from '../public/invalidation';
import { internalPackagesQuery, quoteBody } from '../schemas';
import { syncSupplierOffers } from '../suppliers/sync';

/** A supplier's whole list: thousands of offers, each naming up to every country, is far above the default body limit. */
const SUPPLIER_OFFERS_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * Prices for a buyer the calling service names (the order services' quotes and physical-sim's
 * package list), and the suppliers' offers the esim service syncs in.
 */
export function internalRoutes(app: CreatedServiceApp, changes: CatalogChanges): void {
  app.get('/internal/packages', { schema: { querystring: internalPackagesQuery } }, async (request, reply) => {
    const { user_id: userId, ...filter } = request.query;
    const [rows, names] = await Promise.all([buyerPackages(app.db, userId, filter), countryNames(app.db)]);
    return ok(
      reply,
      rows.map((row) => buyerPackageView(row, request.locale, names)),
    );
  });

  app.post(
    '/internal/quote',
    { schema: { body: quoteBody, response: responds(200, internalQuoteSchema) } },
    async (request, reply) => {
      const { user_id: userId, package_id: packageId, quantity, kind } = request.body;
      return ok(reply, await quote(app.db, { userId, packageId, quantity, kind }));
    },
  );

  app.post(
    '/internal/supplier-offers',
    {
      bodyLimit: SUPPLIER_OFFERS_BODY_LIMIT,
      schema: { body: supplierOffersSyncBody, response: responds(200, supplierOffersSyncResultSchema) },
    },
    async (request, reply) => {
      const { result, packagesChanged } = await syncSupplierOffers(app.db, request.body, String(request.id));
      // A package that stopped selling leaves the public pages now, not at the cache's next reload.
      if (packagesChanged) await changes.changed();
      return ok(reply, result, 'supplier_offers_synced');
    },
  );
}
