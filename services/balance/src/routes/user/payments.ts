import {
  acceptedAgreement,
  paymentSchema,
  positiveEuroAmount,
  responds,
  respondsList,
  returnPathSchema,
  statusFilter,
  translate,
  type Locale,
} from '@esim/contracts';
import {
  idempotentRequest,
  listQuery,
  notFound,
  ok,
  okList,
  toListQuery,
  type CreatedServiceApp,
  markReplayed,
} from '@esim/platform';
import { z } from 'zod';
import type { BalanceContext } from '../../context';
import { getParty } from '../../parties/parties';
import { askProviderNow, refundsOf, requestCardRefund } from '../../payments/card-refunds';
import {
  createCardPayment,
  getPayment,
  listPayments,
  openPaymentPage,
  paymentOf,
  settlePayment,
} from '../../payments/payments';
import { requireCardPayments } from '../../payments/provider';
import type { PaymentRow } from '../../payments/rows';
import { idempotencyHeaders, PAYMENT_STATUSES, paymentIdParams as idParams } from '../../schemas';

const ownPaymentsQuery = listQuery({ status: statusFilter([...PAYMENT_STATUSES]) });

const startBody = z.object({
  amount: positiveEuroAmount,
  return_path: returnPathSchema.default('/balance'),
  locale: z.enum(['tr', 'en']).optional(),
  /** At checkout: the version of the distance-sale documents the buyer accepted; the payment then pays for one order. */
  agreement: acceptedAgreement.optional(),
});

/** A buyer polling sooner than this after the last look gets the stored answer without asking the provider again. */
const POLL_RECHECK_MS = 2_000;
/** Kept for throttling only, per process: losing it (a restart, another copy) costs one extra provider call. */
const lastAsked = new Map<string, number>();
const dueForRecheck = (id: string, now = Date.now()) => {
  if (now - (lastAsked.get(id) ?? 0) < POLL_RECHECK_MS) return false;
  if (lastAsked.size > 10_000) lastAsked.clear();
  lastAsked.set(id, now);
  return true;
};

/**
 * Card payments: the buyer starts one and is sent to the provider's hosted page; the provider's
 * callback (public routes), the buyer's polls here and the service's poll loop make the service
 * re-read the result from the provider. The owner may ask unspent card money back to the card.
 */
export function paymentRoutes(app: CreatedServiceApp, ctx: BalanceContext): void {
  const callbackUrl = new URL('/api/payments/callback', ctx.config.PUBLIC_BASE_URL).toString();
  const answer = async (row: PaymentRow, locale: Locale) =>
    paymentOf(row, locale, (await refundsOf(app.db, [row])).get(row.id));

  app.post(
    '/user/payments/card',
    {
      schema: {
        tags: ['payments'],
        body: startBody,
        headers: idempotencyHeaders,
        response: responds(201, paymentSchema),
      },
    },
    async (request, reply) => {
      // Production takes no money while the seller the documents name is incomplete (esim refuses the purchase alike).
      if (ctx.config.APP_MODE === 'production') await ctx.identity.assertOpenForSales(String(request.id));
      const cards = requireCardPayments(ctx.payments);
      const user = request.user!;
      const locale: Locale = request.body.locale ?? request.locale;
      const created = await idempotentRequest(
        app.db,
        request,
        reply,
        { scope: 'card-payment', required: true },
        async (trx) => {
          const row = await createCardPayment(trx, ctx.paymentRules, {
            userId: user.id,
            amountCents: request.body.amount,
            locale,
            returnPath: request.body.return_path,
            provider: cards.name,
            purpose: request.body.agreement ? 'order' : 'deposit',
            agreementVersion: request.body.agreement?.version,
          });
          return { statusCode: 201, body: { payment_id: row.id } };
        },
      );
      const party = await getParty(app.db, user.id);
      const row = await openPaymentPage(app.db, cards, (await getPayment(app.db, created.body.payment_id))!, {
        buyer: {
          id: user.id,
          email: party?.email ?? user.email,
          fullName: party?.full_name || party?.company_name || user.email,
          ip: request.ip,
        },
        callbackUrl,
        basketName: translate(request.body.agreement ? 'transaction_card_checkout' : 'transaction_card_top_up', locale),
      });
      return ok(reply, await answer(row, request.locale), 'payment_started', created.statusCode);
    },
  );

  app.get(
    '/user/payments',
    { schema: { tags: ['payments'], querystring: ownPaymentsQuery, response: respondsList(paymentSchema) } },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const { rows, total } = await listPayments(app.db, query, { userId: request.user!.id, status: query.status });
      const refunds = await refundsOf(app.db, rows);
      return okList(
        reply,
        rows.map((row) => paymentOf(row, request.locale, refunds.get(row.id))),
        total,
        query,
        'payments',
      );
    },
  );

  app.get(
    '/user/payments/:id',
    { schema: { tags: ['payments'], params: idParams, response: responds(200, paymentSchema) } },
    async (request, reply) => {
      let row = await getPayment(app.db, request.params.id);
      if (!row || row.user_id !== request.user!.id) throw notFound('payment_not_found');
      const provider = ctx.payments.of(row.provider);
      if (provider && (row.status === 'pending' || row.status === 'review') && dueForRecheck(row.id)) {
        row = await settlePayment(app.db, provider, row);
      }
      return ok(reply, await answer(row, request.locale));
    },
  );

  // Idempotent by the payment itself: asked again with nothing left, it answers the refund already made.
  app.post(
    '/user/payments/:id/refund',
    {
      schema: {
        tags: ['payments'],
        summary: 'Give the unspent money of a card payment back to the card',
        params: idParams,
        response: responds(200, paymentSchema),
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const { refund, replayed } = await requestCardRefund(app.db, {
        paymentId: request.params.id,
        ownerId: user.id,
        requestedBy: user.id,
        allowUnbooked: false,
      });
      if (replayed) markReplayed(reply);
      else await askProviderNow(app.db, ctx.payments, refund.id, app.log);
      return ok(
        reply,
        await answer((await getPayment(app.db, refund.payment_id))!, request.locale),
        'card_refund_requested',
      );
    },
  );
}
