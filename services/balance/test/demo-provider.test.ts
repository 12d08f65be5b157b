import { randomUUID } from 'node:crypto';
import { createDb, type Db } from '@esim/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardFormPage, finishedPage } from '../src/payments/demo-page';
import {
  checkCard,
  demoProvider,
  demoSession,
  enterCard,
  finishVerification,
  TEST_CARDS,
  type DemoSession,
} from '../src/payments/demo-provider';
import { ProviderRefused, ProviderUnavailable, type RefundRequest } from '../src/payments/port';

/**
 * The demo provider on its own, on this file's database: the port as the payments code sees it
 * (page expiry, retrieve naming its payment, fraud review, partial refunds keyed by refund id and
 * their lookup), and the buyer's side as the demo page's routes call it (card check, 3-D Secure,
 * the finished page). The service-level card flows are in payments.test.ts.
 */
let db: Db;
beforeAll(() => {
  db = createDb(process.env.DATABASE_URL!, 'balance', 4);
});
afterAll(async () => {
  await db.destroy();
});

const provider = () => demoProvider(db, { publicBaseUrl: 'http://localhost:8080' });
const card = (number: string) => ({ name: 'Ada Yılmaz', number, expiry: '12/39', cvc: '123' });

async function start(amountCents: number, locale: 'tr' | 'en' = 'tr') {
  const paymentId = randomUUID();
  const started = await provider().start({
    paymentId,
    amountCents,
    currency: 'EUR',
    buyer: { id: 'user-1', email: 'ada@example.com', fullName: 'Ada Yılmaz', ip: '127.0.0.1' },
    basket: [{ id: randomUUID(), name: 'Bakiye yükleme', amountCents }],
    callbackUrl: 'http://localhost:8080/api/payments/callback',
    locale,
  });
  return { paymentId, started, lookup: { token: started.token, paymentId, locale } };
}

/** The buyer on the demo page: the card form, then the 3-D Secure answer. */
async function pay(token: string, number: string, confirmed = true): Promise<DemoSession> {
  const checked = checkCard(card(number), new Date());
  expect(checked.problems).toEqual([]);
  expect(await enterCard(db, token, { outcome: checked.outcome!, last4: checked.last4! })).toBe(true);
  return (await finishVerification(db, token, confirmed))!;
}

/** A minute passes for the demo's fraud review: its charge is moved back in the demo's own books. */
const reviewTimePasses = (token: string) =>
  db('demo_card_sessions')
    .where({ token })
    .update({ charged_at: db.raw("charged_at - interval '61 seconds'") });

const refundOf = (providerPaymentId: string, amountCents: number, refundId = randomUUID()): RefundRequest => ({
  providerPaymentId,
  refundId,
  amountCents,
  currency: 'EUR',
  locale: 'tr',
});

