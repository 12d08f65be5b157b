import {
  accountNameSchema,
  adminSalesSchema,
  adminDepositSchema,
  bulkApproveBody,
  bulkDecisionResultSchema,
  bulkRejectBody,
  positiveEuroAmount,
  responds,
  respondsList,
  statusFilter,
  depositSchema,
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
  markReplayed,
} from '@esim/platform';
import { z } from 'zod';
import type { BalanceContext } from '../../context';
import { partiesByIds } from '../../parties/parties';
import { idsParam } from '../../schemas';
import { adminSales } from '../../sales/sales';
import { readShopSettings, retypeRequired } from '../../settings/shop-settings';
import { confirmDeposit, listDeposits, rejectDeposit } from '../../deposits/deposits';
import { withOldPath } from '../old-paths';

const depositsQuery = listQuery({
  status: statusFilter(['pending', 'confirmed', 'rejected', 'expired']),
  /** Part of the customer's name, company or e-mail. */
  customer: z.string().trim().min(1).max(200),
});
const idParams = z.object({ id: z.uuid() });
const rejectBody = z.object({ reason: z.string().trim().max(500).nullish() }).nullish();
/** The amount typed again, in euros: required above the shop's threshold, and then it must be the deposit's. */
const confirmBody = z.object({ amount: positiveEuroAmount.optional() }).nullish();

/** The admin's side of bank-transfer deposits (see what is pending, confirm the money arrived, or reject) and the home's sales figures. */
export function depositRoutes(app: CreatedServiceApp, ctx: BalanceContext): void {
  for (const { path, deprecated } of withOldPath('/admin/deposits', '/admin/top-ups')) {
    app.get(
      path,
      {
        schema: {
          ...deprecated,
          tags: ['admin'],
          querystring: depositsQuery,
          response: respondsList(adminDepositSchema),
        },
      },
      async (request, reply) => {
        const query = toListQuery(request.query);
        const [{ items, total }, settings] = await Promise.all([
          listDeposits(app.db, query, { status: query.status, customer: query.filters.customer }),
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
        return okList(reply, named, total, query, 'deposits');
      },
    );
  }

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

  // Idempotent by the deposit itself: confirming twice moves the money once and answers the same.
  for (const { path, deprecated } of withOldPath('/admin/deposits/:id/confirm', '/admin/top-ups/:id/confirm')) {
    app.post(
      path,
      {
        schema: {
          ...deprecated,
          tags: ['admin'],
          params: idParams,
          body: confirmBody,
          response: responds(200, depositSchema),
        },
      },
      async (request, reply) => {
        const settings = await readShopSettings(app.db, ctx.shop);
        const { deposit, replayed } = await confirmDeposit(app.db, request.params.id, request.user!.id, {
          retype: { cents: request.body?.amount, aboveCents: settings.retypeAboveCents },
        });
        if (replayed) markReplayed(reply);
        describeAudit(request, {
          targetId: deposit.id,
          targetName: deposit.reference_code,
          amountCents: deposit.amount_cents,
        });
        return ok(reply, deposit, 'deposit_confirmed');
      },
    );
  }

  // Each deposit by the single confirm's rule in its own transaction (its row lock decides it once, even
  // against a racing bulk); a big amount is refused here, as it takes its amount typed again on its own.
  for (const { path, deprecated } of withOldPath('/admin/deposits/bulk-confirm', '/admin/top-ups/bulk-confirm')) {
    app.post(
      path,
      {
        schema: {
          ...deprecated,
          tags: ['admin'],
          body: bulkApproveBody,
          response: responds(200, bulkDecisionResultSchema),
        },
      },
      async (request, reply) => {
        const settings = await readShopSettings(app.db, ctx.shop);
        let movedCents = 0;
        const result = await decideEach(request.body.ids, request.locale, 'deposit_confirmed', async (id) => {
          try {
            const { deposit, replayed } = await confirmDeposit(app.db, id, request.user!.id, {
              retype: { cents: undefined, aboveCents: settings.retypeAboveCents },
            });
            if (!replayed) movedCents += deposit.amount_cents;
            return replayed ? 'already' : 'decided';
          } catch (error) {
            if (error instanceof AppError && error.code === 'deposit_amount_retype_required')
              throw new AppError(400, 'deposit_bulk_retype_required');
            throw error;
          }
        });
        describeAudit(request, { targetName: String(result.decided), amountCents: movedCents });
        return ok(reply, result);
      },
    );
  }

  for (const { path, deprecated } of withOldPath('/admin/deposits/bulk-reject', '/admin/top-ups/bulk-reject')) {
    app.post(
      path,
      {
        schema: {
          ...deprecated,
          tags: ['admin'],
          body: bulkRejectBody,
          response: responds(200, bulkDecisionResultSchema),
        },
      },
      async (request, reply) => {
        let rejectedCents = 0;
        const result = await decideEach(request.body.ids, request.locale, 'deposit_rejected', async (id) => {
          const { deposit, replayed } = await rejectDeposit(app.db, id, request.user!.id, request.body.reason);
          if (!replayed) rejectedCents += deposit.amount_cents;
          return replayed ? 'already' : 'decided';
        });
        describeAudit(request, { targetName: String(result.decided), amountCents: rejectedCents });
        return ok(reply, result);
      },
    );
  }

  for (const { path, deprecated } of withOldPath('/admin/deposits/:id/reject', '/admin/top-ups/:id/reject')) {
    app.post(
      path,
      {
        schema: {
          ...deprecated,
          tags: ['admin'],
          params: idParams,
          body: rejectBody,
          response: responds(200, depositSchema),
        },
      },
      async (request, reply) => {
        const { deposit, replayed } = await rejectDeposit(
          app.db,
          request.params.id,
          request.user!.id,
          request.body?.reason ?? null,
        );
        if (replayed) markReplayed(reply);
        describeAudit(request, {
          targetId: deposit.id,
          targetName: deposit.reference_code,
          amountCents: deposit.amount_cents,
        });
        return ok(reply, deposit, 'deposit_rejected');
      },
    );
  }
}
