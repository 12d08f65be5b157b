import { buyerPackageSchema, listSchema } from '@esim/contracts';
import type { CreatedServiceApp } from '@esim/platform';
import { okList, toListQuery } from '@esim/platform';
import { buyerPriceList, buyerPackageView, countryNames } from '../pricing/buyer-prices';
import { buyerPackagesQuery } from '../schemas';

/** The signed-in buyer's own price list. */
export function userRoutes(app: CreatedServiceApp): void {
  // Paged, sorted and filtered like every list (react-admin's simple-rest too).
  app.get(
    '/user/packages',
    { schema: { tags: ['user'], querystring: buyerPackagesQuery, response: { 200: listSchema(buyerPackageSchema) } } },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const [{ rows, total }, names] = await Promise.all([
        buyerPriceList(app.db, request.user!.id, request.locale, query),
        countryNames(app.db),
      ]);
      return okList(
        reply,
        rows.map((row) => buyerPackageView(row, request.locale, names)),
        total,
        query,
        'packages',
      );
    },
  );
}
