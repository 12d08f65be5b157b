import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestKeys } from '@esim/platform/testing';
import { buildApp as buildAuth } from '../../auth/src/app';
import { loadAuthConfig } from '../../auth/src/config';
import { startFakeIyzico, type FakeIyzico } from '../../../infra/src/fakes/iyzico';
import { iyzicoProvider } from '../src/payments/iyzico';
import { ProviderRefused, ProviderUnavailable, type PaymentLookup, type RefundRequest } from '../src/payments/port';
import { spendable } from '../src/ledger/accounts';
import { rateLimiter, sweepPayments } from '../src/payments/poller';
import { providersOf } from '../src/payments/provider';
import { testSchedule } from './card-payments';
import { accountOf, expectLedgerValid, key, person, startApp, type Person } from './support';

/**
 * The iyzico adapter against the fake iyzico (infra/src/fakes/iyzico.ts): Checkout Form initialize,
 * the buyer on the fake's hosted page (card form, 3-D Secure, the auto-submitted post back to our
 * callback), retrieve with its response signature and fraud check, partial refunds and the refund
 * lookup, and the fake's fault modes; then the balance service configured with iyzico keys that
 * point at the fake. Every request the adapter sends is checked by the fake's IYZWSv2 signature check.
 */
const API_KEY = 'sandbox-fake-api-key';
const SECRET_KEY = 'sandbox-fake-secret-key';
const CALLBACK = 'https://shop.example/api/payments/callback';

let fake: FakeIyzico;
beforeAll(async () => {
  fake = await startFakeIyzico({ apiKey: API_KEY, secretKey: SECRET_KEY, reviewSeconds: null });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.clearFaults();
});

const iyzico = (overrides: { secretKey?: string; timeoutMs?: number; baseUrl?: string } = {}) =>
  iyzicoProvider({
    apiKey: API_KEY,
    secretKey: overrides.secretKey ?? SECRET_KEY,
    baseUrl: overrides.baseUrl ?? fake.url,
    timeoutMs: overrides.timeoutMs ?? 5_000,
  });

const cards = {
  approve: '5528 7900 0000 0008',
  insufficientFunds: '4111111111111129',
  reviewThenApprove: '4090000000000011',
  reviewThenReject: '4090000000000029',
  notRefundable: '5406670000000009',
};

