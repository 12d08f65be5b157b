import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DISTANCE_SALE_VERSION, type EsimOrder } from '@esim/contracts';
import { waitFor } from '@esim/platform/testing';
import type { EsimProvider } from '../../services/esim/src/provider/port';
import { settlePendingRefunds } from '../../services/esim/src/profiles/refunds';
import { admin, customer, key, startEsimSystem, type EsimSystem, type Person } from './esim';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const agreement = { version: DISTANCE_SALE_VERSION };

/**
 * Money back to where it came from, and a refunded eSIM taken back for good, on the real esim,
 * balance and catalog services: a refund withdraws the eSIM first (no code in any answer, its QR
 * gone, never offered again), ends it at its provider (asked again until it answers), and only then
 * gives the card its part and the balance the rest; one card payment pays one order.
 */
describe('eSIM refunds to the money’s source', () => {
  let sys: EsimSystem;
  let usStarter: string;
  beforeAll(async () => {
    sys = await startEsimSystem();
    usStarter = await sys.packageId('US-7D-3GB');
    await sys.stock('US-7D-3GB', 12);
  });
  afterAll(async () => {
    await sys.verifyLedger();
    await sys.stop();
  });

  const buy = async (who: Person, body: object, idem = key()) =>
    sys.esim.inject({
      method: 'POST',
      url: '/user/packages/buy',
      headers: await sys.as(who, { 'idempotency-key': idem, 'accept-language': 'en' }),
      payload: body,
    });

  /** The checkout's card payment of `cents`, paid on the demo provider's page as a buyer pays it. */
  async function payByCard(who: Person, cents: number): Promise<string> {
    const started = await sys.balance.inject({
      method: 'POST',
      url: '/user/payments/card',
      headers: await sys.as(who, { 'idempotency-key': key() }),
      payload: { amount: cents / 100, agreement },
    });
    expect(started.statusCode, started.body).toBe(201);
    const token = new URL(started.json().data.page_url).pathname.split('/').pop()!;
    const card = 'name=Ada+Y%C4%B1lmaz&number=5528790000000008&expiry=12%2F39&cvc=123';
    await sys.balance.inject({ method: 'POST', url: `/payments/demo/${token}`, headers: form, payload: card });
    await sys.balance.inject({
      method: 'POST',
      url: `/payments/demo/${token}/3ds`,
      headers: form,
      payload: 'action=confirm',
    });
    await sys.balance.inject({ method: 'POST', url: '/payments/callback', headers: form, payload: `token=${token}` });
    return started.json().data.id as string;
  }

  const refundPreview = async (who: Person, esimId: string) =>
    sys.esim.inject({ url: `/user/esim/${esimId}/refund`, headers: await sys.as(who, { 'accept-language': 'en' }) });
  const refund = async (who: Person, esimId: string, body: object = {}) =>
    sys.esim.inject({
      method: 'POST',
      url: `/user/esim/${esimId}/refund`,
      headers: await sys.as(who, { 'accept-language': 'en' }),
      payload: body,
    });
  const payment = async (who: Person, id: string) =>
    (await sys.balance.inject({ url: `/user/payments/${id}`, headers: await sys.as(who) })).json().data;

  it('a refunded eSIM’s code is in no answer, its QR and install link are gone, and its profile is never sold again', async () => {
    const me = customer();
    await sys.fund(me, 40_00);
    const bought = await buy(me, { package_id: usStarter, quantity: 1 });
    expect(bought.statusCode, bought.body).toBe(201);
    const order = bought.json().data as EsimOrder;
    const esim = order.esims[0]!;
    expect(esim.activation_code).toMatch(/^LPA:1\$/);

    const done = await refund(me, esim.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'refunded', refunded_cents: order.total_cents, to_card_cents: 0 });

    const headers = await sys.as(me);
    const page = (await sys.esim.inject({ url: `/user/esim/orders/${order.id}`, headers })).json().data;
    const usage = (await sys.esim.inject({ url: `/user/esim/${esim.id}/usage`, headers })).json().data;
    for (const view of [page.esims[0], usage.esim]) {
      expect(view).toMatchObject({
        status: 'refunded',
        activation_code: null,
        smdp_address: null,
        matching_id: null,
        ios_install_url: null,
        qr_url: null,
        refundable: false,
      });
    }
    const everything = JSON.stringify([page, usage]);
    const matchingId = esim.matching_id!;
    expect(everything).not.toContain(matchingId);
    expect((await sys.esim.inject({ url: `/user/esim/qr/${esim.iccid}.png`, headers })).statusCode).toBe(410);
    const codes = await sys.esim.inject({ method: 'POST', url: `/user/esim/orders/${order.id}/qr-codes`, headers });
    expect(codes.json().data).toEqual([]);
    const link = await sys.esim.inject({
      method: 'POST',
      url: `/user/esim/orders/${order.id}/install-links`,
      headers,
      payload: { esim_id: esim.id },
    });
    expect(link.statusCode).toBe(409);
    expect(link.json().code).toBe('install_link_esim_not_ready');

    // The profile stays the refunded order's: the next buyer of the same package gets another one.
    const next = customer();
    await sys.fund(next, 40_00);
    const theirs = (await buy(next, { package_id: usStarter, quantity: 1 })).json().data as EsimOrder;
    expect(theirs.esims[0]!.iccid).not.toBe(esim.iccid);
    expect(await sys.esim.db('profiles').where({ iccid: esim.iccid }).first()).toMatchObject({
      status: 'refunded',
      order_id: order.id,
      pool_status: 'assigned',
    });
    expect(await sys.available(me)).toBe(40_00);
  });

  it('refuses the traveller an installed eSIM (an admin may, with a reason) and a second refund of one eSIM pays once', async () => {
    const me = customer();
    const boss = admin();
    await sys.fund(me, 40_00);
    const order = (await buy(me, { package_id: usStarter, quantity: 2 })).json().data as EsimOrder;
    const [installed, fresh] = order.esims as [EsimOrder['esims'][0], EsimOrder['esims'][0]];
    await sys.esim.db('profiles').where({ id: installed.id }).update({ status: 'active', activated_at: new Date() });
    const preview = (await refundPreview(me, installed.id)).json().data;
    expect(preview).toMatchObject({ refundable: false, refusal_code: 'esim_refund_activated' });
    expect((await refund(me, installed.id)).statusCode).toBe(422);
    expect((await refund(boss, installed.id, { reason: 'network fault' })).statusCode).toBe(200);

    const twice = await Promise.all([refund(me, fresh.id), refund(me, fresh.id), refund(me, fresh.id)]);
    expect(twice.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    await sys.charged(me);
    expect(await sys.available(me)).toBe(40_00);
    expect(await sys.esim.db('refunds').where({ order_id: order.id })).toHaveLength(2);
  });

  it('shows where the money goes before the refund, then sends the card’s part to the card and the rest to the balance, and tells the buyer', async () => {
    const me = customer();
    await sys.fund(me, 3_00);
    const totalCents = Number(
      (await sys.catalog.db('packages').where({ code: 'US-7D-3GB' }).first('retail_price_cents')).retail_price_cents,
    );
    const paymentId = await payByCard(me, totalCents - 3_00);
    const bought = await buy(me, { package_id: usStarter, quantity: 1, agreement, card_payment_id: paymentId });
    expect(bought.statusCode, bought.body).toBe(201);
    const order = bought.json().data as EsimOrder;
    expect(order.agreement).toMatchObject({ paid_by_card_cents: totalCents - 3_00 });
    await sys.charged(me);
    expect(await sys.available(me)).toBe(0);

    const preview = await refundPreview(me, order.esims[0]!.id);
    expect(preview.json().data).toMatchObject({
      refundable: true,
      amount_cents: totalCents,
      to_card_cents: totalCents - 3_00,
      to_balance_cents: 3_00,
      card_payment_reference: expect.any(String),
    });
    const done = await refund(me, order.esims[0]!.id);
    expect(done.json().data).toMatchObject({
      status: 'refunded',
      to_card_cents: totalCents - 3_00,
      to_balance_cents: 3_00,
    });
    expect(await sys.available(me)).toBe(3_00);
    await waitFor(async () => (await payment(me, paymentId)).refunds[0]?.status === 'succeeded', {
      what: 'the card refund at the provider',
    });
    expect(await payment(me, paymentId)).toMatchObject({
      status: 'refunded',
      refunded_cents: totalCents - 3_00,
      refunds: [
        { kind: 'order', order_id: order.id, amount_cents: totalCents - 3_00, provider_refund_id: expect.any(String) },
      ],
    });
    const [event] = (
      await sys.esim.db('outbox').where({ type: 'esim.order.refunded', aggregate_id: order.id }).pluck('envelope')
    ).map((e: string | object) => (typeof e === 'string' ? JSON.parse(e) : e).payload);
    expect(event).toMatchObject({
      orderNumber: order.order_number,
      locale: 'en',
      amountCents: totalCents,
      toCardCents: totalCents - 3_00,
      toBalanceCents: 3_00,
    });
  });

  it('lets one card payment pay one order: a second order citing it is refused and charges nothing', async () => {
    const me = customer();
    const paymentId = await payByCard(me, 30_00);
    const first = await buy(me, { package_id: usStarter, quantity: 1, agreement, card_payment_id: paymentId });
    expect(first.statusCode, first.body).toBe(201);
    await sys.charged(me);
    const before = await sys.available(me);
    const second = await buy(me, { package_id: usStarter, quantity: 1, agreement, card_payment_id: paymentId });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'esim_card_payment_used' });
    expect(await sys.available(me)).toBe(before);
    const orders = await sys.esim.db('orders').where({ user_id: me.id }).orderBy('created_at');
    expect(orders.map((row) => [row.step, row.hold_id === null])).toEqual([
      ['completed', false],
      ['failed', true],
    ]);
    // The receipt of the one order names the card's share; the refused one has none to claim.
    expect((await payment(me, paymentId)).order_id).toBe(orders[0].id);
  });

  it('asks the provider again, one copy at a time, until it ends the eSIM, and only then gives the money back', async () => {
    const me = customer();
    await sys.fund(me, 40_00);
    const order = (await buy(me, { package_id: usStarter, quantity: 1 })).json().data as EsimOrder;
    await sys.charged(me);
    const available = await sys.available(me);
    const ctx = sys.esim.esim.ctx;
    const provider = ctx.provider;
    let calls = 0;
    const unreachable: EsimProvider = {
      ...provider,
      async revoke() {
        calls += 1;
        throw new Error('the provider does not answer');
      },
    };
    ctx.provider = unreachable;
    try {
      const res = await refund(me, order.esims[0]!.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.status).toBe('processing');
      // Asking again before the next try is due answers the same, and does not ask the provider again.
      const again = await refund(me, order.esims[0]!.id);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data.status).toBe('processing');
      expect(calls).toBe(1);
      // Withdrawn at once, but no money back while the eSIM may still work.
      const page = (await sys.esim.inject({ url: `/user/esim/orders/${order.id}`, headers: await sys.as(me) })).json()
        .data;
      expect(page.esims[0].activation_code).toBeNull();
      expect(await sys.available(me)).toBe(available);
      await sys.esim
        .db('refunds')
        .where({ order_id: order.id })
        .update({ next_attempt_at: new Date(0), created_at: new Date(0) });
      // Two copies of the service (and its own loop) reach for the refund at once: the provider is asked once.
      await Promise.all([settlePendingRefunds(sys.esim.db, ctx), settlePendingRefunds(sys.esim.db, ctx)]);
      await vi.waitFor(() => expect(calls).toBe(2));
      await settlePendingRefunds(sys.esim.db, ctx);
      expect(calls).toBe(2);
      expect(await sys.esim.db('refunds').where({ order_id: order.id }).first()).toMatchObject({ step: 'revoking' });
    } finally {
      ctx.provider = provider;
    }
    await sys.esim
      .db('refunds')
      .where({ order_id: order.id })
      .update({ next_attempt_at: new Date(0) });
    await settlePendingRefunds(sys.esim.db, ctx);
    await vi.waitFor(
      async () =>
        expect(await sys.esim.db('refunds').where({ order_id: order.id }).first()).toMatchObject({ step: 'done' }),
      { timeout: 5_000 },
    );
    expect(await sys.available(me)).toBe(available + order.total_cents);
  });
});
