import {
  centsToEuros,
  collectionLogSchema,
  collectionResultSchema,
  fileResponse,
  positiveEuroAmount,
  responds,
  respondsList,
  salesManagerFiguresSchema,
  USER_TYPE,
  type ListQuery,
} from '@esim/contracts';
import {
  describeAudit,
  idempotentReply,
  istanbulDate,
  listQuery,
  ok,
  okList,
  toListQuery,
  type CreatedServiceApp,
} from '@esim/platform';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  allCollectionLogs,
  collectFromSalesManager,
  collectionLogs,
  salesManagerFigures,
  type CollectionLogFilter,
} from '../../collections/collections';
import { collectionLogsCsv } from '../../collections/csv';
import type { BalanceContext } from '../../context';
import { assertAccountKind } from '../../clients/auth';
import { idempotencyHeaders, idsParam, note, personId } from '../../schemas';

const adminCollectBody = z.object({ sales_manager_id: personId, amount: positiveEuroAmount, note });
// Logs hold ids, amounts and notes only (names come from elsewhere): nothing to search, so q/search are refused.
const logsQuery = listQuery(
  {
    kind: z.enum(['dealer-to-sales-manager', 'sales-manager-to-company']),
    sales_manager_id: personId,
    dealer_id: personId,
  },
  { search: false },
);
const balancesQuery = z.object({ ids: idsParam });
const collectionLogTotals = {
  amount: z.number(),
  amount_cents: z.number().int(),
  /** Cash dealers handed to sales managers, and cash sales managers handed to the company. */
  dealer_collections_cents: z.number().int(),
  handovers_cents: z.number().int(),
};

/** Log filters from the shop's own list parameters or react-admin's `filter` (one schema checks both). */
function logFilterOf(
  query: ListQuery<{ kind: CollectionLogFilter['kind']; sales_manager_id: string; dealer_id: string }>,
): CollectionLogFilter {
  return {
    startDate: query.startDate,
    endDate: query.endDate,
    kind: query.filters.kind,
    salesManagerId: query.filters.sales_manager_id,
    dealerId: query.filters.dealer_id,
  };
}

/** What either collect form (this one and the sales manager's) hands the ledger besides who pays whom: amount, note, the caller, the key. */
export function collectInputOf(
  request: FastifyRequest<{ Body: { amount: number; note: string | null } }>,
  idempotencyKey: string,
) {
  return {
    amountCents: request.body.amount,
    note: request.body.note,
    actor: { id: request.user!.id, role: request.user!.role },
    idempotencyKey,
    correlationId: String(request.id),
  };
}

/** The admin collects cash from sales managers and reads every collection log. */
export function collectionRoutes(app: CreatedServiceApp, ctx: BalanceContext): void {
  app.get(
    '/admin/sales-managers/balances',
    {
      schema: {
        tags: ['admin'],
        querystring: balancesQuery,
        response: responds(200, z.array(salesManagerFiguresSchema)),
      },
    },
    async (request, reply) => {
      const ids =
        request.query.ids ??
        ((await app
          .db('parties')
          .where({ user_type: USER_TYPE.salesManager })
          .whereNull('deleted_at')
          .orderBy('id')
          .limit(1000)
          .pluck('id')) as string[]);
      return ok(reply, await salesManagerFigures(app.db, ids));
    },
  );

  app.post(
    '/admin/sales-managers/collect',
    {
      schema: {
        tags: ['admin'],
        body: adminCollectBody,
        headers: idempotencyHeaders,
        response: responds(201, collectionResultSchema),
      },
    },
    async (request, reply) => {
      // A dealer's id here is a mistake to name, not 'more than the cash held'.
      const { name } = await assertAccountKind(app.db, ctx.accounts, {
        id: request.body.sales_manager_id,
        kind: 'sales-manager',
        field: 'sales_manager_id',
        locale: request.locale,
        requestId: String(request.id),
      });
      describeAudit(request, {
        targetId: request.body.sales_manager_id,
        targetName: name,
        amountCents: request.body.amount,
      });
      return idempotentReply(
        app.db,
        request,
        reply,
        { scope: 'cash-handover', code: 'collection_recorded', status: 201 },
        (trx, key) =>
          collectFromSalesManager(trx, {
            ...collectInputOf(request, key),
            salesManagerId: request.body.sales_manager_id,
          }),
      );
    },
  );

  app.get(
    '/admin/collection-logs',
    {
      schema: {
        tags: ['admin'],
        querystring: logsQuery,
        response: respondsList(collectionLogSchema, collectionLogTotals),
      },
    },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const { items, total, amountCents, dealerCents, handoverCents } = await collectionLogs(
        app.db,
        query,
        logFilterOf(query),
      );
      // The sum of every page, so the screen's total for a date range needs no second call.
      return okList(reply, items, total, query, 'collection-logs', {
        amount: centsToEuros(amountCents),
        amount_cents: amountCents,
        dealer_collections_cents: dealerCents,
        handovers_cents: handoverCents,
      });
    },
  );

  app.get(
    '/admin/collection-logs/export',
    {
      schema: {
        tags: ['admin'],
        querystring: logsQuery,
        response: { 200: fileResponse('text/csv', 'The matching logs as CSV (UTF-8)') },
      },
    },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const filter = logFilterOf(query);
      const logs = await allCollectionLogs(app.db, filter);
      const span = [filter.startDate, filter.endDate].filter(Boolean).join('_') || istanbulDate();
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="tahsilat-kayitlari-${span}.csv"`)
        .send(collectionLogsCsv(logs));
    },
  );
}
