import { listSchema, physicalOrderSchema, physicalReturnSchema, responds, successSchema } from '@esim/contracts';
import { countOf, notFound, ok, okList, toListQuery, type CreatedServiceApp } from '@esim/platform';
import type { Knex } from 'knex';
import { cardIdsOf, cardsOf } from '../../cards/views';
import { approveOrder, orderView, rejectOrder, type OrderRow } from '../../orders/orders';
import {
  AUTO_APPROVE_SETTING,
  approveReturn,
  rejectReturn,
  returnView,
  autoApproveReturns,
  type ReturnRow,
} from '../../returns/returns';
import { approvalListQuery, idParams, rejectBody, settingsBody, settingsSchema } from '../../schemas';

export const dealerOf = async (db: Knex, id: string) =>
  (await db('dealers').where({ dealer_id: id }).first('full_name', 'company_name')) as
    { full_name: string | null; company_name: string | null } | undefined;

/** Admin approvals of dealer orders and returns; two admins at once: the row lock lets exactly one win. */
export function approvalRoutes(app: CreatedServiceApp): void {
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
      return ok(
        reply,
        orderView(order, { cardIds: await cardIdsOf(app.db, order.id), locale: request.locale }),
        'order_approved',
      );
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
      return ok(reply, orderView(order, { locale: request.locale }), 'order_rejected');
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
      return ok(reply, returnView(row, await cardsOf(app.db, 'return_cards', 'return_id', row.id)), 'return_approved');
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
      return ok(reply, returnView(row, await cardsOf(app.db, 'return_cards', 'return_id', row.id)), 'return_rejected');
    },
  );

  app.get(
    '/admin/physical-sim/settings',
    { schema: { tags: ['admin'], response: responds(200, settingsSchema) } },
    async (_request, reply) => ok(reply, { auto_approve_unactivated_returns: await autoApproveReturns(app.db) }),
  );

  app.put(
    '/admin/physical-sim/settings',
    { schema: { tags: ['admin'], body: settingsBody, response: responds(200, settingsSchema) } },
    async (request, reply) => {
      await app
        .db('settings')
        .insert({
          key: AUTO_APPROVE_SETTING,
          value: JSON.stringify(request.body.auto_approve_unactivated_returns),
          updated_by: request.user!.id,
        })
        .onConflict('key')
        .merge(['value', 'updated_by', 'updated_at']);
      return ok(reply, { auto_approve_unactivated_returns: await autoApproveReturns(app.db) }, 'settings_updated');
    },
  );
}
