import { DEMO_BRAND, fileResponse } from '@esim/contracts';
import { notFound, type CreatedServiceApp } from '@esim/platform';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { BalanceContext } from '../context';
import { cardFormPage, finishedPage, missingSessionPage, returnPage, threeDSecurePage } from '../payments/demo-page';
import { checkCard, demoSession, enterCard, finishVerification } from '../payments/demo-provider';
import { settlePayment } from '../payments/payments';
import type { PaymentRow } from '../payments/rows';

// A token is whatever the provider made (iyzico: a UUID; the demo: base64url); only its length is ours to bound.
const token = z.string().trim().min(1).max(200);
const callbackBody = z.object({ token });
const demoParams = z.object({ token });
const cardField = z.string().max(100).default('');
const cardBody = z.object({ name: cardField, number: cardField, expiry: cardField, cvc: cardField });
const verifyBody = z.object({ action: z.enum(['confirm', 'cancel']) });

const htmlPage = (description: string) => ({ 200: fileResponse('text/html', description) });

/** The card provider's callback, and the demo provider's own hosted card page and 3-D Secure step. */
export function publicRoutes(app: CreatedServiceApp, ctx: BalanceContext): void {
  // The hosted pages are documents of their own: styles inline, forms only to us, never framed.
  const pageSecurity = `default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self' ${new URL(ctx.config.PUBLIC_BASE_URL).origin}; frame-ancestors 'none'; base-uri 'none'`;
  const sendPage = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', pageSecurity)
      .header('referrer-policy', 'no-referrer')
      .send(html);
  // The pages name the shop as its identity does; a page for a buyer mid-payment is drawn even when auth does not answer.
  const brand = () =>
    ctx.identity
      .shop()
      .then((shop) => shop.brand.name)
      .catch(() => DEMO_BRAND.name);

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
      {
        schema: {
          tags: ['payments'],
          body: callbackBody,
          response: htmlPage(
            'A page that takes the buyer back to the shop (a meta refresh to the return path with ?payment=<id>)',
          ),
        },
      },
      async (request, reply) => {
        let row = (await app.db('payments').where({ token: request.body.token }).first()) as PaymentRow | undefined;
        if (!row) throw notFound('payment_not_found');
        const provider = ctx.payments.of(row.provider);
        if (provider) row = await settlePayment(app.db, provider, row);
        return sendPage(reply, 200, returnPage(row.locale, `${row.return_path}?payment=${row.id}`, await brand()));
      },
    );

    // The demo provider's own pages exist only while it takes payments.
    if (ctx.payments.active?.name !== 'demo') return;

    forms.get(
      '/payments/demo/:token',
      { schema: { tags: ['payments'], params: demoParams, response: htmlPage("The demo provider's card page") } },
      async (request, reply) => {
        const session = await demoSession(app.db, request.params.token);
        if (!session) return sendPage(reply, 404, missingSessionPage(request.locale, await brand()));
        if (session.status === 'verifying') return sendPage(reply, 200, threeDSecurePage(session, await brand()));
        return sendPage(
          reply,
          200,
          session.status === 'open'
            ? cardFormPage(session, undefined, [], await brand())
            : finishedPage(session, await brand()),
        );
      },
    );

    forms.post(
      '/payments/demo/:token',
      {
        schema: {
          tags: ['payments'],
          params: demoParams,
          body: cardBody,
          response: htmlPage('The 3-D Secure step, or the card form again naming what is wrong (400)'),
        },
      },
      async (request, reply) => {
        const session = await demoSession(app.db, request.params.token);
        if (!session) return sendPage(reply, 404, missingSessionPage(request.locale, await brand()));
        if (session.status !== 'open' && session.status !== 'verifying')
          return sendPage(reply, 200, finishedPage(session, await brand()));
        const checked = checkCard(request.body, new Date());
        if (!checked.outcome)
          return sendPage(reply, 400, cardFormPage(session, request.body, checked.problems, await brand()));
        await enterCard(app.db, session.token, { outcome: checked.outcome, last4: checked.last4! });
        return sendPage(
          reply,
          200,
          threeDSecurePage({ ...session, status: 'verifying', card_last4: checked.last4! }, await brand()),
        );
      },
    );

    forms.post(
      '/payments/demo/:token/3ds',
      {
        schema: {
          tags: ['payments'],
          description:
            "The bank's answer; then 307 to the shop's callback, so the browser posts the token there as iyzico's page does",
          params: demoParams,
          body: verifyBody,
          response: htmlPage('A page for a payment that had already ended, with the way back'),
        },
      },
      async (request, reply) => {
        const before = await demoSession(app.db, request.params.token);
        if (!before) return sendPage(reply, 404, missingSessionPage(request.locale, await brand()));
        if (before.status !== 'open' && before.status !== 'verifying')
          return sendPage(reply, 200, finishedPage(before, await brand()));
        const session = (await finishVerification(app.db, before.token, request.body.action === 'confirm'))!;
        // 307 keeps the method and the form (token=…): the callback receives a POST, as from iyzico.
        return reply.header('cache-control', 'no-store').redirect(session.callback_url, 307);
      },
    );
  });
}
