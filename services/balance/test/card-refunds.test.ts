import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DISTANCE_SALE_VERSION, formatEuros } from '@esim/contracts';
import { captureHold, createHold } from '../src/ledger/holds';
import { app, as, expectLedgerValid, internal, key, person, useBalanceApp, type Person } from './support';
import { approveCard, balanceOf, callback, payOnDemoPage, startCardDeposit, status, sweep } from './card-payments';

/**
 * Card money and its way back, on the balance service with the demo provider: the limits a card
 * payment meets, one checkout payment paying one order, and each kind of refund to the card, with
 * the attacks on them (a replay, a race, one payment cited by two orders, a second refund of one sale).
 */
useBalanceApp();
const admin = person(3);

/** A paid card payment of `euros`: a balance deposit, or a checkout payment for one order. */
async function paidPayment(buyer: Person, euros: number, purpose: 'deposit' | 'order' = 'deposit') {
  const { payment, token } = await startCardDeposit(
    app,
    buyer,
    euros,
    {},
    purpose === 'order' ? { agreement: { version: DISTANCE_SALE_VERSION } } : {},
  );
  await payOnDemoPage(token, approveCard);
  await callback(app, token);
  expect((await status(app, buyer, payment.id)).status).toBe('paid');
  return payment as { id: string; deposit_id: string };
}

const claim = (paymentId: string, body: { order_id: string; user_id: string; total_cents: number }) =>
  app.inject({ method: 'POST', url: `/internal/payments/${paymentId}/claim`, headers: internal, payload: body });

const refundOrder = (body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/internal/refunds', headers: internal, payload: body });

/** An order paid from the balance: its hold taken and captured, as the esim service and its event do. */
async function purchase(buyer: Person, orderId: string, cents: number) {
  const { holdId } = await createHold(app.db, { orderId, userId: buyer.id, amountCents: cents });
  await captureHold(app.db, holdId, { createdBy: 'service' });
}

const refundsOf = async (paymentId: string) =>
  app.db('card_refunds').where({ payment_id: paymentId }).orderBy('created_at');
const demoRefunds = async (paymentId: string) => {
  const providerId = (await app.db('payments').where({ id: paymentId }).first()).provider_payment_id;
  return app.db('demo_card_refunds').where({ payment_id: providerId });
};

describe('the limits of a card payment', () => {
  it('refuses a deposit over the largest card payment, naming the amount, and writes nothing', async () => {
    const buyer = person(1);
    for (const language of ['tr', 'en']) {
      const res = await app.inject({
        method: 'POST',
        url: '/user/payments/card',
        headers: await as(buyer, { 'idempotency-key': key(), 'accept-language': language }),
        payload: { amount: 1_000_000 },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'card_deposit_too_large', errors: [{ path: 'amount' }] });
      expect(res.json().message).toBe(
        language === 'tr'
          ? `Tek seferde kartla en fazla ${formatEuros(100_000)} ödenebilir`
          : `At most ${formatEuros(100_000)} can be paid by card at once`,
      );
    }
    expect(await app.db('payments').where({ user_id: buyer.id })).toEqual([]);
    expect(await app.db('deposits').where({ user_id: buyer.id })).toEqual([]);
  });

  it('refuses more by card in one day than the daily ceiling, counting what is paid or still open', async () => {
    const buyer = person(1);
    await paidPayment(buyer, 1000);
    await startCardDeposit(app, buyer, 999);
    const over = await app.inject({
      method: 'POST',
      url: '/user/payments/card',
      headers: await as(buyer, { 'idempotency-key': key() }),
      payload: { amount: 1.01 },
    });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ code: 'card_deposit_daily_limit', errors: [{ path: 'amount' }] });
    await startCardDeposit(app, buyer, 1);
  });

  it('lets one person have three card payments open at once: twenty started together open three, the rest are told to finish one', async () => {
    const buyer = person(1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () =>
        app.inject({
          method: 'POST',
          url: '/user/payments/card',
          headers: await as(buyer, { 'idempotency-key': key(), 'accept-language': 'en' }),
          payload: { amount: 5 },
        }),
      ),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(3);
    expect(codes.filter((code) => code === 429)).toHaveLength(17);
    const refused = answers.find((res) => res.statusCode === 429)!.json();
    expect(refused).toMatchObject({ code: 'card_payments_too_many_open' });
    expect(refused.message).toContain('You have 3 card payments not finished yet');
    expect(await app.db('payments').where({ user_id: buyer.id }).count({ n: '*' })).toEqual([{ n: 3 }]);
  });
});

