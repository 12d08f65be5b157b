import { adminPaymentSchema, paymentSchema, responds, respondsList, statusFilter } from '@esim/contracts';
import { listQuery, ok, okList, toListQuery, type CreatedServiceApp } from '@esim/platform';
import { z } from 'zod';
import type { BalanceContext } from '../../context';
import { partiesByIds } from '../../parties/parties';
import { listPayments, paymentOf, refundPayment } from '../../payments/payments';
import { requireCardPayments } from '../../payments/provider';
import { PAYMENT_STATUSES, paymentIdParams as idParams } from '../../schemas';

const paymentsQuery = listQuery({ status: statusFilter([...PAYMENT_STATUSES]), user_id: z.uuid().optional() });

/** The admin lists card payments and refunds an unspent one. */
export function paymentRoutes(app: CreatedServiceApp, ctx: BalanceContext): void {
  app.get(
    '/admin/payments',
    { schema: { tags: ['admin'], querystring: paymentsQuery, response: respondsList(adminPaymentSchema) } },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const { rows, total } = await listPayments(app.db, query, {
        status: query.status,
        userId: query.filters.user_id,
      });
      const people = await partiesByIds(
        app.db,
        rows.map((row) => row.user_id),
      );
      const items = rows.map((row) => {
        const person = people.get(row.user_id);
        return {
          ...paymentOf(row, request.locale),
          user_name: person?.company_name || person?.full_name || null,
          user_email: person?.email ?? null,
        };
      });
      return okList(reply, items, total, query, 'payments');
    },
  );

  // Idempotent by the payment itself: refunding twice gives the money back once and answers the same.
  app.post(
    '/admin/payments/:id/refund',
    { schema: { tags: ['admin'], params: idParams, response: responds(200, paymentSchema) } },
    async (request, reply) => {
      const { row, replayed } = await refundPayment(
        app.db,
        requireCardPayments(ctx.payments),
        request.params.id,
        request.user!.id,
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return ok(reply, paymentOf(row, request.locale), 'payment_refunded');
    },
  );
}