async function startPayment(amountCents: number, locale: 'tr' | 'en' = 'tr', target = fake) {
  const paymentId = randomUUID();
  const started = await iyzico({ baseUrl: target.url }).start({
    paymentId,
    amountCents,
    currency: 'EUR',
    buyer: { id: 'user-1', email: 'ada@example.com', fullName: 'Ada Yılmaz', ip: '85.34.78.112' },
    basket: [{ id: randomUUID(), name: 'Bakiye yükleme', amountCents }],
    callbackUrl: CALLBACK,
    locale,
  });
  const lookup: PaymentLookup = { token: started.token, paymentId, locale };
  return { paymentId, started, lookup };
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/** The buyer on the fake's hosted page: card form, then the 3-D Secure answer; returns the page posted back to us. */
async function payOnPage(pageUrl: string, number: string, action: 'confirm' | 'cancel' = 'confirm') {
  const opened = await fetch(pageUrl);
  expect(opened.status).toBe(200);
  const token = new URL(pageUrl).searchParams.get('token')!;
  const origin = new URL(pageUrl).origin;
  const threeDs = await fetch(
    `${origin}/pay`,
    form({ token, cardHolderName: 'Ada Yılmaz', cardNumber: number, expiry: '12/39', cvc: '123' }),
  );
  expect(threeDs.status).toBe(200);
  expect(await threeDs.text()).toContain('3-D Secure');
  const back = await fetch(`${origin}/3ds`, form({ token, action }));
  expect(back.status).toBe(200);
  return back.text();
}

const refundOf = (providerPaymentId: string, amountCents: number, refundId = randomUUID()): RefundRequest => ({
  providerPaymentId,
  refundId,
  amountCents,
  currency: 'EUR',
  locale: 'tr',
});

async function paid(amountCents: number) {
  const payment = await startPayment(amountCents);
  await payOnPage(payment.started.pageUrl, cards.approve);
  const result = await iyzico().retrieve(payment.lookup);
  if (result.status !== 'paid') throw new Error(`expected a paid payment, got ${result.status}`);
  return { ...payment, providerPaymentId: result.providerPaymentId };
}

describe('iyzico adapter against the fake iyzico', () => {
  it('approves: initialize sends EUR, the locale, our payment id and callback; the page posts the token back; retrieve credits once paid', async () => {
    fake.clearRequests();
    const before = Date.now();
    const { paymentId, started, lookup } = await startPayment(2550, 'en');
    expect(started.pageUrl).toBe(`${fake.publicUrl}/?token=${started.token}&lang=en`);
    // iyzico's default token lifetime is 1800 seconds.
    expect(started.pageExpiresAt.getTime()).toBeGreaterThanOrEqual(before + 1800_000);
    expect(started.pageExpiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 1800_000);
    const [initialize] = fake.requests();
    expect(initialize).toMatchObject({
      path: '/payment/iyzipos/checkoutform/initialize/auth/ecom',
      signatureValid: true,
      body: {
        locale: 'en',
        conversationId: paymentId,
        basketId: paymentId,
        price: '25.5',
        paidPrice: '25.5',
        currency: 'EUR',
        callbackUrl: CALLBACK,
        basketItems: [expect.objectContaining({ itemType: 'VIRTUAL', price: '25.5' })],
      },
    });

    expect(await iyzico().retrieve(lookup)).toEqual({ status: 'pending' });
    const back = await payOnPage(started.pageUrl, cards.approve);
    expect(back).toContain(`action="${CALLBACK}"`);
    expect(back).toContain(`name="token" value="${started.token}"`);
    expect(back).toContain('document.forms[0].submit()');

    const result = await iyzico().retrieve(lookup);
    expect(result).toEqual({
      status: 'paid',
      providerPaymentId: fake.paymentOfToken(started.token)!.paymentId,
      paidCents: 2550,
      currency: 'EUR',
    });
    expect(fake.requests().every((request) => request.signatureValid)).toBe(true);
  });

  it('declines with the card network’s reason, and a cancelled 3-D Secure step is a plain decline', async () => {
    const declined = await startPayment(4000);
    await payOnPage(declined.started.pageUrl, cards.insufficientFunds);
    expect(await iyzico().retrieve(declined.lookup)).toMatchObject({
      status: 'failed',
      failureCode: 'card_declined_insufficient_funds',
      providerMessage: 'Kart limiti yetersiz, yetersiz bakiye',
      providerPaymentId: expect.any(String),
    });

    const cancelled = await startPayment(1000);
    await payOnPage(cancelled.started.pageUrl, cards.approve, 'cancel');
    expect(await iyzico().retrieve(cancelled.lookup)).toMatchObject({ status: 'failed', failureCode: 'card_declined' });
  });

  it('holds a payment in fraud review: charged but not credited; approved after review it is paid', async () => {
    const { started, lookup } = await startPayment(1999);
    await payOnPage(started.pageUrl, cards.reviewThenApprove);
    const inReview = await iyzico().retrieve(lookup);
    expect(inReview).toMatchObject({ status: 'review', paidCents: 1999, currency: 'EUR' });
    const { paymentId } = fake.paymentOfToken(started.token)!;
    expect(await iyzico().retrieve(lookup)).toMatchObject({ status: 'review', providerPaymentId: paymentId });

    fake.decideReview(paymentId, 'approve');
    expect(await iyzico().retrieve(lookup)).toEqual({
      status: 'paid',
      providerPaymentId: paymentId,
      paidCents: 1999,
      currency: 'EUR',
    });
  });

  it('rejected after review: failed with payment_fraud_rejected, nothing to credit, the payment named', async () => {
    const { started, lookup } = await startPayment(1500);
    await payOnPage(started.pageUrl, cards.reviewThenReject);
    expect((await iyzico().retrieve(lookup)).status).toBe('review');
    const { paymentId } = fake.paymentOfToken(started.token)!;
    // The control API is how iyzico's fraud team is played over HTTP as well.
    const decided = await fetch(`${fake.url}/__fake/payments/${paymentId}/fraud`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ decision: 'reject' }),
    });
    expect(decided.status).toBe(200);
    expect(await iyzico().retrieve(lookup)).toEqual({
      status: 'failed',
      failureCode: 'payment_fraud_rejected',
      providerMessage: null,
      providerPaymentId: paymentId,
    });
  });

  it('does not trust an answer whose signature does not match, whether the signature or a signed field was changed', async () => {
    const { started, lookup } = await startPayment(3000);
    await payOnPage(started.pageUrl, cards.approve);
    fake.addFault({ kind: 'bad-signature', path: '/payment/iyzipos/checkoutform/auth/ecom/detail', times: 1 });
    await expect(iyzico().retrieve(lookup)).rejects.toBeInstanceOf(ProviderUnavailable);
    fake.addFault({ kind: 'tamper', fields: { paidPrice: 3000 }, times: 1 });
    await expect(iyzico().retrieve(lookup)).rejects.toThrow(/signature/);
    // The faults were one-off: the same payment read again is paid, at its real amount.
    expect(await iyzico().retrieve(lookup)).toMatchObject({ status: 'paid', paidCents: 3000 });
  });

  it('does not trust a correctly signed answer about another payment (its conversationId and basketId)', async () => {
    const first = await startPayment(1200);
    const second = await startPayment(1300);
    await payOnPage(first.started.pageUrl, cards.approve);
    fake.addFault({
      kind: 'tamper',
      fields: { conversationId: second.paymentId, basketId: second.paymentId },
      resign: true,
      times: 1,
    });
    await expect(iyzico().retrieve(first.lookup)).rejects.toThrow(/another payment/);
    // Asking about the second payment with the first one's token is the same mistake, seen from our side.
    await expect(iyzico().retrieve({ ...second.lookup, token: first.started.token })).rejects.toThrow(
      /another payment/,
    );
    expect((await iyzico().retrieve(first.lookup)).status).toBe('paid');
  });

  it('refunds part of a payment twice, then refuses more than what is left, naming iyzico’s code', async () => {
    const payment = await paid(5000);
    const firstRequest = refundOf(payment.providerPaymentId, 1000);
    const first = await iyzico().refund(firstRequest);
    const second = await iyzico().refund(refundOf(payment.providerPaymentId, 1550));
    expect(first.providerRefundId).not.toBe(second.providerRefundId);
    const tooMuch = refundOf(payment.providerPaymentId, 2451);
    const refused = await iyzico()
      .refund(tooMuch)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProviderRefused);
    expect((refused as ProviderRefused).providerCode).toBe('5096');
    expect(fake.payment(payment.providerPaymentId)).toMatchObject({ refundedCents: 2550 });
    const lastRefundRequest = fake.requests().at(-1)!;
    expect(lastRefundRequest).toMatchObject({ path: '/v2/payment/refund', body: { price: '24.51', currency: 'EUR' } });

    expect(await iyzico().findRefund(firstRequest)).toEqual(first);
    expect(await iyzico().findRefund(tooMuch)).toBeNull();
    // What is left can still be refunded exactly.
    await iyzico().refund(refundOf(payment.providerPaymentId, 2450));
    expect(fake.payment(payment.providerPaymentId)).toMatchObject({ refundedCents: 5000 });
  });

  it('refuses a refund of iyzico’s sandbox card that cannot be refunded, and of a payment still in review', async () => {
    const unrefundable = await startPayment(800);
    await payOnPage(unrefundable.started.pageUrl, cards.notRefundable);
    const result = await iyzico().retrieve(unrefundable.lookup);
    expect(result.status).toBe('paid');
    const refused = await iyzico()
      .refund(refundOf((result as { providerPaymentId: string }).providerPaymentId, 800))
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ name: 'ProviderRefused', providerCode: '10201' });

    const inReview = await startPayment(900);
    await payOnPage(inReview.started.pageUrl, cards.reviewThenApprove);
    const { paymentId } = fake.paymentOfToken(inReview.started.token)!;
    await expect(iyzico().refund(refundOf(paymentId, 900))).rejects.toBeInstanceOf(ProviderRefused);
  });

  it('a refund whose answer is lost after iyzico made it: unknown, then found by the lookup; no second refund', async () => {
    const payment = await paid(2000);
    const request = refundOf(payment.providerPaymentId, 700);
    fake.addFault({ kind: 'drop', path: '/v2/payment/refund', times: 1 });
    await expect(iyzico().refund(request)).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(fake.payment(payment.providerPaymentId)!.refunds).toHaveLength(1);

    const found = await iyzico().findRefund(request);
    expect(found).toEqual({ providerRefundId: fake.payment(payment.providerPaymentId)!.refunds[0]!.hostReference });
    const lookup = fake.requests().at(-1)!;
    expect(lookup).toMatchObject({
      method: 'GET',
      path: '/v2/reporting/payment/details',
      query: { paymentId: payment.providerPaymentId, conversationId: request.refundId },
      signatureValid: true,
    });
    expect(fake.payment(payment.providerPaymentId)).toMatchObject({ refundedCents: 700 });

    // A 500 after the work was done is the same unknown outcome.
    const second = refundOf(payment.providerPaymentId, 300);
    fake.addFault({ kind: 'status', status: 500, commit: true, path: '/v2/payment/refund', times: 1 });
    await expect(iyzico().refund(second)).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(await iyzico().findRefund(second)).not.toBeNull();
    expect(fake.payment(payment.providerPaymentId)).toMatchObject({ refundedCents: 1000 });
  });

  it('a 5xx, a hang and 429 rate limiting are unknown outcomes that did nothing: the lookup finds no refund, and asking again refunds once', async () => {
    const payment = await paid(1000);
    const request = refundOf(payment.providerPaymentId, 400);

    fake.addFault({ kind: 'status', status: 503, path: '/v2/payment/refund', times: 1 });
    await expect(iyzico().refund(request)).rejects.toThrow(/answered 503/);
    fake.addFault({ kind: 'hang', path: '/v2/payment/refund', times: 1 });
    await expect(iyzico({ timeoutMs: 300 }).refund(request)).rejects.toThrow(/no answer in 300 ms/);
    fake.addFault({ kind: 'rate-limit', retryAfterSeconds: 7, path: '/v2/payment/refund', times: 1 });
    await expect(iyzico().refund(request)).rejects.toThrow(/rate limited \(retry after 7 s\)/);
    expect(
      fake
        .requests()
        .slice(-3)
        .map((entry) => entry.fault),
    ).toEqual(['status', 'hang', 'rate-limit']);

    expect(await iyzico().findRefund(request)).toBeNull();
    fake.addFault({ kind: 'status', status: 502, path: '/v2/reporting/payment/details', times: 1 });
    await expect(iyzico().findRefund(request)).rejects.toBeInstanceOf(ProviderUnavailable);
    await iyzico().refund(request);
    expect(fake.payment(payment.providerPaymentId)).toMatchObject({ refundedCents: 400 });
  });

  it('is refused by iyzico when it signs with the wrong merchant secret: no page, nothing refunded', async () => {
    fake.clearRequests();
    const wrong = iyzico({ secretKey: 'not-the-merchant-secret' });
    await expect(
      wrong.start({
        paymentId: randomUUID(),
        amountCents: 500,
        currency: 'EUR',
        buyer: { id: 'user-2', email: 'b@example.com', fullName: 'B', ip: '127.0.0.1' },
        basket: [{ id: 'item', name: 'Bakiye yükleme', amountCents: 500 }],
        callbackUrl: CALLBACK,
        locale: 'tr',
      }),
    ).rejects.toThrow(/1000 Geçersiz imza/);
    const payment = await paid(600);
    const refused = await wrong.refund(refundOf(payment.providerPaymentId, 600)).catch((error: unknown) => error);
    expect(refused).toMatchObject({ name: 'ProviderRefused', providerCode: '1000' });
    expect(fake.payment(payment.providerPaymentId)).toMatchObject({ refundedCents: 0 });
    expect(fake.requests().filter((request) => !request.signatureValid)).toHaveLength(2);
  });

  it('a form nobody paid stays pending, also after its page expired (the page then takes no card)', async () => {
    const quick = await startFakeIyzico({ apiKey: API_KEY, secretKey: SECRET_KEY, tokenExpireSeconds: 1 });
    try {
      const { started, lookup } = await startPayment(700, 'tr', quick);
      expect(started.pageExpiresAt.getTime() - Date.now()).toBeLessThanOrEqual(1000);
      expect(await iyzico({ baseUrl: quick.url }).retrieve(lookup)).toEqual({ status: 'pending' });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const expired = await fetch(started.pageUrl);
      expect(expired.status).toBe(410);
      expect(await expired.text()).toContain('süresi doldu');
      expect(await iyzico({ baseUrl: quick.url }).retrieve(lookup)).toEqual({ status: 'pending' });
    } finally {
      await quick.close();
    }
  });
});

