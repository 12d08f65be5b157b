import type { CreatedServiceApp } from '@esim/platform';
import { ok } from '@esim/platform';
import { buyerPackages, buyerPackageView, quote } from '../pricing/buyer-prices';
import { buyerPackagesQuery, internalPackagesQuery, quoteBody } from '../schemas';

/** Prices per buyer: the caller's own list, and the internal calls the order services make. */
export function buyerRoutes(app: CreatedServiceApp): void {
  app.get('/user/packages', { schema: { tags: ['user'], querystring: buyerPackagesQuery } }, async (request, reply) => {
    const rows = await buyerPackages(app.db, request.user!.id, request.query);
    return ok(reply, rows.map((row) => buyerPackageView(row, request.locale)));
  });

  // For physical-sim's package list: the same prices, for a user the calling service names.
  app.get('/internal/packages', { schema: { querystring: internalPackagesQuery } }, async (request, reply) => {
    const { user_id: userId, ...filter } = request.query;
    const rows = await buyerPackages(app.db, userId, filter);
    return ok(reply, rows.map((row) => buyerPackageView(row, request.locale)));
  });

  app.post('/internal/quote', { schema: { body: quoteBody } }, async (request, reply) => {
    const { user_id: userId, package_id: packageId, quantity, kind } = request.body;
    return ok(reply, await quote(app.db, { userId, packageId, quantity, kind }));
  });
}
