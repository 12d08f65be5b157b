import {
  centsToEuros,
  dealerPackageSchema,
  percentageToHundredths,
  dealerPricesUpdatedSchema,
  priceHistoryEntrySchema,
  responds,
  respondsList,
} from '@esim/contracts';
import { z } from 'zod';
import type { CreatedServiceApp } from '@esim/platform';
import { describeAudit, listQuery, numericId, ok, okList, toListQuery } from '@esim/platform';
import type { FastifyRequest } from 'fastify';
import { dealerForCaller } from '../../pricing/dealers';
import {
  dealerPackages,
  dealerPackageView,
  percentageChanges,
  writeDealerPrices,
  type PriceSource,
} from '../../pricing/dealer-prices';
import {
  bulkPriceBody,
  dealerPackageParams,
  dealerParams,
  percentageBody,
  priceHistoryFilters,
  singlePriceBody,
} from '../../schemas';

/**
 * Dealer pricing: the admin for any dealer, a sales manager for their own, with one handler each
 * (the route table lets each role in; `dealerForCaller` checks whose dealer it is).
 */
export function dealerPriceRoutes(app: CreatedServiceApp, audience: 'admin' | 'sales-manager'): void {
  const prefix = `/${audience}`;
  const tags = [audience];
  const withCost = audience === 'admin';

  const list = async (request: FastifyRequest, dealerId: string, packageIds?: readonly string[]) =>
    (await dealerPackages(app.db, dealerId, packageIds)).map((row) =>
      dealerPackageView(row, request.locale, { withCost }),
    );

  const context = (
    request: FastifyRequest,
    dealerId: string,
    source: PriceSource,
    allowBelowCost: boolean | undefined,
  ) => ({
    dealerId,
    actor: request.user!,
    source,
    allowBelowCost: allowBelowCost ?? false,
    locale: request.locale,
    correlationId: String(request.id),
  });

  // The audit entry names the dealer (from this service's copy) so the admin reads whose prices changed.
  const describeDealer = async (
    request: FastifyRequest,
    dealerId: string,
    extra: { amountCents?: number; detail?: string },
  ) => {
    const dealer = await app.db('dealers').where({ dealer_id: dealerId }).first('company_name', 'full_name');
    describeAudit(request, {
      targetId: dealerId,
      targetName: dealer?.company_name || dealer?.full_name || null,
      ...extra,
    });
  };

  app.get(
    `${prefix}/dealers/:id/packages`,
    { schema: { tags, params: dealerParams, response: responds(200, z.array(dealerPackageSchema)) } },
    async (request, reply) => {
      await dealerForCaller(app.db, request.params.id, request.user!);
      return ok(reply, await list(request, request.params.id));
    },
  );

  app.put(
    `${prefix}/dealers/:id/packages/:packageId`,
    {
      schema: {
        tags,
        params: dealerPackageParams,
        body: singlePriceBody,
        response: responds(200, dealerPackageSchema),
      },
    },
    async (request, reply) => {
      const { id, packageId } = request.params;
      const { price, allow_below_cost: allowBelowCost } = request.body;
      await describeDealer(request, id, price === null ? {} : { amountCents: price });
      await writeDealerPrices(app.db, context(request, id, 'single', allowBelowCost), () => [
        { packageId, priceCents: price },
      ]);
      const [row] = await list(request, id, [packageId]);
      return ok(reply, row, price === null ? 'dealer_price_removed' : 'dealer_price_updated');
    },
  );

  app.put(
    `${prefix}/dealers/:id/packages`,
    { schema: { tags, params: dealerParams, body: bulkPriceBody, response: responds(200, dealerPricesUpdatedSchema) } },
    async (request, reply) => {
      const { id } = request.params;
      const { packages, allow_below_cost: allowBelowCost } = request.body;
      await describeDealer(request, id, { detail: String(packages.length) });
      const result = await writeDealerPrices(app.db, context(request, id, 'bulk', allowBelowCost), () =>
        packages.map((item) => ({ packageId: item.package_id, priceCents: item.price })),
      );
      return ok(reply, { changed: result.changed, packages: await list(request, id) }, 'dealer_prices_updated');
    },
  );

  if (audience !== 'admin') return;

  // Percentage repricing is the admin's only (the route table has no sales-manager twin).
  app.put(
    '/admin/dealers/:id/packages/percentage',
    {
      schema: {
        tags: ['admin'],
        params: dealerParams,
        body: percentageBody,
        response: responds(200, dealerPricesUpdatedSchema),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { percentage, package_ids: packageIds, allow_below_cost: allowBelowCost } = request.body;
      await describeDealer(request, id, { detail: String(percentage) });
      const result = await writeDealerPrices(app.db, context(request, id, 'percentage', allowBelowCost), (trx) =>
        percentageChanges(trx, percentageToHundredths(percentage), packageIds),
      );
      const rows = (await dealerPackages(app.db, id)).map((row) =>
        dealerPackageView(row, request.locale, { withCost: true }),
      );
      return ok(reply, { changed: result.changed, packages: rows }, 'dealer_prices_updated');
    },
  );

  app.get(
    '/admin/dealers/:id/price-history',
    {
      schema: {
        tags: ['admin'],
        params: dealerParams,
        querystring: listQuery(priceHistoryFilters, { id: numericId, search: false }),
        response: respondsList(priceHistoryEntrySchema),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await dealerForCaller(app.db, id, request.user!);
      const query = toListQuery(request.query);
      const base = app.db('price_history as h').where('h.dealer_id', id);
      if (query.filters.package_id) void base.where('h.package_id', query.filters.package_id);
      if (query.ids) void base.whereIn('h.id', query.ids);
      const [count] = await base.clone().count({ count: '*' });
      const rows = await base
        .leftJoin('packages as p', 'p.id', 'h.package_id')
        .select('h.*', 'p.code', 'p.name_tr', 'p.name_en')
        .orderBy('h.changed_at', query.sort?.order === 'ASC' ? 'asc' : 'desc')
        .orderBy('h.id', query.sort?.order === 'ASC' ? 'asc' : 'desc')
        .limit(query.limit)
        .offset(query.offset);
      const euros = (cents: number | null) => (cents === null ? null : centsToEuros(cents));
      const items = rows.map((row) => ({
        id: row.id,
        dealer_id: row.dealer_id,
        package_id: row.package_id,
        package_code: row.code,
        package_name: request.locale === 'tr' ? row.name_tr : row.name_en,
        old_price: euros(row.old_price_cents),
        new_price: euros(row.new_price_cents),
        source: row.source,
        changed_by: row.changed_by,
        changed_by_role: row.changed_by_role,
        changed_at: row.changed_at,
      }));
      return okList(reply, items, Number(count?.count ?? 0), query, 'price-history');
    },
  );
}