describe('card payments through the service with iyzico keys pointing at the fake iyzico', () => {
  let service: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    service = await startApp({
      env: {
        IYZICO_API_KEY: API_KEY,
        IYZICO_SECRET_KEY: SECRET_KEY,
        IYZICO_BASE_URL: fake.url,
        PUBLIC_BASE_URL: 'https://shop.example',
      },
    });
  });
  afterAll(async () => {
    await expectLedgerValid(service.app.db);
    await service.app.close();
  });

  const begin = async (buyer: Person, euros: number) => {
    const res = await service.app.inject({
      method: 'POST',
      url: '/user/payments/card',
      headers: await service.as(buyer, { 'idempotency-key': key() }),
      payload: { amount: euros },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const callback = (token: string) =>
    service.app.inject({
      method: 'POST',
      url: '/payments/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token }).toString(),
    });
  const read = async (buyer: Person, id: string) =>
    (await service.app.inject({ url: `/user/payments/${id}`, headers: await service.as(buyer) })).json().data;
  const balanceOf = async (buyer: Person) => (await accountOf(service.app.db, spendable(buyer.id).key)).balance;

  it('pays on the fake’s page, is posted back to our callback and credited once', async () => {
    const buyer = person(1);
    const payment = await begin(buyer, 19.99);
    expect(payment).toMatchObject({ provider: 'iyzico', status: 'pending' });
    const back = await payOnPage(payment.page_url, cards.approve);
    const token = new URL(payment.page_url).searchParams.get('token')!;
    expect(back).toContain('action="https://shop.example/api/payments/callback"');
    expect((await callback(token)).statusCode).toBe(200);
    expect(await read(buyer, payment.id)).toMatchObject({ status: 'paid' });
    expect(await balanceOf(buyer)).toBe(1999);
    await callback(token);
    expect(await balanceOf(buyer)).toBe(1999);
  });

  it('credits a payment held in fraud review only once iyzico approves it, and never one it rejects', async () => {
    const buyer = person(1);
    const approved = await begin(buyer, 5);
    await payOnPage(approved.page_url, cards.reviewThenApprove);
    const approvedToken = new URL(approved.page_url).searchParams.get('token')!;
    await callback(approvedToken);
    expect((await read(buyer, approved.id)).status).toBe('review');
    expect(await balanceOf(buyer)).toBe(0);
    fake.decideReview(fake.paymentOfToken(approvedToken)!.paymentId, 'approve');
    await callback(approvedToken);
    expect((await read(buyer, approved.id)).status).toBe('paid');
    expect(await balanceOf(buyer)).toBe(500);

    const rejected = await begin(buyer, 7);
    await payOnPage(rejected.page_url, cards.reviewThenReject);
    const rejectedToken = new URL(rejected.page_url).searchParams.get('token')!;
    await callback(rejectedToken);
    expect((await read(buyer, rejected.id)).status).toBe('review');
    fake.decideReview(fake.paymentOfToken(rejectedToken)!.paymentId, 'reject');
    await callback(rejectedToken);
    expect(await read(buyer, rejected.id)).toMatchObject({ status: 'failed', failure_code: 'payment_fraud_rejected' });
    expect(await balanceOf(buyer)).toBe(500);
  });
  const admin = person(3);
  const adminPost = async (url: string) =>
    service.app.inject({ method: 'POST', url, headers: await service.as(admin) });
  const paid = async (buyer: Person, euros: number, card = cards.approve) => {
    const payment = await begin(buyer, euros);
    await payOnPage(payment.page_url, card);
    await callback(new URL(payment.page_url).searchParams.get('token')!);
    return payment as { id: string; page_url: string };
  };
  const sweep = () =>
    sweepPayments(service.app.db, providersOf(iyzico()), {
      ...testSchedule,
      concurrency: 2,
      limiter: rateLimiter(100),
    });
  const refundsAtFake = (buyerPaymentId: string) =>
    service.app
      .db('payments')
      .where({ id: buyerPaymentId })
      .first('provider_payment_id')
      .then((row) => fake.payment(row.provider_payment_id)!.refunds.map((refund) => refund.cents));

  it('credits nothing when the card was charged another amount, and an admin gives back what was charged', async () => {
    const buyer = person(1);
    const payment = await begin(buyer, 19.99);
    await payOnPage(payment.page_url, cards.approve);
    fake.addFault({
      kind: 'tamper',
      path: '/payment/iyzipos/checkoutform/auth/ecom/detail',
      fields: { paidPrice: '19.98' },
      resign: true,
      times: 1,
    });
    await callback(new URL(payment.page_url).searchParams.get('token')!);
    expect(await read(buyer, payment.id)).toMatchObject({
      status: 'failed',
      failure_code: 'payment_amount_mismatch',
      paid_cents: 1998,
    });
    expect(await balanceOf(buyer)).toBe(0);
    const refunded = await adminPost(`/admin/payments/${payment.id}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data.refunds).toEqual([
      expect.objectContaining({
        kind: 'unbooked',
        amount_cents: 1998,
        status: 'succeeded',
        provider_refund_id: expect.any(String),
      }),
    ]);
    expect(await refundsAtFake(payment.id)).toEqual([1998]);
    expect((await adminPost(`/admin/payments/${payment.id}/refund`)).headers['idempotent-replayed']).toBe('true');
    expect(await refundsAtFake(payment.id)).toEqual([1998]);
    expect(await balanceOf(buyer)).toBe(0);
  });

  it('a refund iyzico refuses waits for an admin: asked again it is refused again, then given back to the balance', async () => {
    const buyer = person(1);
    const payment = await paid(buyer, 12, cards.notRefundable);
    const asked = await service.app.inject({
      method: 'POST',
      url: `/user/payments/${payment.id}/refund`,
      headers: await service.as(buyer),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const [refund] = asked.json().data.refunds;
    expect(refund).toMatchObject({ status: 'failed', failure_code: 'card_refund_refused', amount_cents: 1200 });
    // Off the balance while the refund waits: it can be neither spent nor asked back twice.
    expect(await balanceOf(buyer)).toBe(0);
    const retried = await adminPost(`/admin/payments/${payment.id}/refunds/${refund.id}/retry`);
    expect(retried.json().data.refunds[0]).toMatchObject({ status: 'failed' });
    expect((await adminPost(`/admin/payments/${payment.id}/refunds/${randomUUID()}/retry`)).statusCode).toBe(404);
    const back = await adminPost(`/admin/payments/${payment.id}/refunds/${refund.id}/to-balance`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({
      refunded_cents: 0,
      refundable_cents: 1200,
      refunds: [{ status: 'returned' }],
    });
    expect(await balanceOf(buyer)).toBe(1200);
    expect((await adminPost(`/admin/payments/${payment.id}/refunds/${refund.id}/retry`)).statusCode).toBe(409);
    expect(await refundsAtFake(payment.id)).toEqual([]);
  });

  it('a refund whose answer was lost after iyzico made it is looked up by the loop and never asked twice', async () => {
    const buyer = person(1);
    const payment = await paid(buyer, 9);
    fake.addFault({ kind: 'drop', path: '/v2/payment/refund', times: 1 });
    const asked = await service.app.inject({
      method: 'POST',
      url: `/user/payments/${payment.id}/refund`,
      headers: await service.as(buyer),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data.refunds[0]).toMatchObject({ status: 'pending' });
    expect(await refundsAtFake(payment.id)).toEqual([900]);
    await service.app
      .db('card_refunds')
      .where({ payment_id: payment.id })
      .update({ next_attempt_at: new Date(0) });
    expect((await sweep()).refunds).toBe(1);
    expect((await read(buyer, payment.id)).refunds[0]).toMatchObject({
      status: 'succeeded',
      provider_refund_id: expect.any(String),
    });
    expect(await refundsAtFake(payment.id)).toEqual([900]);
    expect(
      fake
        .requests()
        .filter(
          (r) =>
            r.path === '/v2/payment/refund' &&
            r.body?.paymentId === fake.paymentOfToken(new URL(payment.page_url).searchParams.get('token')!)!.paymentId,
        ),
    ).toHaveLength(1);
  });

  it('has no demo card pages while iyzico takes the payments', async () => {
    expect((await service.app.inject({ url: '/payments/demo/any-token' })).statusCode).toBe(404);
  });
});

describe('the one demo/production switch', () => {
  it('refuses iyzico’s sandbox in production, and takes no card payment there without iyzico keys', async () => {
    const production = {
      APP_MODE: 'production',
      INTERNAL_SERVICE_TOKEN: 'a-real-internal-secret-of-32-chars!',
    };
    await expect(
      startApp({ env: { ...production, IYZICO_API_KEY: API_KEY, IYZICO_SECRET_KEY: SECRET_KEY } }),
    ).rejects.toThrow(/IYZICO_BASE_URL: iyzico's sandbox takes no real card/);
    // NODE_ENV=production alone is production too.
    await expect(
      startApp({
        env: {
          NODE_ENV: 'production',
          APP_MODE: undefined as unknown as string,
          INTERNAL_SERVICE_TOKEN: production.INTERNAL_SERVICE_TOKEN,
          IYZICO_API_KEY: API_KEY,
          IYZICO_SECRET_KEY: SECRET_KEY,
        },
      }),
    ).rejects.toThrow(/sandbox/);
    // The real auth service beside it answers the shop's (complete, seeded) identity, so only the keys are missing.
    const auth = await buildAuth({
      config: loadAuthConfig({ ...process.env, INTERNAL_SERVICE_TOKEN: production.INTERNAL_SERVICE_TOKEN }),
      jwks: (await createTestKeys()).jwks,
    });
    await auth.listen({ port: 0, host: '127.0.0.1' });
    const authUrl = `http://127.0.0.1:${(auth.server.address() as { port: number }).port}`;
    const keyless = await startApp({ env: { ...production, AUTH_URL: authUrl } }).catch(async (error: unknown) => {
      await auth.close();
      throw error;
    });
    try {
      const buyer = person(1);
      const res = await keyless.app.inject({
        method: 'POST',
        url: '/user/payments/card',
        headers: await keyless.as(buyer, { 'idempotency-key': key() }),
        payload: { amount: 5 },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('card_payments_unavailable');
      expect((await keyless.app.inject({ url: '/payments/demo/any-token' })).statusCode).toBe(404);
    } finally {
      await keyless.app.close();
      await auth.close();
    }
  });
});
