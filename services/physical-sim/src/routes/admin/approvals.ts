import {
  bulkApproveBody,
  bulkDecisionResultSchema,
  bulkRejectBody,
  listSchema,
  physicalOrderSchema,
  physicalReturnSchema,
  responds,
  returnSettingsSchema,
  successSchema,
} from '@esim/contracts';
import {
  alreadyDecidedAs,
  countOf,
  decideEach,
  describeAudit,
  notFound,
  ok,
  okList,
  toListQuery,
  type CreatedServiceApp,
} from '@esim/platform';
import type { FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { cardIdsOf, cardsOf } from '../../cards/views';
import { approveOrder, orderView, rejectOrder, type OrderRow } from '../../orders/orders';
import { approveReturn, rejectReturn, returnView, type ReturnRow } from '../../returns/returns';
import { readReturnSettings, returnSettingsView, writeReturnSettings } from '../../returns/settings';
import { approvalListQuery, idParams, rejectBody, settingsBody } from '../../schemas';

export const dealerOf = async (db: Knex, id: string) =>
  (await db('dealers').where({ dealer_id: id }).first('full_name', 'company_name')) as
    { full_name: string | null; company_name: string | null } | undefined;

/** Admin approvals of dealer orders and returns; two admins at once: the row lock lets exactly one win. */
export function approvalRoutes(app: CreatedServiceApp): void {
  // A return has no number: its audit entry names the dealer, the refund and how many cards came back.
  const describedReturn = async (request: FastifyRequest, row: ReturnRow) => {
    const cards = await cardsOf(app.db, 'return_cards', 'return_id', row.id);
    const dealer = await dealerOf(app.db, row.user_id);
    const name = dealer?.company_name || dealer?.full_name || null;
    const count = String(cards.length);
    describeAudit(request, { targetId: row.id, targetName: name, amountCents: row.refund_cents, detail: count });
    return returnView(row, cards);
  };

  const pendingList = (table: 'orders' | 'returns') => async (query: ReturnType<typeof toListQuery>) => {
    const base = app.db(table);
    // react-admin's getMany names its ids (filter={"id":[...]}): those rows whatever their status, pending only without ids.
    if (query.ids) void base.whereIn('id', query.ids).whereNot({ status: 'placing' });
    if (query.status || !query.ids) void base.where({ status: query.status ?? 'pending' });
    const count = await countOf(base);
    const rows = await base.orderBy('created_at', 'asc').limit(query.limit).offset(query.offset).select('*');
    const dealerRows = (await app
      .db('dealers')
      .whereIn(
        'dealer_id',
        rows.map((r: { user_id: string }) => r.user_id),
      )
      .select('*')) as Array<{ dealer_id: string; full_name: string | null; company_name: string | null }>;
    const dealers = new Map(dealerRows.map((d) => [d.dealer_id, d]));
    return { rows, total: Number(count), dealers };
  };

  app.get(
    '/admin/physical-sim/orders/pending',
    { schema: { response: { 200: listSchema(physicalOrderSchema) }, tags: ['admin'], querystring: approvalListQuery } },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const { rows, total, dealers } = await pendingList('orders')(query);
      return okList(
        reply,
        (rows as OrderRow[]).map((o) => orderView(o, { dealer: dealers.get(o.user_id), locale: request.locale })),
        total,
        query,
        'orders',
      );
    },
  );

  app.get(
    '/admin/physical-sim/orders/:id',
    { schema: { response: { 200: successSchema(physicalOrderSchema) }, tags: ['admin'], params: idParams } },
    async (request, reply) => {
      // A placing order is not an order yet (its hold is being asked for): not found until it is pending.
      const order = (await app
        .db('orders')
        .where({ id: request.params.id })
        .whereNot({ status: 'placing' })
        .first()) as OrderRow | undefined;
      if (!order) throw notFound('order_not_found');
      return ok(
        reply,
        orderView(order, {
          cardIds: await cardIdsOf(app.db, order.id),
          locale: request.locale,
          dealer: await dealerOf(app.db, order.user_id),
        }),
      );
    },
  );

  app.post(
    '/admin/physical-sim/orders/:id/approve',
    { schema: { response: { 200: successSchema(physicalOrderSchema) }, tags: ['admin'], params: idParams } },
    async (request, reply) => {
      const order = await app.db.transaction((trx) => approveOrder(trx, request.params.id, request.user!.id));
      const view = orderView(order, { cardIds: await cardIdsOf(app.db, order.id), locale: request.locale });
      describeAudit(request, { targetId: order.id, targetName: view.order_number, amountCents: order.total_cents });
      return ok(reply, view, 'order_approved');
    },
  );

  app.post(
    '/admin/physical-sim/orders/:id/reject',
    {
      schema: {
        response: { 200: successSchema(physicalOrderSchema) },
        tags: ['admin'],
        params: idParams,
        body: rejectBody,
      },
    },
    async (request, reply) => {
      const order = await app.db.transaction((trx) =>
        rejectOrder(trx, request.params.id, request.user!.id, request.body?.reason ?? null),
      );
      const view = orderView(order, { locale: request.locale });
      describeAudit(request, { targetId: order.id, targetName: view.order_number, amountCents: order.total_cents });
      return ok(reply, view, 'order_rejected');
    },
  );

  app.get(
    '/admin/physical-sim/returns/pending',
    {
      schema: { response: { 200: listSchema(physicalReturnSchema) }, tags: ['admin'], querystring: approvalListQuery },
    },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const { rows, total, dealers } = await pendingList('returns')(query);
      const items = await Promise.all(
        (rows as ReturnRow[]).map(async (r) =>
          returnView(r, await cardsOf(app.db, 'return_cards', 'return_id', r.id), dealers.get(r.user_id)),
        ),
      );
      return okList(reply, items, total, query, 'returns');
    },
  );

  app.get(
    '/admin/physical-sim/returns/:id',
    { schema: { response: { 200: successSchema(physicalReturnSchema) }, tags: ['admin'], params: idParams } },
    async (request, reply) => {
      const row = (await app.db('returns').where({ id: request.params.id }).first()) as ReturnRow | undefined;
      if (!row) throw notFound('return_not_found');
      return ok(
        reply,
        returnView(
          row,
          await cardsOf(app.db, 'return_cards', 'return_id', row.id),
          await dealerOf(app.db, row.user_id),
        ),
      );
    },
  );

  app.post(
    '/admin/physical-sim/returns/:id/approve',
    { schema: { response: { 200: successSchema(physicalReturnSchema) }, tags: ['admin'], params: idParams } },
    async (request, reply) => {
      const row = await app.db.transaction((trx) => approveReturn(trx, request.params.id, request.user!.id));
      return ok(reply, await describedReturn(request, row), 'return_approved');
    },
  );

  app.post(
    '/admin/physical-sim/returns/:id/reject',
    {
      schema: {
        response: { 200: successSchema(physicalReturnSchema) },
        tags: ['admin'],
        params: idParams,
        body: rejectBody,
      },
    },
    async (request, reply) => {
      const row = await app.db.transaction((trx) =>
        rejectReturn(trx, request.params.id, request.user!.id, request.body?.reason ?? null),
      );
      return ok(reply, await describedReturn(request, row), 'return_rejected');
    },
  );

  // Each order or return by the single decision's rule in its own transaction: its row lock decides it once,
  // even against a racing bulk; one decided so before answers `already`, one decided otherwise is refused.
  type Decided = OrderRow | ReturnRow;
  type Decide = (trx: Knex.Transaction, id: string, adminId: string) => Promise<Decided>;
  type Refuse = (trx: Knex.Transaction, id: string, adminId: string, reason: string) => Promise<Decided>;
  const centsOf = (row: Decided) => ('total_cents' in row ? row.total_cents : row.refund_cents);
  const decisions: ReadonlyArray<{ kind: 'orders' | 'returns'; approve: Decide; reject: Refuse; notPending: string }> =
    [
      { kind: 'orders', approve: approveOrder, reject: rejectOrder, notPending: 'order_not_pending' },
      { kind: 'returns', approve: approveReturn, reject: rejectReturn, notPending: 'return_not_pending' },
    ];
  for (const { kind, approve, reject, notPending } of decisions) {
    const noun = kind === 'orders' ? 'order' : 'return';
    // The bulk's audit entry names how many were decided and the money they moved.
    const decideOnce = async (decide: () => Promise<Decided>, as: string, moved: { cents: number }) => {
      try {
        moved.cents += centsOf(await decide());
        return 'decided' as const;
      } catch (error) {
        if (alreadyDecidedAs(error, notPending, as)) return 'already' as const;
        throw error;
      }
    };
    app.post(
      `/admin/physical-sim/${kind}/bulk-approve`,
      { schema: { tags: ['admin'], body: bulkApproveBody, response: responds(200, bulkDecisionResultSchema) } },
      async (request, reply) => {
        const moved = { cents: 0 };
        const result = await decideEach(request.body.ids, request.locale, `${noun}_approved`, (id) =>
          decideOnce(() => app.db.transaction((trx) => approve(trx, id, request.user!.id)), 'approved', moved),
        );
        describeAudit(request, { targetName: String(result.decided), amountCents: moved.cents });
        return ok(reply, result);
      },
    );
    app.post(
      `/admin/physical-sim/${kind}/bulk-reject`,
      { schema: { tags: ['admin'], body: bulkRejectBody, response: responds(200, bulkDecisionResultSchema) } },
      async (request, reply) => {
        const moved = { cents: 0 };
        const result = await decideEach(request.body.ids, request.locale, `${noun}_rejected`, (id) =>
          decideOnce(
            () => app.db.transaction((trx) => reject(trx, id, request.user!.id, request.body.reason)),
            'rejected',
            moved,
          ),
        );
        describeAudit(request, { targetName: String(result.decided), amountCents: moved.cents });
        return ok(reply, result);
      },
    );
  }

  app.get(
    '/admin/physical-sim/settings',
    { schema: { tags: ['admin'], response: responds(200, returnSettingsSchema) } },
    async (_request, reply) => ok(reply, returnSettingsView(await readReturnSettings(app.db))),
  );

  // Written at once to the one row every return and card view reads; the platform audits the write.
  app.put(
    '/admin/physical-sim/settings',
    { schema: { tags: ['admin'], body: settingsBody, response: responds(200, returnSettingsSchema) } },
    async (request, reply) => {
      const row = await app.db.transaction((trx) => writeReturnSettings(trx, request.body, request.user!.id));
      return ok(reply, returnSettingsView(row), 'settings_updated');
    },
  );
}