describe('one checkout payment pays one order', () => {
  it('goes to the first order that claims it; the same order asking again gets the same share; another order is refused', async () => {
    const buyer = person(1);
    const payment = await paidPayment(buyer, 12, 'order');
    const first = `order-${randomUUID()}`;
    const claimed = await claim(payment.id, { order_id: first, user_id: buyer.id, total_cents: 1000 });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().data).toMatchObject({ order_id: first, card_cents: 1000 });
    expect(
      (await claim(payment.id, { order_id: first, user_id: buyer.id, total_cents: 1000 })).json().data,
    ).toMatchObject({ card_cents: 1000 });
    const second = await claim(payment.id, { order_id: `order-${randomUUID()}`, user_id: buyer.id, total_cents: 1000 });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('payment_already_used');
    const stranger = await claim(payment.id, { order_id: first, user_id: person(1).id, total_cents: 1000 });
    expect(stranger.statusCode).toBe(404);
  });

  it('has exactly one winner when twenty orders claim it at once', async () => {
    const buyer = person(1);
    const payment = await paidPayment(buyer, 9, 'order');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        claim(payment.id, { order_id: `order-${randomUUID()}`, user_id: buyer.id, total_cents: 900 }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(19);
  });

  it('cannot be a balance deposit, nor money already given back to the card', async () => {
    const buyer = person(1);
    const deposit = await paidPayment(buyer, 7);
    const refused = await claim(deposit.id, { order_id: `order-${randomUUID()}`, user_id: buyer.id, total_cents: 700 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('payment_not_for_an_order');

    const checkout = await paidPayment(buyer, 8, 'order');
    const back = await app.inject({
      method: 'POST',
      url: `/user/payments/${checkout.id}/refund`,
      headers: await as(buyer),
    });
    expect(back.statusCode, back.body).toBe(200);
    const gone = await claim(checkout.id, { order_id: `order-${randomUUID()}`, user_id: buyer.id, total_cents: 800 });
    expect(gone.statusCode).toBe(422);
    expect(gone.json().code).toBe('payment_already_refunded');
  });
});

describe('a refunded order gives the card its part and the balance the rest', () => {
  it('sends the card part to the card at the provider and the balance part to the balance, once per refund key', async () => {
    const buyer = person(1);
    await paidPayment(buyer, 5);
    const checkout = await paidPayment(buyer, 10, 'order');
    const orderId = `order-${randomUUID()}`;
    expect((await claim(checkout.id, { order_id: orderId, user_id: buyer.id, total_cents: 1500 })).statusCode).toBe(
      200,
    );
    await purchase(buyer, orderId, 1500);
    expect(await balanceOf(app, buyer)).toBe(0);

    const body = {
      order_id: orderId,
      refund_key: `esim:${randomUUID()}`,
      amount_cents: 1500,
      reason: 'eSIM refund',
      card: { payment_id: checkout.id, amount_cents: 1000 },
    };
    const refunded = await refundOrder(body);
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(refunded.json().data.card_refund_id).toEqual(expect.any(String));
    // The balance keeps what the balance paid; the card's part left it for the card.
    expect(await balanceOf(app, buyer)).toBe(500);
    await sweep();
    // The route asks the provider itself right after answering; while it does, its lease makes the sweep skip the refund.
    await expect.poll(async () => (await refundsOf(checkout.id))[0]?.status).toBe('succeeded');
    const [refund] = await refundsOf(checkout.id);
    expect(refund).toMatchObject({ kind: 'order', order_id: orderId, status: 'succeeded' });
    expect(Number(refund.amount)).toBe(1000);
    expect(await demoRefunds(checkout.id)).toEqual([
      expect.objectContaining({ refund_id: refund.id, provider_refund_id: refund.provider_refund_id }),
    ]);

    // A replay is the same refund; the card gets nothing more.
    const again = await refundOrder(body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ replayed: true, card_refund_id: refund.id });
    expect(await refundsOf(checkout.id)).toHaveLength(1);
    expect(await balanceOf(app, buyer)).toBe(500);

    const paymentView = await status(app, buyer, checkout.id);
    expect(paymentView).toMatchObject({
      status: 'refunded',
      order_id: orderId,
      refunded_cents: 1000,
      refundable_cents: 0,
      refunds: [{ kind: 'order', amount_cents: 1000, status: 'succeeded' }],
    });
    await expectLedgerValid(app.db);
  });

  it('never gives the card more than it paid of the order, whatever the refund keys and however many at once', async () => {
    const buyer = person(1);
    await paidPayment(buyer, 15);
    const checkout = await paidPayment(buyer, 15, 'order');
    const orderId = `order-${randomUUID()}`;
    await claim(checkout.id, { order_id: orderId, user_id: buyer.id, total_cents: 3000 });
    await purchase(buyer, orderId, 3000);
    const refund = (n: number, cardCents: number) =>
      refundOrder({
        order_id: orderId,
        refund_key: `esim:${n}-${orderId}`,
        amount_cents: 1000,
        reason: 'eSIM refund',
        card: { payment_id: checkout.id, amount_cents: cardCents },
      });
    // Three eSIMs of 10 €, the card paid 15 € of them: two refunds at once each asking 10 € for the card, one gets it.
    const answers = await Promise.all([refund(1, 1000), refund(2, 1000)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 422]);
    expect(answers.find((res) => res.statusCode === 422)!.json().code).toBe('card_refund_exceeds_payment');
    const third = await refund(3, 500);
    expect(third.statusCode, third.body).toBe(201);
    const given = (await refundsOf(checkout.id)).reduce((sum, row) => sum + Number(row.amount), 0);
    expect(given).toBe(1500);
    const beyond = await refund(4, 1);
    expect(beyond.statusCode).toBe(422);
    expect(beyond.json().code).toBe('card_refund_exceeds_payment');
    // What was refused moved nothing: 20 € refunded in all, 15 € of it to the card.
    expect(await balanceOf(app, buyer)).toBe(500);
    await expectLedgerValid(app.db);
  });

  it('refuses a card part through a payment another order claimed, and writes nothing', async () => {
    const buyer = person(1);
    const checkout = await paidPayment(buyer, 10, 'order');
    await claim(checkout.id, { order_id: `order-${randomUUID()}`, user_id: buyer.id, total_cents: 1000 });
    const otherOrder = `order-${randomUUID()}`;
    await paidPayment(buyer, 10);
    await purchase(buyer, otherOrder, 1000);
    const before = await balanceOf(app, buyer);
    const res = await refundOrder({
      order_id: otherOrder,
      refund_key: `esim:${randomUUID()}`,
      amount_cents: 1000,
      reason: 'eSIM refund',
      card: { payment_id: checkout.id, amount_cents: 1000 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('card_refund_not_this_order');
    expect(await balanceOf(app, buyer)).toBe(before);
    expect(await refundsOf(checkout.id)).toEqual([]);
  });
});

describe('unspent card money back to the card', () => {
  it('lets the owner ask for what is left on the balance, once; a stranger finds nothing', async () => {
    const buyer = person(1);
    const payment = await paidPayment(buyer, 30);
    await purchase(buyer, `order-${randomUUID()}`, 1250);
    const listed = await app.inject({ url: '/user/payments', headers: await as(buyer) });
    expect(listed.json().data).toEqual([expect.objectContaining({ id: payment.id, refundable_cents: 1750 })]);

    expect(
      (await app.inject({ method: 'POST', url: `/user/payments/${payment.id}/refund`, headers: await as(person(1)) }))
        .statusCode,
    ).toBe(404);
    const asked = await Promise.all(
      [1, 2, 3].map(async () =>
        app.inject({ method: 'POST', url: `/user/payments/${payment.id}/refund`, headers: await as(buyer) }),
      ),
    );
    expect(asked.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(asked.filter((res) => res.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect(await balanceOf(app, buyer)).toBe(0);
    const refunds = await refundsOf(payment.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ kind: 'unspent', status: 'succeeded' });
    expect(Number(refunds[0].amount)).toBe(1750);
    expect(await demoRefunds(payment.id)).toHaveLength(1);
    expect((await status(app, buyer, payment.id)).refunded_cents).toBe(1750);
    await expectLedgerValid(app.db);
  });

  it('counts a checkout payment’s order as spent only while that order’s money is held or taken', async () => {
    const buyer = person(1);
    const checkout = await paidPayment(buyer, 10, 'order');
    const orderId = `order-${randomUUID()}`;
    await claim(checkout.id, { order_id: orderId, user_id: buyer.id, total_cents: 1000 });
    const { holdId } = await createHold(app.db, { orderId, userId: buyer.id, amountCents: 1000 });
    expect((await status(app, buyer, checkout.id)).refundable_cents).toBe(0);
    // The order failed and its hold was voided: the money is the buyer's to take back to the card.
    await app.inject({ method: 'POST', url: `/internal/holds/${holdId}/void`, headers: internal });
    expect((await status(app, buyer, checkout.id)).refundable_cents).toBe(1000);
    const res = await app.inject({
      method: 'POST',
      url: `/user/payments/${checkout.id}/refund`,
      headers: await as(admin),
    });
    expect(res.statusCode).toBe(404);
    const own = await app.inject({
      method: 'POST',
      url: `/user/payments/${checkout.id}/refund`,
      headers: await as(buyer),
    });
    expect(own.json().data).toMatchObject({ refunded_cents: 1000, refundable_cents: 0 });
    await expectLedgerValid(app.db);
  });
});
