import { buyerPackageSchema, fileResponse, listSchema, type BuyerPackage } from '@esim/contracts';
import type { CreatedServiceApp } from '@esim/platform';
import { okList, toListQuery } from '@esim/platform';
import { buyerPackages, buyerPriceList, buyerPackageView, countryNames } from '../pricing/buyer-prices';
import { priceListFileName, priceListXlsx } from '../pricing/price-list-xlsx';
import { buyerPackagesQuery, priceListFileQuery } from '../schemas';

/** One priced package as the list shows it (the OpenAPI document's example). */
const packageExample: BuyerPackage = {
  id: '7d5a3c4e-2b1f-4e8a-9c6d-1a2b3c4d5e6f',
  code: 'US-7D-3GB',
  name: 'United States 3 GB',
  name_tr: 'Amerika Birleşik Devletleri 3 GB',
  name_en: 'United States 3 GB',
  type: 'local',
  duration: 7,
  data: '3 GB',
  data_mb: 3072,
  unlimited: false,
  price: 9.5,
  currency: 'EUR',
  recommended: false,
  features: ['5G', 'Hotspot'],
  country_count: 1,
  network: '5G',
  hotspot: true,
  validity_start: 'first_connection',
  coverage: [{ code: 'US', name: 'United States', operators: ['T-Mobile'] }],
  countries: ['US'],
  retail_price: 11,
  dealer_price: 9.5,
  price_source: 'dealer',
};

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The signed-in buyer's own price list. */
export function userRoutes(app: CreatedServiceApp): void {
  // Paged, sorted and filtered like every list (react-admin's simple-rest too).
  app.get(
    '/user/packages',
    {
      schema: {
        tags: ['user'],
        querystring: buyerPackagesQuery,
        response: { 200: listSchema(buyerPackageSchema.meta({ example: packageExample })) },
      },
    },
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

  // The same prices as a spreadsheet a dealer can send on or import: every package at once, headers in the caller's language.
  app.get(
    '/user/packages/price-list.xlsx',
    {
      schema: {
        tags: ['user'],
        summary: "The caller's price list as an Excel file (their own prices in euros; Turkish or English headers)",
        querystring: priceListFileQuery,
        response: { 200: fileResponse(XLSX, 'The price list (xlsx): country, package, data, validity, code, prices') },
      },
    },
    async (request, reply) => {
      const [rows, names] = await Promise.all([
        buyerPackages(app.db, request.user!.id, { country: request.query.country, type: request.query.type }),
        countryNames(app.db),
      ]);
      const file = await priceListXlsx(rows, request.locale, names);
      return reply
        .type(XLSX)
        .header('content-disposition', `attachment; filename="${priceListFileName(request.locale, new Date())}"`)
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  );
}
