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
  decideEach,
  describeAudit,
  ok,
  okList,
  toListQuery,
  type CreatedServiceApp,
} from '@esim/platform';
import type { FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import {
  adminOrder,
  adminReturn,
  decidedOrderView,
  decidedReturn,
  pendingOrders,
  pendingReturns,
} from '../../orders/approvals';
import { approveOrder, orderView, rejectOrder, type OrderRow } from '../../orders/orders';
import { approveReturn, rejectReturn, type ReturnRow } from '../../returns/returns';
import { readReturnSettings, returnSettingsView, writeReturnSettings } from '../../returns/settings';
import { approvalListQuery, idParams, rejectBody, settingsBody } from '../../schemas';

/** Admin approvals of dealer orders and returns; two admins at once: the row lock lets exactly one win. */
export function approvalRoutes(app: CreatedServiceApp): void {
  // A return has no number: its audit entry names the dealer, the refund and how many cards came back.
  const describedReturn = async (request: FastifyRequest, row: ReturnRow) => {
    const { view, dealerName, cards } = await decidedReturn(app.db, row);
    describeAudit(request, {
      targetId: row.id,
      targetName: dealerName,
      amountCents: row.refund_cents,
      detail: String(cards),
    });
    return view;
  };

  app.get(
    '/admin/physical-sim/orders/pending',
    { schema: { response: { 200: listSchema(physicalOrderSchema) }, tags: ['admin'], querystring: approvalListQuery } },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const { orders, total } = await pendingOrders(app.db, query, request.locale);
      return okList(reply, orders, total, query, 'orders');
    },
  );

  app.get(
    '/admin/physical-sim/orders/:id',
    { schema: { response: { 200: successSchema(physicalOrderSchema) }, tags: ['admin'], params: idParams } },
    async (request, reply) => ok(reply, await adminOrder(app.db, request.params.id, request.locale)),
  );

  app.post(
    '/admin/physical-sim/orders/:id/approve',
    { schema: { response: { 200: successSchema(physicalOrderSchema) }, tags: ['admin'], params: idParams } },
    async (request, reply) => {
      const order = await app.db.transaction((trx) => approveOrder(trx, request.params.id, request.user!.id));
      const view = await decidedOrderView(app.db, order, request.locale);
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
      const { returns, total } = await pendingReturns(app.db, query);
      return okList(reply, returns, total, query, 'returns');
    },
  );

  app.get(
    '/admin/physical-sim/returns/:id',
    { schema: { response: { 200: successSchema(physicalReturnSchema) }, tags: ['admin'], params: idParams } },
    async (request, reply) => ok(reply, await adminReturn(app.db, request.params.id)),
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
