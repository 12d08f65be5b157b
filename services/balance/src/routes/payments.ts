import {
  acceptedAgreement,
  adminPaymentSchema,
  fileResponse,
  paymentSchema,
  positiveEuroAmount,
  responds,
  respondsList,
  returnPathSchema,
  statusFilter,
  translate,
  type Locale,
} from '@esim/contracts';
import { AppError, idempotentRequest, listQuery, notFound, ok, okList, toListQuery, type CreatedServiceApp } from '@esim/platform';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { BalanceContext } from '../context';
import { getParty, partiesByIds } from '../parties/parties';
import { cardFormPage, finishedPage, missingSessionPage, returnPage, threeDSecurePage } from '../payments/demo-page';
import { checkCard, demoSession, enterCard, finishVerification } from '../payments/demo-provider';
import { createCardPayment, getPayment, listPayments, openPaymentPage, paymentOf, refundPayment, settlePayment, type PaymentRow } from '../payments/payments';
import { idempotencyHeaders } from './schemas';

const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'expired', 'refunding', 'refunded'] as const;
const startBody = z.object({
  amount: positiveEuroAmount,
  return_path: returnPathSchema.default('/balance'),
  locale: z.enum(['tr', 'en']).optional(),
  /** At checkout: the distance-sale documents the buyer accepted, kept with the payment. */
  agreement: acceptedAgreement.optional(),
});
const idParams = z.object({ id: z.uuid() });
const paymentsQuery = listQuery({ status: statusFilter([...PAYMENT_STATUSES]), user_id: z.uuid().optional() });
// A token is whatever the provider made (iyzico: a UUID; the demo: base64url); only its length is ours to bound.
const token = z.string().trim().min(1).max(200);
const callbackBody = z.object({ token });
const demoParams = z.object({ token });
const cardField = z.string().max(100).default('');
const cardBody = z.object({ name: cardField, number: cardField, expiry: cardField, cvc: cardField });
const verifyBody = z.object({ action: z.enum(['confirm', 'cancel']) });

const htmlPage = (description: string) => ({ 200: fileResponse('text/html', description) });

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
 * callback (and the buyer's polls, and the service's poll loop) make the service re-read the result
 * from the provider; admins list payments and refund an unspent one. Also the demo provider's own
 * hosted card page and 3-D Secure step.
 */
