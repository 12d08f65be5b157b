import {
  cardDetailSchema,
  cardSchema,
  listSchema,
  responds,
  serialRangePreviewSchema,
  successSchema,
} from '@esim/contracts';
import type { Knex } from 'knex';
import { z } from 'zod';
import { cardCount } from '../../cards/counts';
import {
  AppError,
  badRequest,
  countOf,
  describeAudit,
  ok,
  okList,
  publish,
  sortColumn,
  toListQuery,
  type CreatedServiceApp,
} from '@esim/platform';
import {
  CARD_STATUSES,
  cardById,
  changeStatus,
  deleteCard,
  deletionInfo,
  returnToAdmin,
  transferToDealer,
} from '../../cards/stock';
import { cardsWithOwner, cardUsageView, cardView, historyView } from '../../cards/views';
import { SERVICE } from '../../orders/orders';
import { readReturnSettings } from '../../returns/settings';
import {
  bulkDeleteBody,
  bulkDeleteResultSchema,
  bulkStatusResultSchema,
  deletedCardSchema,
  deletionInfoSchema,
  returnToAdminResultSchema,
  stockDashboardSchema,
  stockDayStatisticsSchema,
  stockSummaryRowSchema,
  transferResultSchema,
  bulkStatusBody,
  deleteBody,
  idParams,
  returnToAdminBody,
  searchQuery,
  serialRangeQuery,
  statisticsQuery,
  statusBody,
  stockQuery,
  transferBody,
} from '../../schemas';

const MAX_SERIAL_RANGE = 5000;
/** What cardView shows (not the deletion audit columns). */
const CARD_COLUMNS = [
  'id',
  'iccid',
  'serial_number',
  'eid',
  'package_id',
  'package_code',
  'package_name',
  'status',
  'owner_user_id',
  'import_id',
  'transferred_at',
  'created_at',
  'updated_at',
].map((c) => `c.${c}`);
const SORTS = {
  created_at: 'c.created_at',
  iccid: 'c.iccid',
  serial_number: 'c.serial_number',
  status: 'c.status',
  package_code: 'c.package_code',
  updated_at: 'c.updated_at',
};

/** Live cards whose serial number lies in a range: numerically, which for digit strings of one length is text order. */
const inSerialRange = (db: Knex | Knex.Transaction, from: string, to: string) =>
  db('cards')
    .whereNull('deleted_at')
    .whereRaw('length(serial_number) = ? AND serial_number BETWEEN ? AND ?', [from.length, from, to]);

