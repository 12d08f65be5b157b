import { buyerPackageSchema, listSchema } from '@esim/contracts';
import type { CreatedServiceApp } from '@esim/platform';
import { ok, okList, toListQuery } from '@esim/platform';
import { buyerPackages, buyerPackageView, buyerPriceList, countryNames, quote } from '../pricing/buyer-prices';
import { buyerPackagesQuery, internalPackagesQuery, quoteBody } from '../schemas';

/** Prices per buyer: the caller's own list, and the internal calls the order services make. */
export function buyerRoutes(app: CreatedServiceApp): void {
  // The caller's price list: paged, sorted and filtered like every list (react-admin's simple-rest too).
  app.get('/user/packages', { schema: { tags: ['user'], querystring: buyerPackagesQuery, response: { 200: listSchema(buyerPackageSchema) } } }, async (request, reply) => {
    const query = toListQuery(request.query);
    const [{ rows, total }, names] = await Promise.all([buyerPriceList(app.db, request.user!.id, request.locale, query), countryNames(app.db)]);
    return okList(reply, rows.map((row) => buyerPackageView(row, request.locale, names)), total, query, 'packages');
  });

  // For physical-sim's package list: the same prices, for a user the calling service names.
  app.get('/internal/packages', { schema: { querystring: internalPackagesQuery } }, async (request, reply) => {
    const { user_id: userId, ...filter } = request.query;
    const [rows, names] = await Promise.all([buyerPackages(app.db, userId, filter), countryNames(app.db)]);
    return ok(reply, rows.map((row) => buyerPackageView(row, request.locale, names)));
  });

  app.post('/internal/quote', { schema: { body: quoteBody } }, async (request, reply) => {
    const { user_id: userId, package_id: packageId, quantity, kind } = request.body;
    return ok(reply, await quote(app.db, { userId, packageId, quantity, kind }));
  });
}
