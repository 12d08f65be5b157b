import {
  accountNameSchema,
  adminSalesSchema,
  adminTopUpSchema,
  bulkApproveBody,
  bulkDecisionResultSchema,
  bulkRejectBody,
  positiveEuroAmount,
  responds,
  respondsList,
  statusFilter,
  topUpSchema,
} from '@esim/contracts';
import {
  AppError,
  decideEach,
  describeAudit,
  listQuery,
  ok,
  okList,
  toListQuery,
  type CreatedServiceApp,
} from '@esim/platform';
import { z } from 'zod';
import type { BalanceContext } from '../../context';
import { partiesByIds } from '../../parties/parties';
import { idsParam } from '../../schemas';
import { adminSales } from '../../sales/sales';
import { readShopSettings, retypeRequired } from '../../settings/shop-settings';
import { confirmTopUp, listTopUps, rejectTopUp } from '../../top-ups/top-ups';

const topUpsQuery = listQuery({
  status: statusFilter(['pending', 'confirmed', 'rejected', 'expired']),
  /** Part of the customer's name, company or e-mail. */
  customer: z.string().trim().min(1).max(200),
});
const idParams = z.object({ id: z.uuid() });
const rejectBody = z.object({ reason: z.string().trim().max(500).nullish() }).nullish();
/** The amount typed again, in euros: required above the shop's threshold, and then it must be the top-up's. */
const confirmBody = z.object({ amount: positiveEuroAmount.optional() }).nullish();

/** The admin's side of bank-transfer top-ups (see what is pending, confirm the money arrived, or reject) and the home's sales figures. */
export function topUpRoutes(app: CreatedServiceApp, ctx: BalanceContext): void {
  app.get(
    '/admin/top-ups',
    { schema: { tags: ['admin'], querystring: topUpsQuery, response: respondsList(adminTopUpSchema) } },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const [{ items, total }, settings] = await Promise.all([
        listTopUps(app.db, query, { status: query.status, customer: query.filters.customer }),
        readShopSettings(app.db, ctx.shop),
      ]);
      // Who asked: the balance service's own copy of people (from auth events), so the admin need not look each one up.
      const people = await partiesByIds(
        app.db,
        items.map((item) => item.user_id),
      );
      const named = items.map((item) => {
        const person = people.get(item.user_id);
        return {
          ...item,
          user_name: person?.company_name || person?.full_name || null,
          user_email: person?.email ?? null,
          amount_retype_required: item.method === 'bank_transfer' && retypeRequired(settings, item.amount_cents),
        };
      });
      return okList(reply, named, total, query, 'top-ups');
    },
  );

  // Exports name people instead of showing account ids: one page of ids at a time; an unknown id answers no name.
  app.get(
    '/admin/accounts/names',
    {
      schema: {
        tags: ['admin'],
        querystring: z.object({ ids: idsParam }),
        response: responds(200, z.array(accountNameSchema)),
      },
    },
    async (request, reply) => {
      const ids = request.query.ids ?? [];
      const people = await partiesByIds(app.db, ids);
      return ok(
        reply,
        ids.map((id) => {
          const person = people.get(id);
          return { id, name: person?.company_name || person?.full_name || null, email: person?.email ?? null };
        }),
      );
    },
  );

  app.get(
    '/admin/sales',
    { schema: { tags: ['admin'], response: responds(200, adminSalesSchema) } },
    async (_request, reply) => ok(reply, await adminSales(app.db)),
  );

  // Idempotent by the top-up itself: confirming twice moves the money once and answers the same.
  app.post(
    '/admin/top-ups/:id/confirm',
    { schema: { tags: ['admin'], params: idParams, body: confirmBody, response: responds(200, topUpSchema) } },
    async (request, reply) => {
      const settings = await readShopSettings(app.db, ctx.shop);
      const { topUp, replayed } = await confirmTopUp(app.db, request.params.id, request.user!.id, {
        retype: { cents: request.body?.amount, aboveCents: settings.retypeAboveCents },
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      describeAudit(request, { targetId: topUp.id, targetName: topUp.reference_code, amountCents: topUp.amount_cents });
      return ok(reply, topUp, 'top_up_confirmed');
    },
  );

  // Each top-up by the single confirm's rule in its own transaction (its row lock decides it once, even
  // against a racing bulk); a big amount is refused here, as it takes its amount typed again on its own.
  app.post(
    '/admin/top-ups/bulk-confirm',
    { schema: { tags: ['admin'], body: bulkApproveBody, response: responds(200, bulkDecisionResultSchema) } },
    async (request, reply) => {
      const settings = await readShopSettings(app.db, ctx.shop);
      let movedCents = 0;
      const result = await decideEach(request.body.ids, request.locale, 'top_up_confirmed', async (id) => {
        try {
          const { topUp, replayed } = await confirmTopUp(app.db, id, request.user!.id, {
            retype: { cents: undefined, aboveCents: settings.retypeAboveCents },
          });
          if (!replayed) movedCents += topUp.amount_cents;
          return replayed ? 'already' : 'decided';
        } catch (error) {
          if (error instanceof AppError && error.code === 'top_up_amount_retype_required')
            throw new AppError(400, 'top_up_bulk_retype_required');
          throw error;
        }
      });
      describeAudit(request, { targetName: String(result.decided), amountCents: movedCents });
      return ok(reply, result);
    },
  );

  app.post(
    '/admin/top-ups/bulk-reject',
    { schema: { tags: ['admin'], body: bulkRejectBody, response: responds(200, bulkDecisionResultSchema) } },
    async (request, reply) => {
      let rejectedCents = 0;
      const result = await decideEach(request.body.ids, request.locale, 'top_up_rejected', async (id) => {
        const { topUp, replayed } = await rejectTopUp(app.db, id, request.user!.id, request.body.reason);
        if (!replayed) rejectedCents += topUp.amount_cents;
        return replayed ? 'already' : 'decided';
      });
      describeAudit(request, { targetName: String(result.decided), amountCents: rejectedCents });
      return ok(reply, result);
    },
  );

  app.post(
    '/admin/top-ups/:id/reject',
    { schema: { tags: ['admin'], params: idParams, body: rejectBody, response: responds(200, topUpSchema) } },
    async (request, reply) => {
      const { topUp, replayed } = await rejectTopUp(
        app.db,
        request.params.id,
        request.user!.id,
        request.body?.reason ?? null,
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      describeAudit(request, { targetId: topUp.id, targetName: topUp.reference_code, amountCents: topUp.amount_cents });
      return ok(reply, topUp, 'top_up_rejected');
    },
  );
}
