import type { CreatedServiceApp } from '@esim/platform';
import { ok } from '@esim/platform';
import { buyerPackages, buyerPackageView, countryNames, quote } from '../pricing/buyer-prices';
import { internalPackagesQuery, quoteBody } from '../schemas';

/** Prices for a buyer the calling service names: the order services' quotes and physical-sim's package list. */
export function internalRoutes(app: CreatedServiceApp): void {
  app.get('/internal/packages', { schema: { querystring: internalPackagesQuery } }, async (request, reply) => {
    const { user_id: userId, ...filter } = request.query;
    const [rows, names] = await Promise.all([buyerPackages(app.db, userId, filter), countryNames(app.db)]);
    return ok(
      reply,
      rows.map((row) => buyerPackageView(row, request.locale, names)),
    );
  });

  app.post('/internal/quote', { schema: { body: quoteBody } }, async (request, reply) => {
    const { user_id: userId, package_id: packageId, quantity, kind } = request.body;
    return ok(reply, await quote(app.db, { userId, packageId, quantity, kind }));
  });
}