describe('demo provider', () => {
  it('starts a page that takes a card for 30 minutes, as iyzico’s token, and answers only about its own payment', async () => {
    const before = Date.now();
    const { paymentId, started, lookup } = await start(2550);
    expect(started.pageUrl).toBe(`http://localhost:8080/api/payments/demo/${started.token}`);
    // The database clock sets the expiry; allow it a few seconds of difference from this process's.
    expect(started.pageExpiresAt.getTime()).toBeGreaterThan(before + 1795_000);
    expect(started.pageExpiresAt.getTime()).toBeLessThan(Date.now() + 1805_000);
    expect(await demoSession(db, started.token)).toMatchObject({ conversation_id: paymentId, status: 'open' });
    expect(await provider().retrieve(lookup)).toEqual({ status: 'pending' });

    await pay(started.token, '5528790000000008');
    const paid = await provider().retrieve(lookup);
    expect(paid).toEqual({
      status: 'paid',
      providerPaymentId: expect.stringMatching(/^demo-/),
      paidCents: 2550,
      currency: 'EUR',
    });
    await expect(provider().retrieve({ ...lookup, paymentId: randomUUID() })).rejects.toBeInstanceOf(
      ProviderUnavailable,
    );
  });

  it('declines with the card’s reason and takes nothing when 3-D Secure is cancelled', async () => {
    const declined = await start(1000);
    await pay(declined.started.token, '4111111111111129');
    expect(await provider().retrieve(declined.lookup)).toEqual({
      status: 'failed',
      failureCode: 'card_declined_insufficient_funds',
      providerMessage: null,
    });
    const cancelled = await start(1000);
    await pay(cancelled.started.token, '5528790000000008', false);
    expect(await provider().retrieve(cancelled.lookup)).toMatchObject({
      status: 'failed',
      failureCode: 'payment_3ds_cancelled',
    });
  });

  it('holds the review card’s payment in fraud review (charged, not credited), then approves it a minute later', async () => {
    const { started, lookup } = await start(1999, 'en');
    const session = await pay(started.token, '4090000000000011');
    expect(session.status).toBe('review');
    expect(finishedPage(session)).toContain('Payment in fraud review');
    const inReview = await provider().retrieve(lookup);
    expect(inReview).toEqual({
      status: 'review',
      providerPaymentId: session.payment_id,
      paidCents: 1999,
      currency: 'EUR',
    });
    // Within the minute the answer stays the same; a payment in review cannot be refunded yet.
    expect((await provider().retrieve(lookup)).status).toBe('review');
    await expect(provider().refund(refundOf(session.payment_id!, 1999))).rejects.toBeInstanceOf(ProviderRefused);

    await reviewTimePasses(started.token);
    expect(await provider().retrieve(lookup)).toEqual({ ...inReview, status: 'paid' });
  });

  it('rejects the other review card’s payment a minute later: failed as payment_fraud_rejected, nothing to credit or refund', async () => {
    const { started, lookup } = await start(1500);
    const session = await pay(started.token, '4090000000000029');
    expect((await provider().retrieve(lookup)).status).toBe('review');
    await reviewTimePasses(started.token);
    expect(await provider().retrieve(lookup)).toEqual({
      status: 'failed',
      failureCode: 'payment_fraud_rejected',
      providerMessage: null,
      providerPaymentId: session.payment_id,
    });
    const refused = await provider()
      .refund(refundOf(session.payment_id!, 1500))
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ name: 'ProviderRefused', providerCode: 'payment_not_refundable' });
  });

  it('a page past its time takes no card, says so, and its payment stays unpaid', async () => {
    const { started, lookup } = await start(700);
    expect(checkCard(card('5528790000000008'), new Date()).outcome).toBe('approve');
    await db('demo_card_sessions')
      .where({ token: started.token })
      .update({ expires_at: db.raw("now() - interval '1 second'") });
    expect(await enterCard(db, started.token, { outcome: 'approve', last4: '0008' })).toBe(false);
    const session = (await demoSession(db, started.token))!;
    expect(session.status).toBe('expired');
    expect(finishedPage(session)).toContain('Ödeme sayfasının süresi doldu');
    expect((await finishVerification(db, started.token, true))!.status).toBe('expired');
    expect(await provider().retrieve(lookup)).toEqual({ status: 'pending' });

    // A buyer who reached 3-D Secure before the time ran out is not charged after it either.
    const late = await start(800);
    expect(await enterCard(db, late.started.token, { outcome: 'approve', last4: '0008' })).toBe(true);
    await db('demo_card_sessions')
      .where({ token: late.started.token })
      .update({ expires_at: db.raw("now() - interval '1 second'") });
    expect((await finishVerification(db, late.started.token, true))!).toMatchObject({
      status: 'expired',
      payment_id: null,
    });
  });

  it('refunds part of a payment twice keyed by refund id, refuses more than is left, and finds a refund by its id', async () => {
    const { started, lookup } = await start(5000);
    await pay(started.token, '5528790000000008');
    const { providerPaymentId } = (await provider().retrieve(lookup)) as { providerPaymentId: string };

    const firstRequest = refundOf(providerPaymentId, 1000);
    const first = await provider().refund(firstRequest);
    expect(await provider().refund(firstRequest)).toEqual(first);
    const second = await provider().refund(refundOf(providerPaymentId, 1550));
    expect(second.providerRefundId).not.toBe(first.providerRefundId);
    const tooMuch = refundOf(providerPaymentId, 2451);
    const refused = await provider()
      .refund(tooMuch)
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ name: 'ProviderRefused', providerCode: 'refund_exceeds_remaining' });
    await expect(provider().refund({ ...firstRequest, amountCents: 999 })).rejects.toMatchObject({
      providerCode: 'refund_id_reused',
    });

    expect(await provider().findRefund(firstRequest)).toEqual(first);
    expect(await provider().findRefund(tooMuch)).toBeNull();
    expect(await provider().findRefund({ ...firstRequest, providerPaymentId: 'demo-other' })).toBeNull();

    await provider().refund(refundOf(providerPaymentId, 2450));
    expect(await demoSession(db, started.token)).toMatchObject({ status: 'refunded' });
    expect(
      await db('demo_card_refunds').where({ payment_id: providerPaymentId }).sum({ total: 'amount' }).first(),
    ).toEqual({ total: '5000' });
    // Fully refunded, it was still paid: the payment's answer does not change.
    expect((await provider().retrieve(lookup)).status).toBe('paid');
  });

  it('lists the review cards on its card page with what they do, in the buyer’s language', async () => {
    expect(TEST_CARDS.map((test) => test.outcome)).toEqual(
      expect.arrayContaining(['approve', 'review_approve', 'review_reject']),
    );
    const { started } = await start(1200, 'en');
    const html = cardFormPage((await demoSession(db, started.token))!);
    expect(html).toContain('4090 0000 0000 0011</code>: charged, held for fraud review, approved a minute later');
    expect(html).toContain('4090 0000 0000 0029</code>: charged, held for fraud review, rejected a minute later');
  });
});
