import {
  acceptedAgreement,
  paymentSchema,
  positiveEuroAmount,
  responds,
  returnPathSchema,
  translate,
  type Locale,
} from '@esim/contracts';
import { idempotentRequest, notFound, ok, type CreatedServiceApp } from '@esim/platform';
import { z } from 'zod';
import type { BalanceContext } from '../../context';
import { getParty } from '../../parties/parties';
import { createCardPayment, getPayment, openPaymentPage, paymentOf, settlePayment } from '../../payments/payments';
import { requireCardPayments } from '../../payments/provider';
import { idempotencyHeaders, paymentIdParams as idParams } from '../../schemas';

const startBody = z.object({
  amount: positiveEuroAmount,
  return_path: returnPathSchema.default('/balance'),
  locale: z.enum(['tr', 'en']).optional(),
  /** At checkout: the distance-sale documents the buyer accepted, kept with the payment. */
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
 * Card top-ups: the buyer starts one and is sent to the provider's hosted page; the provider's
 * callback (public routes), the buyer's polls here and the service's poll loop make the service
 * re-read the result from the provider.
 */
export function paymentRoutes(app: CreatedServiceApp, ctx: BalanceContext): void {
  const callbackUrl = new URL('/api/payments/callback', ctx.config.PUBLIC_BASE_URL).toString();

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
      const cards = requireCardPayments(ctx.payments);
      const user = request.user!;
      const locale: Locale = request.body.locale ?? request.locale;
      const created = await idempotentRequest(
        app.db,
        request,
        reply,
        { scope: 'card-payment', required: true },
        async (trx) => {
          const row = await createCardPayment(trx, {
            userId: user.id,
            amountCents: request.body.amount,
            locale,
            returnPath: request.body.return_path,
            provider: cards.name,
            agreement: request.body.agreement,
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
        basketName: translate('transaction_card_top_up', locale),
      });
      return ok(reply, paymentOf(row, request.locale), 'payment_started', created.statusCode);
    },
  );

  app.get(
    '/user/payments/:id',
    { schema: { tags: ['payments'], params: idParams, response: responds(200, paymentSchema) } },
    async (request, reply) => {
      let row = await getPayment(app.db, request.params.id);
      if (!row || row.user_id !== request.user!.id) throw notFound('payment_not_found');
      if (ctx.payments && row.status === 'pending' && dueForRecheck(row.id)) {
        row = await settlePayment(app.db, ctx.payments, row);
      }
      return ok(reply, paymentOf(row, request.locale));
    },
  );
}