export function paymentRoutes(app: CreatedServiceApp, ctx: BalanceContext): void {
  const provider = () => {
    if (!ctx.payments) throw new AppError(422, 'card_payments_unavailable');
    return ctx.payments;
  };
  const callbackUrl = new URL('/api/payments/callback', ctx.config.PUBLIC_BASE_URL).toString();
  // The hosted pages are documents of their own: styles inline, forms only to us, never framed.
  const pageSecurity = `default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self' ${new URL(ctx.config.PUBLIC_BASE_URL).origin}; frame-ancestors 'none'; base-uri 'none'`;
  const sendPage = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', pageSecurity).header('referrer-policy', 'no-referrer').send(html);

  app.post(
    '/user/payments/card',
    { schema: { tags: ['payments'], body: startBody, headers: idempotencyHeaders, response: responds(201, paymentSchema) } },
    async (request, reply) => {
      const cards = provider();
      const user = request.user!;
      const locale: Locale = request.body.locale ?? request.locale;
      const created = await idempotentRequest(app.db, request, reply, { scope: 'card-payment', required: true }, async (trx) => {
        const row = await createCardPayment(trx, {
          userId: user.id,
          amountCents: request.body.amount,
          locale,
          returnPath: request.body.return_path,
          provider: cards.name,
          agreement: request.body.agreement,
        });
        return { statusCode: 201, body: { payment_id: row.id } };
      });
      const party = await getParty(app.db, user.id);
      const row = await openPaymentPage(app.db, cards, (await getPayment(app.db, created.body.payment_id))!, {
        buyer: { id: user.id, email: party?.email ?? user.email, fullName: party?.full_name || party?.company_name || user.email, ip: request.ip },
        callbackUrl,
        basketName: translate('transaction_card_top_up', locale),
      });
      return ok(reply, paymentOf(row, request.locale), 'payment_started', created.statusCode);
    },
  );

  app.get('/user/payments/:id', { schema: { tags: ['payments'], params: idParams, response: responds(200, paymentSchema) } }, async (request, reply) => {
    let row = await getPayment(app.db, request.params.id);
    if (!row || row.user_id !== request.user!.id) throw notFound('payment_not_found');
    if (ctx.payments && row.status === 'pending' && dueForRecheck(row.id)) {
      row = await settlePayment(app.db, ctx.payments, row);
    }
    return ok(reply, paymentOf(row, request.locale));
  });

  // The esim service reads a buyer's card top-up for the purchase it paid for: the card's share, and the documents accepted before paying.
  app.get(
    '/internal/payments/:id',
    {
      schema: {
        params: idParams,
        response: responds(
          200,
          z.object({
            id: z.string(),
            user_id: z.string(),
            status: z.enum(PAYMENT_STATUSES),
            amount_cents: z.number().int(),
            provider_payment_id: z.string().nullable(),
            agreement_version: z.string().nullable(),
            agreement_text: z.string().nullable(),
          }),
        ),
      },
    },
    async (request, reply) => {
      const row = await getPayment(app.db, request.params.id);
      if (!row) throw notFound('payment_not_found');
      return ok(reply, {
        id: row.id,
        user_id: row.user_id,
        status: row.status,
        amount_cents: Number(row.amount),
        provider_payment_id: row.provider_payment_id,
        agreement_version: row.agreement_version,
        agreement_text: row.agreement_text,
      });
    },
  );

  app.get('/admin/payments', { schema: { tags: ['admin'], querystring: paymentsQuery, response: respondsList(adminPaymentSchema) } }, async (request, reply) => {
    const query = toListQuery(request.query);
    const { rows, total } = await listPayments(app.db, query, { status: query.status, userId: query.filters.user_id });
    const people = await partiesByIds(app.db, rows.map((row) => row.user_id));
    const items = rows.map((row) => {
      const person = people.get(row.user_id);
      return { ...paymentOf(row, request.locale), user_name: person?.company_name || person?.full_name || null, user_email: person?.email ?? null };
    });
    return okList(reply, items, total, query, 'payments');
  });

  // Idempotent by the payment itself: refunding twice gives the money back once and answers the same.
  app.post('/admin/payments/:id/refund', { schema: { tags: ['admin'], params: idParams, response: responds(200, paymentSchema) } }, async (request, reply) => {
    const { row, replayed } = await refundPayment(app.db, provider(), request.params.id, request.user!.id);
    if (replayed) reply.header('idempotent-replayed', 'true');
    return ok(reply, paymentOf(row, request.locale), 'payment_refunded');
  });

  // The browser-facing routes take the form posts a payment page sends (iyzico posts the token so).
  app.register(async (scope) => {
    // The child scope is the same zod-typed service app, form parsing added (fastify's types lose the type provider here).
    const forms = scope as unknown as CreatedServiceApp;
    forms.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    // Only ever a reason to ask the provider: the body's token finds the payment, nothing else in it is read.
    forms.post(
      '/payments/callback',
      { schema: { tags: ['payments'], body: callbackBody, response: htmlPage('A page that takes the buyer back to the shop (a meta refresh to the return path with ?payment=<id>)') } },
      async (request, reply) => {
        let row = (await app.db('payments').where({ token: request.body.token }).first()) as PaymentRow | undefined;
        if (!row) throw notFound('payment_not_found');
        if (ctx.payments) row = await settlePayment(app.db, ctx.payments, row);
        return sendPage(reply, 200, returnPage(row.locale, `${row.return_path}?payment=${row.id}`));
      },
    );

    forms.get(
      '/payments/demo/:token',
      { schema: { tags: ['payments'], params: demoParams, response: htmlPage("The demo provider's card page") } },
      async (request, reply) => {
        const session = await demoSession(app.db, request.params.token);
        if (!session) return sendPage(reply, 404, missingSessionPage(request.locale));
        if (session.status === 'verifying') return sendPage(reply, 200, threeDSecurePage(session));
        return sendPage(reply, 200, session.status === 'open' ? cardFormPage(session) : finishedPage(session));
      },
    );

    forms.post(
      '/payments/demo/:token',
      { schema: { tags: ['payments'], params: demoParams, body: cardBody, response: htmlPage('The 3-D Secure step, or the card form again naming what is wrong (400)') } },
      async (request, reply) => {
        const session = await demoSession(app.db, request.params.token);
        if (!session) return sendPage(reply, 404, missingSessionPage(request.locale));
        if (session.status !== 'open' && session.status !== 'verifying') return sendPage(reply, 200, finishedPage(session));
        const checked = checkCard(request.body, new Date());
        if (!checked.outcome) return sendPage(reply, 400, cardFormPage(session, request.body, checked.problems));
        await enterCard(app.db, session.token, { outcome: checked.outcome, last4: checked.last4! });
        return sendPage(reply, 200, threeDSecurePage({ ...session, status: 'verifying', card_last4: checked.last4! }));
      },
    );

    forms.post(
      '/payments/demo/:token/3ds',
      {
        schema: {
          tags: ['payments'],
          description: "The bank's answer; then 307 to the shop's callback, so the browser posts the token there as iyzico's page does",
          params: demoParams,
          body: verifyBody,
          response: htmlPage('A page for a payment that had already ended, with the way back'),
        },
      },
      async (request, reply) => {
        const before = await demoSession(app.db, request.params.token);
        if (!before) return sendPage(reply, 404, missingSessionPage(request.locale));
        if (before.status !== 'open' && before.status !== 'verifying') return sendPage(reply, 200, finishedPage(before));
        const session = (await finishVerification(app.db, before.token, request.body.action === 'confirm'))!;
        // 307 keeps the method and the form (token=…): the callback receives a POST, as from iyzico.
        return reply.header('cache-control', 'no-store').redirect(session.callback_url, 307);
      },
    );
  });
}
