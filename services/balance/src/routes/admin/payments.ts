import { adminPaymentSchema, customerBalanceSchema, responds, respondsList, statusFilter } from '@esim/contracts';
import {
  describeAudit,
  listQuery,
  markReplayed,
  notFound,
  ok,
  okList,
  toListQuery,
  type CreatedServiceApp,
} from '@esim/platform';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { BalanceContext } from '../../context';
import { accountsByKey, spendable } from '../../ledger/accounts';
import { partiesByIds } from '../../parties/parties';
import {
  askProviderNow,
  getCardRefund,
  refundsOf,
  requestCardRefund,
  retryCardRefund,
  returnCardRefundToBalance,
} from '../../payments/card-refunds';
import { getPayment, listPayments, paymentOf } from '../../payments/payments';
import type { CardRefundRow, PaymentRow } from '../../payments/rows';
import { idsParam, PAYMENT_STATUSES, paymentIdParams as idParams } from '../../schemas';

const paymentsQuery = listQuery({ status: statusFilter([...PAYMENT_STATUSES]), user_id: z.uuid().optional() });
const refundParams = z.object({ id: z.uuid(), refundId: z.uuid() });

/** A refund's audit entry: the payment, its payer's name then, and the refund's amount. */
const describeRefund = (
  request: FastifyRequest,
  payment: { id: string; user_name: string | null },
  refund: CardRefundRow,
) =>
  describeAudit(request, { targetId: payment.id, targetName: payment.user_name, amountCents: Number(refund.amount) });

/**
 * The admin lists card payments with their refunds (the provider's references, to find them in the
 * provider's panel), gives unspent or never-credited card money back, and settles a refund the
 * provider refused: ask again, or give it back to the balance. The customer list's balances are read here too.
 */
export function paymentRoutes(app: CreatedServiceApp, ctx: BalanceContext): void {
  // The balances beside the admin's customer list: one call per page of it.
  app.get(
    '/admin/customers/balances',
    {
      schema: {
        tags: ['admin'],
        querystring: z.object({ ids: idsParam }),
        response: responds(200, z.array(customerBalanceSchema)),
      },
    },
    async (request, reply) => {
      const ids = request.query.ids ?? [];
      const accounts = await accountsByKey(
        app.db,
        ids.map((id) => spendable(id).key),
      );
      return ok(
        reply,
        ids.map((id) => {
          const account = accounts.get(spendable(id).key);
          return {
            user_id: id,
            balance_cents: Number(account?.balance ?? 0),
            held_cents: Number(account?.held ?? 0),
          };
        }),
      );
    },
  );

  const adminView = async (rows: PaymentRow[], locale: 'tr' | 'en') => {
    const [people, refunds] = await Promise.all([
      partiesByIds(
        app.db,
        rows.map((row) => row.user_id),
      ),
      refundsOf(app.db, rows),
    ]);
    return rows.map((row) => {
      const person = people.get(row.user_id);
      return {
        ...paymentOf(row, locale, refunds.get(row.id)),
        user_name: person?.company_name || person?.full_name || null,
        user_email: person?.email ?? null,
      };
    });
  };
  const one = async (id: string, locale: 'tr' | 'en') => {
    const row = await getPayment(app.db, id);
    if (!row) throw notFound('payment_not_found');
    return (await adminView([row], locale))[0]!;
  };

  app.get(
    '/admin/payments',
    { schema: { tags: ['admin'], querystring: paymentsQuery, response: respondsList(adminPaymentSchema) } },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const { rows, total } = await listPayments(app.db, query, {
        status: query.status,
        userId: query.filters.user_id,
      });
      return okList(reply, await adminView(rows, request.locale), total, query, 'payments');
    },
  );

  // Idempotent by the payment itself: refunding again with nothing left answers the refund already made.
  app.post(
    '/admin/payments/:id/refund',
    {
      schema: {
        tags: ['admin'],
        summary: "Give a card payment's unspent money (or money charged but never credited) back to the card",
        params: idParams,
        response: responds(200, adminPaymentSchema),
      },
    },
    async (request, reply) => {
      const { refund, replayed } = await requestCardRefund(app.db, {
        paymentId: request.params.id,
        requestedBy: request.user!.id,
        allowUnbooked: true,
      });
      if (replayed) markReplayed(reply);
      else await askProviderNow(app.db, ctx.payments, refund.id, app.log);
      const payment = await one(request.params.id, request.locale);
      describeRefund(request, payment, refund);
      return ok(reply, payment, 'card_refund_requested');
    },
  );

  app.post(
    '/admin/payments/:id/refunds/:refundId/retry',
    {
      schema: {
        tags: ['admin'],
        summary: 'Ask the provider again for a card refund it refused',
        params: refundParams,
        response: responds(200, adminPaymentSchema),
      },
    },
    async (request, reply) => {
      const refund = await refundOfPayment(request.params);
      await retryCardRefund(app.db, request.params.refundId);
      await askProviderNow(app.db, ctx.payments, request.params.refundId, app.log);
      const payment = await one(request.params.id, request.locale);
      describeRefund(request, payment, refund);
      return ok(reply, payment, 'card_refund_requested');
    },
  );

  app.post(
    '/admin/payments/:id/refunds/:refundId/to-balance',
    {
      schema: {
        tags: ['admin'],
        summary: 'Give a card refund the provider refused back to the buyer’s balance instead',
        params: refundParams,
        response: responds(200, adminPaymentSchema),
      },
    },
    async (request, reply) => {
      const refund = await refundOfPayment(request.params);
      await returnCardRefundToBalance(app.db, request.params.refundId, request.user!.id);
      const payment = await one(request.params.id, request.locale);
      describeRefund(request, payment, refund);
      return ok(reply, payment, 'card_refund_returned');
    },
  );

  const refundOfPayment = async (params: { id: string; refundId: string }) => {
    const refund = await getCardRefund(app.db, params.refundId);
    if (!refund || refund.payment_id !== params.id) throw notFound('card_refund_not_found');
    return refund;
  };
}