/** Admin stock: lists, counts, status changes, transfers, deletion. */
export function stockRoutes(app: CreatedServiceApp): void {
  app.get(
    '/admin/physical-sim/stock',
    { schema: { response: { 200: listSchema(cardSchema) }, tags: ['admin'], querystring: stockQuery } },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const filters = query.filters;
      const base = app.db('cards as c').whereNull('c.deleted_at');
      if (query.status) void base.where('c.status', query.status);
      if (filters.package_id) void base.where('c.package_id', filters.package_id);
      if (filters.owner_user_id === 'admin') void base.whereNull('c.owner_user_id');
      else if (filters.owner_user_id) void base.where('c.owner_user_id', filters.owner_user_id);
      if (filters.import_id) void base.where('c.import_id', filters.import_id);
      if (query.ids) void base.whereIn('c.id', query.ids);
      if (query.search) {
        const prefix = query.search.replace(/[^\d]/g, '');
        if (prefix)
          void base.where(
            (w) => void w.where('c.iccid', 'like', `${prefix}%`).orWhere('c.serial_number', 'like', `${prefix}%`),
          );
        else void base.whereRaw('false');
      }
      if (query.startDate) void base.where('c.created_at', '>=', query.startDate);
      if (query.endDate) void base.whereRaw(`c.created_at < (?::date + 1)`, [query.endDate]);
      const sort = sortColumn(query, SORTS, { column: 'c.created_at', order: 'DESC' });
      // Status / package / owner filters only (the usual screens): the exact total from the maintained counts.
      const countable = !filters.import_id && !query.ids && !query.search && !query.startDate && !query.endDate;
      const count = countable
        ? await cardCount(app.db, {
            status: query.status,
            packageId: filters.package_id,
            owner: filters.owner_user_id === 'admin' ? null : (filters.owner_user_id ?? undefined),
          })
        : await countOf(base);
      const rows = await base
        .leftJoin('dealers as d', 'd.dealer_id', 'c.owner_user_id')
        .select(...CARD_COLUMNS, app.db.raw('COALESCE(d.company_name, d.full_name) AS owner_name'))
        .orderBy([
          { column: sort.column, order: sort.order },
          { column: 'c.id', order: sort.order },
        ])
        .limit(query.limit)
        .offset(query.offset);
      const { return_window_days: days } = await readReturnSettings(app.db);
      return okList(
        reply,
        rows.map((c) => cardView(c, days)),
        Number(count),
        query,
        'stock',
      );
    },
  );

  app.get(
    '/admin/physical-sim/stock/search',
    { schema: { response: { 200: successSchema(z.array(cardSchema)) }, tags: ['admin'], querystring: searchQuery } },
    async (request, reply) => {
      const { q, limit } = request.query;
      const rows = await cardsWithOwner(app.db)
        .where((w) => void w.where('c.iccid', 'like', `${q}%`).orWhere('c.serial_number', 'like', `${q}%`))
        .orderBy('c.serial_number')
        .limit(limit);
      const { return_window_days: days } = await readReturnSettings(app.db);
      return ok(
        reply,
        rows.map((c) => cardView(c, days)),
      );
    },
  );

  app.get(
    '/admin/physical-sim/stock/dashboard',
    { schema: { tags: ['admin'], response: responds(200, stockDashboardSchema) } },
    async (_request, reply) => {
      // Totals from the maintained counts (no pass over every card).
      const byStatus = (await app
        .db('card_counts')
        .groupBy('status')
        .select('status', app.db.raw('sum(n) AS count'))) as Array<{ status: string; count: string }>;
      const counts = Object.fromEntries(CARD_STATUSES.map((s) => [s, 0])) as Record<string, number>;
      for (const row of byStatus) counts[row.status] = Number(row.count);
      const [adminStock, dealerStock, pendingOrders, pendingReturns, runningImports] = await Promise.all([
        cardCount(app.db, { status: 'in_stock', owner: null }),
        app.db('card_counts').whereNotNull('owner_user_id').sum({ count: 'n' }) as Promise<
          Array<{ count: string | null }>
        >,
        app.db('orders').where({ status: 'pending' }).count<{ count: string }[]>('* as count'),
        app.db('returns').where({ status: 'pending' }).count<{ count: string }[]>('* as count'),
        app.db('import_jobs').whereIn('status', ['queued', 'processing']).count<{ count: string }[]>('* as count'),
      ]);
      return ok(reply, {
        total: Object.values(counts).reduce((a, b) => a + b, 0),
        by_status: counts,
        admin_stock: adminStock,
        dealer_stock: Number(dealerStock[0]?.count ?? 0),
        pending_orders: Number(pendingOrders[0]!.count),
        pending_returns: Number(pendingReturns[0]!.count),
        running_imports: Number(runningImports[0]!.count),
      });
    },
  );

  // Per day: imported, transferred (admin transfers and approved orders), sold, returned.
  app.get(
    '/admin/physical-sim/stock/statistics',
    {
      schema: {
        tags: ['admin'],
        querystring: statisticsQuery,
        response: responds(200, z.array(stockDayStatisticsSchema)),
      },
    },
    async (request, reply) => {
      const { days, start_date: start, end_date: end } = request.query;
      const rows = await app.db.raw(
        `WITH bounds AS (SELECT COALESCE(?::date, COALESCE(?::date, current_date) - (? - 1)) AS first, COALESCE(?::date, current_date) AS last),
       days AS (SELECT generate_series(first, last, interval '1 day')::date AS day FROM bounds)
       SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
              (SELECT count(*) FROM cards c WHERE c.created_at >= d.day AND c.created_at < d.day + 1) AS imported,
              count(h.id) FILTER (WHERE h.action IN ('transferred', 'sold_to_dealer')) AS transferred,
              count(h.id) FILTER (WHERE h.action = 'sold_to_dealer' OR (h.action = 'status_changed' AND h.to_status = 'sold')) AS sold,
              count(h.id) FILTER (WHERE h.action IN ('return_approved', 'returned_to_admin')) AS returned
       FROM days d LEFT JOIN card_history h ON h.created_at >= d.day AND h.created_at < d.day + 1
       GROUP BY d.day ORDER BY d.day`,
        [start ?? null, end ?? null, days, end ?? null],
      );
      return ok(
        reply,
        (rows.rows as Array<Record<string, string>>).map((r) => ({
          date: r.date,
          imported: Number(r.imported),
          transferred: Number(r.transferred),
          sold: Number(r.sold),
          returned: Number(r.returned),
        })),
      );
    },
  );

  app.get(
    '/admin/physical-sim/stock/summary',
    { schema: { tags: ['admin'], response: responds(200, z.array(stockSummaryRowSchema)) } },
    async (_request, reply) => {
      const rows = (await app
        .db('cards as c')
        .whereNull('c.deleted_at')
        .leftJoin('dealers as d', 'd.dealer_id', 'c.owner_user_id')
        .groupBy('c.status', 'c.package_id', 'c.package_code', 'c.owner_user_id', 'd.company_name', 'd.full_name')
        .orderBy(['c.package_code', 'c.status'])
        .select(
          'c.status',
          'c.package_id',
          'c.package_code',
          'c.owner_user_id',
          app.db.raw('COALESCE(d.company_name, d.full_name) AS owner_name'),
        )
        .count('* as count')) as Array<Record<string, string | null>>;
      return ok(
        reply,
        rows.map((r) => ({
          status: r.status,
          package_id: r.package_id,
          package_code: r.package_code,
          owner_user_id: r.owner_user_id,
          owner_name: r.owner_name,
          count: Number(r.count),
        })),
      );
    },
  );

  // What a serial-range transfer would move, so the admin sees it before anything moves (the transfer is all or nothing).
  app.get(
    '/admin/physical-sim/stock/transfer-preview',
    { schema: { tags: ['admin'], querystring: serialRangeQuery, response: responds(200, serialRangePreviewSchema) } },
    async (request, reply) => {
      const { serial_from: from, serial_to: to } = request.query;
      const [totals] = (await inSerialRange(app.db, from, to).select(
        app.db.raw('count(*)::int AS total'),
        app.db.raw(`count(*) FILTER (WHERE status = 'in_stock' AND owner_user_id IS NULL)::int AS transferable`),
        app.db.raw('min(serial_number) AS first_serial'),
        app.db.raw('max(serial_number) AS last_serial'),
      )) as Array<{ total: number; transferable: number; first_serial: string | null; last_serial: string | null }>;
      const [blocked, packages] = await Promise.all([
        inSerialRange(app.db, from, to)
          .where((w) => void w.whereNot('status', 'in_stock').orWhereNotNull('owner_user_id'))
          .orderBy('serial_number')
          .limit(20)
          .pluck('serial_number') as Promise<string[]>,
        inSerialRange(app.db, from, to)
          .groupBy('package_id', 'package_code', 'package_name')
          .orderBy('package_code')
          .select('package_id', 'package_code', 'package_name', app.db.raw('count(*)::int AS count')) as Promise<
          Array<{ package_id: string; package_code: string; package_name: string; count: number }>
        >,
      ]);
      return ok(reply, {
        serial_from: from,
        serial_to: to,
        total: totals!.total,
        transferable: totals!.transferable,
        blocked_serials: blocked,
        first_serial: totals!.first_serial,
        last_serial: totals!.last_serial,
        packages,
        max: MAX_SERIAL_RANGE,
      });
    },
  );

  app.get(
    '/admin/physical-sim/stock/:id',
    { schema: { response: { 200: successSchema(cardDetailSchema) }, tags: ['admin'], params: idParams } },
    async (request, reply) => {
      await cardById(app.db, request.params.id);
      const card = await cardsWithOwner(app.db).where('c.id', request.params.id).first();
      const [history, bundle, settings] = await Promise.all([
        app.db('card_history').where({ card_id: request.params.id }).orderBy('id', 'desc').limit(200),
        app.db('card_bundles').where({ card_id: request.params.id }).first(),
        readReturnSettings(app.db),
      ]);
      return ok(reply, {
        ...cardView(card, settings.return_window_days),
        history: history.map(historyView),
        usage: bundle ? cardUsageView(bundle) : null,
      });
    },
  );

  app.get(
    '/admin/physical-sim/stock/:id/deletion-info',
    { schema: { tags: ['admin'], params: idParams, response: responds(200, deletionInfoSchema) } },
    async (request, reply) => ok(reply, await deletionInfo(app.db, request.params.id)),
  );

  app.put(
    '/admin/physical-sim/stock/:id/status',
    { schema: { response: { 200: successSchema(cardSchema) }, tags: ['admin'], params: idParams, body: statusBody } },
    async (request, reply) => {
      await cardById(app.db, request.params.id);
      const [result] = await app.db.transaction((trx) =>
        changeStatus(trx, [request.params.id], request.body.status, request.user!.id, request.body.reason ?? null),
      );
      if (!result!.ok)
        throw new AppError(409, 'card_transition_not_allowed', {
          params: { from: result!.from ?? '', to: request.body.status },
        });
      const card = await cardsWithOwner(app.db).where('c.id', request.params.id).first();
      const { return_window_days: days } = await readReturnSettings(app.db);
      describeAudit(request, { targetId: card.id, targetName: card.serial_number, detail: request.body.status });
      return ok(reply, cardView(card, days), 'card_status_updated');
    },
  );

  app.put(
    '/admin/physical-sim/stock/bulk-status-update',
    { schema: { tags: ['admin'], body: bulkStatusBody, response: responds(200, bulkStatusResultSchema) } },
    async (request, reply) => {
      const results = await app.db.transaction((trx) =>
        changeStatus(trx, request.body.card_ids, request.body.status, request.user!.id, request.body.reason ?? null),
      );
      const updated = results.filter((r) => r.ok).length;
      describeAudit(request, { targetName: String(updated), detail: request.body.status });
      return ok(reply, {
        updated,
        failed: results.filter((r) => !r.ok).length,
        results,
      });
    },
  );

  app.post(
    '/admin/physical-sim/stock/transfer-to-dealer',
    { schema: { tags: ['admin'], body: transferBody, response: responds(200, transferResultSchema) } },
    async (request, reply) => {
      const body = request.body;
      const dealer = await app
        .db('dealers')
        .where({ dealer_id: body.dealer_id })
        .whereNull('deleted_at')
        .first('dealer_id', 'status', 'company_name', 'full_name');
      if (!dealer) throw badRequest('validation_error', [{ path: 'dealer_id', message: 'dealer_not_found' }]);
      const ids = await app.db.transaction(async (trx) => {
        let cardIds = body.card_ids ?? [];
        if (!body.card_ids) {
          // A serial range: the admin-stock cards whose serial number lies in it (numerically, same length).
          const rows = await inSerialRange(trx, body.serial_from!, body.serial_to!)
            .orderBy('serial_number')
            .limit(MAX_SERIAL_RANGE + 1)
            .select('id');
          if (rows.length > MAX_SERIAL_RANGE)
            throw badRequest('serial_range_too_large', [{ path: 'serial_to', message: 'serial_range_too_large' }]);
          if (rows.length === 0)
            throw badRequest('validation_error', [{ path: 'serial_from', message: 'card_not_found' }]);
          cardIds = rows.map((r: { id: string }) => r.id);
        }
        const moved = await transferToDealer(
          trx,
          [...new Set(cardIds)],
          body.dealer_id,
          request.user!.id,
          body.reason ?? null,
        );
        await publish(trx, SERVICE, {
          type: 'physical-sim.stock.transferred',
          aggregateId: body.dealer_id,
          payload: { cardIds: moved, dealerId: body.dealer_id, by: request.user!.id },
        });
        return moved;
      });
      const dealerName = dealer.company_name || dealer.full_name || null;
      describeAudit(request, { targetId: body.dealer_id, targetName: dealerName, detail: String(ids.length) });
      return ok(reply, { transferred: ids.length, card_ids: ids, dealer_id: body.dealer_id }, 'cards_transferred');
    },
  );

  app.post(
    '/admin/physical-sim/stock/return-to-admin',
    { schema: { tags: ['admin'], body: returnToAdminBody, response: responds(200, returnToAdminResultSchema) } },
    async (request, reply) => {
      const count = await app.db.transaction(async (trx) => {
        const byDealer = await returnToAdmin(trx, request.body.card_ids, request.user!.id, request.body.reason ?? null);
        for (const [dealerId, cardIds] of byDealer) {
          await publish(trx, SERVICE, {
            type: 'physical-sim.stock.returned-to-admin',
            aggregateId: dealerId,
            payload: { cardIds, dealerId, by: request.user!.id },
          });
        }
        return request.body.card_ids.length;
      });
      describeAudit(request, { targetName: String(count) });
      return ok(reply, { returned: count, card_ids: request.body.card_ids }, 'cards_returned_to_admin');
    },
  );

  app.delete(
    '/admin/physical-sim/stock/:id',
    { schema: { tags: ['admin'], params: idParams, body: deleteBody, response: responds(200, deletedCardSchema) } },
    async (request, reply) => {
      const serial = await app.db.transaction((trx) =>
        deleteCard(trx, request.params.id, request.user!.id, request.body.reason),
      );
      describeAudit(request, { targetId: request.params.id, targetName: serial });
      return ok(reply, { id: request.params.id, deleted: true }, 'card_deleted');
    },
  );

  // A result per card: the deletable ones go, the others say why not.
  app.post(
    '/admin/physical-sim/stock/bulk-delete',
    { schema: { tags: ['admin'], body: bulkDeleteBody, response: responds(200, bulkDeleteResultSchema) } },
    async (request, reply) => {
      const results: Array<{ id: string; ok: boolean; code: string; reasons?: string[] }> = [];
      for (const id of request.body.card_ids) {
        try {
          await app.db.transaction((trx) => deleteCard(trx, id, request.user!.id, request.body.reason));
          results.push({ id, ok: true, code: 'card_deleted' });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({
            id,
            ok: false,
            code: error.code,
            ...(error.options.params?.reasons ? { reasons: String(error.options.params.reasons).split(', ') } : {}),
          });
        }
      }
      const deleted = results.filter((r) => r.ok).length;
      reply.request.log.info({ deleted }, 'bulk delete');
      describeAudit(request, { targetName: String(deleted) });
      return ok(reply, { deleted, failed: results.length - deleted, results }, 'cards_deleted');
    },
  );
}
