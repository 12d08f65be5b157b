import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEALER, DEALER_2, PLUS_EU, setup, type Fixture } from './support';

/**
 * A sale is refunded at most once: a returned card's refund is the price of the approved order that
 * gave the dealer the card, only while that sale is unrefunded, and a card an admin handed over
 * without a sale returns for nothing. Orders here are billed by invoice (no hold), so the service
 * runs alone; the refund it owes is the amount of its `physical-sim.return.approved` event.
 */
let f: Fixture;
beforeAll(async () => {
  f = await setup();
});
afterAll(async () => {
  await f.stop();
});

const PRICE = PLUS_EU.retailCents;
const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  f.app.inject({ method, url, headers: f.auth(f.tokens.admin), ...(payload ? { payload } : {}) });

/** An approved invoice order of `quantity` PLUS_EU cards for `dealer`: the cards it sold. */
async function sold(dealer = DEALER, quantity = 1): Promise<string[]> {
  const id = randomUUID();
  await f.app.db('orders').insert({
    id,
    user_id: dealer.id,
    package_id: PLUS_EU.id,
    package_code: PLUS_EU.code,
    package_name_tr: PLUS_EU.nameTr,
    package_name_en: PLUS_EU.nameEn,
    quantity,
    unit_price_cents: PRICE,
    total_cents: PRICE * quantity,
    hold_id: null,
  });
  const res = await admin('POST', `/admin/physical-sim/orders/${id}/approve`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.card_ids;
}

const returnCards = (cardIds: string[], token = f.tokens.dealer) =>
  f.app.inject({
    method: 'POST',
    url: '/user/physical-sim/return',
    headers: f.auth(token),
    payload: { card_ids: cardIds, reason: 'Müşteri vazgeçti' },
  });

/** Requests a return of `cardIds` and has an admin approve it: what the return refunds, in cents. */
async function returnedFor(cardIds: string[], token = f.tokens.dealer): Promise<number> {
  const res = await returnCards(cardIds, token);
  expect(res.statusCode, res.body).toBe(201);
  const approved = await admin('POST', `/admin/physical-sim/returns/${res.json().data.id}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  expect(approved.json().data.refund_cents).toBe(res.json().data.refund_cents);
  return refundEventOf(res.json().data.id);
}

/** The refund the balance service is told to pay for a return. */
async function refundEventOf(returnId: string): Promise<number> {
  const [row] = await f.app.db('outbox').where({ type: 'physical-sim.return.approved', aggregate_id: returnId });
  return row.envelope.payload.refundCents;
}

const transfer = async (cardIds: string[], dealerId = DEALER.id) => {
  const res = await admin('POST', '/admin/physical-sim/stock/transfer-to-dealer', {
    dealer_id: dealerId,
    card_ids: cardIds,
  });
  expect(res.statusCode, res.body).toBe(200);
};

const setAutoApprove = async (on: boolean) =>
  expect(
    (await admin('PUT', '/admin/physical-sim/settings', { auto_approve_unactivated_returns: on })).statusCode,
  ).toBe(200);

describe('a sale is refunded at most once', () => {
  it('a card returned, transferred back by an admin and returned again refunds its price once, then nothing', async () => {
    const [card] = await sold();
    expect(await returnedFor([card!])).toBe(PRICE);
    await transfer([card!]);
    // Still a plain stock return, with no money: the transfer was not a sale.
    const again = await returnCards([card!]);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data).toMatchObject({ status: 'pending', refund: 0, refund_cents: 0 });
    const approved = await admin('POST', `/admin/physical-sim/returns/${again.json().data.id}/approve`);
    expect(approved.json().data).toMatchObject({ status: 'approved', refund_cents: 0 });
    expect(await refundEventOf(again.json().data.id)).toBe(0);
    expect(await f.app.db('cards').where({ id: card }).first()).toMatchObject({
      status: 'in_stock',
      owner_user_id: null,
    });
  });

  it('a card an admin transferred carries no price, even one a sale of it was never refunded', async () => {
    // Never sold: the admin's transfer is all the dealer got.
    const [fresh] = await f.app
      .db('cards')
      .whereNull('deleted_at')
      .whereNull('owner_user_id')
      .where({ status: 'in_stock', package_id: PLUS_EU.id })
      .orderBy('id')
      .limit(1)
      .pluck('id');
    await transfer([fresh]);
    expect(await returnedFor([fresh])).toBe(0);

    // Sold, taken back by an admin without a refund, then handed over again: that holding is no sale.
    const [taken] = await sold();
    const back = await admin('POST', '/admin/physical-sim/stock/return-to-admin', { card_ids: [taken] });
    expect(back.statusCode, back.body).toBe(200);
    await transfer([taken!]);
    expect(await returnedFor([taken!])).toBe(0);

    // Sold to one dealer and refunded, then handed to another: the second dealer bought nothing.
    const [moved] = await sold(DEALER_2);
    expect(await returnedFor([moved!], f.tokens.dealer2)).toBe(PRICE);
    await transfer([moved!], DEALER.id);
    expect(await returnedFor([moved!])).toBe(0);
  });

  it('a rejected return leaves the sale unrefunded: the next return of the card refunds it, once', async () => {
    const [card] = await sold();
    const first = await returnCards([card!]);
    expect(first.json().data.refund_cents).toBe(PRICE);
    const rejected = await admin('POST', `/admin/physical-sim/returns/${first.json().data.id}/reject`, {
      reason: 'Hasarlı',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await returnedFor([card!])).toBe(PRICE);
  });

  it('a card sold again after its refund is refunded at its new sale’s price', async () => {
    const [card] = await sold();
    expect(await returnedFor([card!])).toBe(PRICE);
    // The oldest stock goes first: make the returned card the oldest so the next sale takes it.
    await f.app
      .db('cards')
      .where({ id: card })
      .update({ created_at: new Date('2020-01-01T00:00:00Z') });
    const [resold] = await sold();
    expect(resold).toBe(card);
    expect(await returnedFor([card!])).toBe(PRICE);
  });

  it('the database keeps one refund per sale: a second return of the same sale gets no row, and its approval pays nothing', async () => {
    const [card] = await sold();
    const first = await returnCards([card!]);
    expect(first.json().data.refund_cents).toBe(PRICE);
    const sale = await f.app.db('cards').where({ id: card }).first('sale_order_id');
    // A second return of the same sale written past the service: the sale line already has its refund.
    const [forged] = await f.app
      .db('returns')
      .insert({ user_id: DEALER.id, reason: 'x', refund_cents: PRICE })
      .returning('id');
    await f.app.db('return_cards').insert({
      return_id: forged.id,
      card_id: card,
      order_id: sale.sale_order_id,
      refund_cents: PRICE,
      from_status: 'assigned',
    });
    await expect(
      f.app
        .db('sale_refunds')
        .insert({ order_id: sale.sale_order_id, card_id: card, return_id: forged.id, refund_cents: PRICE }),
    ).rejects.toThrow(/sale_refunds_once/);
    const paid = await admin('POST', `/admin/physical-sim/returns/${forged.id}/approve`);
    expect(paid.json().data).toMatchObject({ status: 'approved', refund_cents: 0 });
    expect(await refundEventOf(forged.id)).toBe(0);
    expect((await admin('POST', `/admin/physical-sim/returns/${first.json().data.id}/approve`)).statusCode).toBe(200);
    expect(await refundEventOf(first.json().data.id)).toBe(PRICE);
    // A card names only a sale of its own.
    const [other] = await sold();
    await expect(f.app.db('cards').where({ id: other }).update({ sale_order_id: randomUUID() })).rejects.toThrow(
      /cards_sale_line/,
    );
  });

  it('with auto-approve on, two returns of one card at once refund it once; after a transfer back, nothing', async () => {
    await setAutoApprove(true);
    try {
      const [card] = await sold();
      const race = await Promise.all([returnCards([card!]), returnCards([card!])]);
      const placed = race.filter((r) => r.statusCode === 201);
      expect(
        race.map((r) => r.statusCode),
        race.map((r) => r.body).join('\n'),
      ).toHaveLength(2);
      expect(placed).toHaveLength(1);
      expect(placed[0]!.json()).toMatchObject({
        code: 'return_auto_approved',
        data: { status: 'approved', refund_cents: PRICE },
      });
      expect(race.find((r) => r.statusCode !== 201)!.statusCode).toBeGreaterThanOrEqual(400);

      await transfer([card!]);
      const again = await Promise.all([returnCards([card!]), returnCards([card!])]);
      const placedAgain = again.filter((r) => r.statusCode === 201);
      expect(placedAgain).toHaveLength(1);
      expect(placedAgain[0]!.json().data).toMatchObject({ status: 'approved', refund_cents: 0 });

      // Two returns made it, one per holding: the sale's price once, then nothing.
      const made = [placed[0]!, placedAgain[0]!].map((r) => r.json().data.id as string);
      expect(await Promise.all(made.map(refundEventOf))).toEqual([PRICE, 0]);
    } finally {
      await setAutoApprove(false);
    }
  });
});
