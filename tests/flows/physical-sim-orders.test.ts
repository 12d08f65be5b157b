import { randomUUID } from 'node:crypto';
import { waitFor } from '@esim/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBooksReport, verifyBooks } from '../../infra/src/testing/books';
import {
  CUSTOMER,
  DEALER,
  DEALER_2,
  PLUS_EU,
  PLUS_GLOBAL,
  PLUS_TR,
  physicalSimFlow,
  type PhysicalSimFlow,
} from './physical-sim';
import { startSystem, type System } from './system';

/** Dealer orders and returns on the running system: the catalog's prices and balance's holds, capture, void and refund. */
let system: System;
let f: PhysicalSimFlow;
beforeAll(async () => {
  system = await startSystem();
  f = await physicalSimFlow(system);
}, 120_000);
afterAll(async () => {
  await system?.stop();
});

const order = (body: object, token = f.tokens.dealer, key: string | null = randomUUID()) =>
  f.app.inject({
    method: 'POST',
    url: '/user/physical-sim/order',
    headers: f.auth(token, key ? { 'idempotency-key': key } : {}),
    payload: body,
  });
const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  f.app.inject({ method, url, headers: f.auth(f.tokens.admin), ...(payload ? { payload } : {}) });
const hold = (orderId: string) => f.balance.db('holds').where({ order_id: orderId }).first();
const spendable = async (userId: string) => {
  const res = await f.balance.inject({
    url: '/user/balance',
    headers: f.auth(userId === DEALER.id ? f.tokens.dealer : f.tokens.dealer2),
  });
  // What the dealer can spend: the balance minus open holds.
  return res.json().data.available as number;
};

describe('packages and availability', () => {
  it("lists the Plus packages at the caller's price with the count in stock", async () => {
    const res = await f.app.inject({ url: '/user/physical-sim/packages', headers: f.auth(f.tokens.dealer) });
    expect(res.statusCode, res.body).toBe(200);
    const eu = res.json().data.find((p: { code: string }) => p.code === PLUS_EU.code);
    // The demo dealer's own price 44.00 beside retail 49.00; 80 seeded cards of each package in admin stock (of 240).
    expect(eu).toMatchObject({
      id: PLUS_EU.id,
      price: 44,
      price_cents: 4400,
      retail_price: 49,
      available: expect.any(Number),
    });
    expect(eu.available).toBeGreaterThan(50);
    const other = (await f.app.inject({ url: '/user/physical-sim/packages', headers: f.auth(f.tokens.dealer2) }))
      .json()
      .data.find((p: { code: string }) => p.code === PLUS_EU.code);
    expect(other.price).toBe(49);
    const available = await f.app.inject({
      url: `/user/physical-sim/available?package_id=${PLUS_EU.id}`,
      headers: f.auth(f.tokens.dealer),
    });
    expect(available.json().data).toEqual({ package_id: PLUS_EU.id, available: eu.available });
  });

  it('pages, sorts, searches and answers getMany on the server (Content-Range, meta)', async () => {
    const get = (query: string) =>
      f.app.inject({ url: `/user/physical-sim/packages${query}`, headers: f.auth(f.tokens.dealer) });
    const all = (await get(`?sort=${encodeURIComponent('["price","ASC"]')}`)).json().data as Array<{
      id: string;
      code: string;
      price: number;
    }>;
    expect(all.map((p) => p.price)).toEqual([...all.map((p) => p.price)].sort((a, b) => a - b));
    const page = await get(`?range=${encodeURIComponent('[1,1]')}&sort=${encodeURIComponent('["price","ASC"]')}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-range']).toBe(`packages 1-1/${all.length}`);
    expect(page.headers['x-total-count']).toBe(String(all.length));
    expect(page.json().meta).toEqual({ total: all.length, page: 2, limit: 1 });
    expect(page.json().data.map((p: { id: string }) => p.id)).toEqual([all[1]!.id]);
    const found = (await get(`?filter=${encodeURIComponent(JSON.stringify({ q: PLUS_TR.code.toLowerCase() }))}`))
      .json()
      .data.map((p: { code: string }) => p.code);
    expect(found).toEqual([PLUS_TR.code]);
    const many = (await get(`?filter=${encodeURIComponent(JSON.stringify({ id: [PLUS_GLOBAL.id, PLUS_EU.id] }))}`))
      .json()
      .data.map((p: { id: string }) => p.id);
    expect(many.sort()).toEqual([PLUS_GLOBAL.id, PLUS_EU.id].sort());
    const bad = await get(`?filter=${encodeURIComponent('{"id":["not-a-uuid"]}')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toMatch(/^filter\.id/);
  });

  it('answers getMany (filter={"id":[...]}) on the buyer\'s cards, orders and returns with exactly those rows; a malformed id is a 400', async () => {
    for (const path of ['my-cards', 'orders', 'returns']) {
      const url = (query: string) =>
        f.app.inject({ url: `/user/physical-sim/${path}${query}`, headers: f.auth(f.tokens.dealer) });
      const unknown = randomUUID();
      const none = await url(`?filter=${encodeURIComponent(JSON.stringify({ id: [unknown] }))}`);
      expect(none.statusCode, none.body).toBe(200);
      expect(none.json().data, path).toEqual([]);
      const bad = await url(`?filter=${encodeURIComponent('{"id":["1 OR 1=1"]}')}`);
      expect(bad.statusCode, path).toBe(400);
      expect(bad.json().errors[0].path).toMatch(/^filter\.id/);
    }
  });
});

describe('order → approve / reject', () => {
  it('places an order with a hold; approval gives the dealer the oldest cards and the balance moves once', async () => {
    const before = await spendable(DEALER.id);
    const key = randomUUID();
    const res = await order({ package_id: PLUS_EU.id, quantity: 3, note: 'Mağaza' }, f.tokens.dealer, key);
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json().data;
    expect(placed).toMatchObject({
      status: 'pending',
      quantity: 3,
      unit_price: 44,
      total: 132,
      total_cents: 13200,
      note: 'Mağaza',
      card_ids: [],
    });
    expect(await hold(placed.id)).toMatchObject({ status: 'pending', amount: 13200 });
    // The same key again: the stored answer, no second hold.
    const replay = await order({ package_id: PLUS_EU.id, quantity: 3, note: 'Mağaza' }, f.tokens.dealer, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data.id).toBe(placed.id);
    expect(await f.balance.db('holds').where({ order_id: placed.id })).toHaveLength(1);

    const oldest = await f.app
      .db('cards')
      .whereNull('deleted_at')
      .where({ package_id: PLUS_EU.id, status: 'in_stock' })
      .whereNull('owner_user_id')
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .limit(3)
      .pluck('id');
    const approved = await admin('POST', `/admin/physical-sim/orders/${placed.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', decided_by: expect.any(String) });
    expect([...approved.json().data.card_ids].sort()).toEqual([...oldest].sort());
    const cards = await f.app.db('cards').whereIn('id', oldest);
    expect(cards.every((c) => c.owner_user_id === DEALER.id && c.status === 'assigned')).toBe(true);
    await waitFor(async () => (await hold(placed.id))?.status === 'captured', {
      what: 'hold captured',
      timeoutMs: 15_000,
    });
    expect(await spendable(DEALER.id)).toBeCloseTo(before - 132, 2);

    const mine = await f.app.inject({ url: '/user/physical-sim/my-cards?limit=100', headers: f.auth(f.tokens.dealer) });
    expect(mine.json().data.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining(oldest));
    expect(mine.json().data.every((c: { owner_user_id: string }) => c.owner_user_id === DEALER.id)).toBe(true);
  });

  it('reject voids the hold and gives the money back', async () => {
    const before = await spendable(DEALER.id);
    const placed = (await order({ package_id: PLUS_GLOBAL.id, quantity: 2 })).json().data;
    expect(await spendable(DEALER.id)).toBeCloseTo(before - 2 * 59, 2);
    const rejected = await admin('POST', `/admin/physical-sim/orders/${placed.id}/reject`, { reason: 'Stok ayrıldı' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: 'rejected', reason: 'Stok ayrıldı' });
    await waitFor(async () => (await hold(placed.id))?.status === 'voided', { what: 'hold voided', timeoutMs: 15_000 });
    expect(await spendable(DEALER.id)).toBeCloseTo(before, 2);
    expect((await admin('POST', `/admin/physical-sim/orders/${placed.id}/approve`)).json().code).toBe(
      'order_not_pending',
    );
  });

  it('refuses at once what the balance cannot cover, and more than the stock at approval with the count', async () => {
    // Twenty cards are in stock but cost 980.00, more than the second dealer's balance.
    const poor = await order({ package_id: PLUS_EU.id, quantity: 20 }, f.tokens.dealer2);
    expect(poor.statusCode).toBe(422);
    expect(poor.json().code).toBe('insufficient_balance');
    // The refusal names what the dealer may spend, never a placeholder.
    expect(poor.json().message).toMatch(/^Yetersiz bakiye\. Kullanılabilir bakiye: [0-9.]+,[0-9]{2}\s€$/);
    expect(await f.app.db('orders').where({ user_id: DEALER_2.id })).toHaveLength(0);

    const available = await f.app
      .db('cards')
      .whereNull('deleted_at')
      .where({ package_id: PLUS_GLOBAL.id, status: 'in_stock' })
      .whereNull('owner_user_id')
      .count('* as n')
      .first();
    // Order two while the stock has them, then move all but one card of the package away before approval.
    const placed = (await order({ package_id: PLUS_GLOBAL.id, quantity: 2 })).json().data;
    expect(placed.status).toBe('pending');
    const spare = await f.app
      .db('cards')
      .whereNull('deleted_at')
      .where({ package_id: PLUS_GLOBAL.id, status: 'in_stock' })
      .whereNull('owner_user_id')
      .orderBy('created_at', 'desc')
      .offset(1)
      .pluck('id');
    expect(spare.length).toBe(Number(available!.n) - 1);
    await f.app.inject({
      method: 'PUT',
      url: '/admin/physical-sim/stock/bulk-status-update',
      headers: f.auth(f.tokens.admin),
      payload: { card_ids: spare, status: 'reserved' },
    });
    const refused = await admin('POST', `/admin/physical-sim/orders/${placed.id}/approve`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'not_enough_stock',
      message: 'Stok yetersiz: bu paketten 1 kart var',
    });
    expect((await f.app.db('orders').where({ id: placed.id }).first()).status).toBe('pending');
  });

  it('two admins approving at once: exactly one wins', async () => {
    const placed = (await order({ package_id: PLUS_EU.id, quantity: 2 })).json().data;
    const results = await Promise.all([
      admin('POST', `/admin/physical-sim/orders/${placed.id}/approve`),
      admin('POST', `/admin/physical-sim/orders/${placed.id}/approve`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await f.app.db('order_cards').where({ order_id: placed.id })).toHaveLength(2);
    const approved = await f.app.db('outbox').where({ type: 'physical-sim.order.approved', aggregate_id: placed.id });
    expect(approved).toHaveLength(1);
    // What was sold travels with it, for the invoice's line.
    expect(approved[0].envelope.payload.item).toEqual({
      nameTr: PLUS_EU.nameTr,
      nameEn: PLUS_EU.nameEn,
      quantity: 2,
      unitPriceCents: approved[0].envelope.payload.amountCents / 2,
    });
  });

  it('bad input is a 4xx naming the field; the Idempotency-Key is required', async () => {
    const noKey = await order({ package_id: PLUS_EU.id, quantity: 1 }, f.tokens.dealer, null);
    expect(noKey.statusCode).toBe(400);
    const zero = await order({ package_id: PLUS_EU.id, quantity: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors[0].path).toBe('quantity');
    const unknown = await order({ package_id: randomUUID(), quantity: 1 });
    expect(unknown.statusCode).toBe(404);
    const notUuid = await admin('POST', '/admin/physical-sim/orders/abc/approve');
    expect(notUuid.statusCode).toBe(400);
  });
});

describe('placing an order against the stock', () => {
  // The Turkey package, left with three cards in admin stock; the second dealer orders (the first one's balance goes on the other tests).
  const inStock = () =>
    f.app
      .db('cards')
      .whereNull('deleted_at')
      .where({ package_id: PLUS_TR.id, status: 'in_stock' })
      .whereNull('owner_user_id');
  const ordersOfPackage = () => f.app.db('orders').where({ package_id: PLUS_TR.id, user_id: DEALER_2.id });
  const holdCount = async () => Number((await f.balance.db('holds').count('* as n').first())!.n);

  beforeAll(async () => {
    const spare = await inStock().clone().orderBy('created_at', 'desc').offset(3).pluck('id');
    const moved = await f.app.inject({
      method: 'PUT',
      url: '/admin/physical-sim/stock/bulk-status-update',
      headers: f.auth(f.tokens.admin),
      payload: { card_ids: spare, status: 'reserved' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await inStock().clone().pluck('id')).toHaveLength(3);
  });

  it('refuses more cards than in stock when placed, naming the count (tr and en), before any hold', async () => {
    const balanceBefore = await spendable(DEALER_2.id);
    const holdsBefore = await holdCount();
    const refused = await order({ package_id: PLUS_TR.id, quantity: 4 }, f.tokens.dealer2);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'order_exceeds_stock',
      message: 'Stok yetersiz: bu paketten en fazla 3 kart sipariş edilebilir',
      errors: [{ path: 'quantity', message: 'Stok yetersiz: bu paketten en fazla 3 kart sipariş edilebilir' }],
    });
    const english = await f.app.inject({
      method: 'POST',
      url: '/user/physical-sim/order',
      headers: f.auth(f.tokens.dealer2, { 'idempotency-key': randomUUID(), 'accept-language': 'en' }),
      payload: { package_id: PLUS_TR.id, quantity: 4 },
    });
    expect(english.json().message).toBe('Not enough stock: at most 3 cards of this package can be ordered');
    expect(await ordersOfPackage()).toHaveLength(0);
    expect(await holdCount()).toBe(holdsBefore);
    expect(await spendable(DEALER_2.id)).toBeCloseTo(balanceBefore, 2);
  });

  it('accepts up to the stock, and counts cards promised to pending orders', async () => {
    const placed = await order({ package_id: PLUS_TR.id, quantity: 2 }, f.tokens.dealer2);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data).toMatchObject({ status: 'pending', quantity: 2 });
    // Three in stock, two promised: one more can be ordered.
    const over = await order({ package_id: PLUS_TR.id, quantity: 2 }, f.tokens.dealer2);
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe('Stok yetersiz: bu paketten en fazla 1 kart sipariş edilebilir');
    expect(await ordersOfPackage()).toHaveLength(1);
  });

  it('two orders racing for the last card: one is placed, the other refused with nothing held', async () => {
    const holdsBefore = await holdCount();
    const results = await Promise.all([
      order({ package_id: PLUS_TR.id, quantity: 1 }, f.tokens.dealer2),
      order({ package_id: PLUS_TR.id, quantity: 1 }, f.tokens.dealer2),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(results.find((r) => r.statusCode === 422)!.json().code).toBe('order_exceeds_stock');
    expect(await ordersOfPackage()).toHaveLength(2);
    expect(await holdCount()).toBe(holdsBefore + 1);
    // Rejected orders promise nothing: all three cards can be ordered again.
    for (const o of await ordersOfPackage())
      expect((await admin('POST', `/admin/physical-sim/orders/${o.id}/reject`, { reason: 'test' })).statusCode).toBe(
        200,
      );
    expect((await order({ package_id: PLUS_TR.id, quantity: 4 }, f.tokens.dealer2)).json().message).toBe(
      'Stok yetersiz: bu paketten en fazla 3 kart sipariş edilebilir',
    );
  });
});

describe('returns (15-day unconditional)', () => {
  it('a return within 15 days is approved: cards back to admin stock and the dealer refunded', async () => {
    const placed = (await order({ package_id: PLUS_EU.id, quantity: 2 })).json().data;
    const approved = (await admin('POST', `/admin/physical-sim/orders/${placed.id}/approve`)).json().data;
    await waitFor(async () => (await hold(placed.id))?.status === 'captured', { what: 'capture', timeoutMs: 15_000 });
    const before = await spendable(DEALER.id);

    const res = await f.app.inject({
      method: 'POST',
      url: '/user/physical-sim/return',
      headers: f.auth(f.tokens.dealer),
      payload: { card_ids: approved.card_ids, reason: 'Müşteri iade etti' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const ret = res.json().data;
    expect(ret).toMatchObject({ status: 'pending', refund: 88, refund_cents: 8800 });
    expect(ret.cards.every((c: { status: string }) => c.status === 'returned')).toBe(true);
    const listed = await f.app.inject({ url: '/user/physical-sim/returns', headers: f.auth(f.tokens.dealer) });
    expect(listed.json().data.map((r: { id: string }) => r.id)).toContain(ret.id);

    const ok = await admin('POST', `/admin/physical-sim/returns/${ret.id}/approve`);
    expect(ok.statusCode, ok.body).toBe(200);
    const cards = await f.app.db('cards').whereIn('id', approved.card_ids);
    expect(cards.every((c) => c.status === 'in_stock' && c.owner_user_id === null)).toBe(true);
    await waitFor(async () => Math.abs((await spendable(DEALER.id)) - (before + 88)) < 0.001, {
      what: 'refund',
      timeoutMs: 15_000,
    });
  });

  it('refuses cards past the 15 days, activated cards, and cards of another dealer', async () => {
    const placed = (await order({ package_id: PLUS_EU.id, quantity: 3 })).json().data;
    const ids: string[] = (await admin('POST', `/admin/physical-sim/orders/${placed.id}/approve`)).json().data.card_ids;
    await f.app
      .db('cards')
      .where({ id: ids[0] })
      .update({ transferred_at: f.app.db.raw(`now() - interval '16 days'`) });
    await f.app.db('cards').where({ id: ids[1] }).update({ status: 'activated' });
    for (const id of ids.slice(0, 2)) {
      const res = await f.app.inject({
        method: 'POST',
        url: '/user/physical-sim/return',
        headers: f.auth(f.tokens.dealer),
        payload: { card_ids: [id], reason: 'x' },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('return_cards_not_returnable');
    }
    // 14 days: still inside the window.
    await f.app
      .db('cards')
      .where({ id: ids[2] })
      .update({ transferred_at: f.app.db.raw(`now() - interval '14 days'`) });
    const other = await f.app.inject({
      method: 'POST',
      url: '/user/physical-sim/return',
      headers: f.auth(f.tokens.dealer2),
      payload: { card_ids: [ids[2]], reason: 'x' },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('return_cards_not_yours');
    const inside = await f.app.inject({
      method: 'POST',
      url: '/user/physical-sim/return',
      headers: f.auth(f.tokens.dealer),
      payload: { card_ids: [ids[2]], reason: 'x' },
    });
    expect(inside.statusCode, inside.body).toBe(201);
    const rejected = await admin('POST', `/admin/physical-sim/returns/${inside.json().data.id}/reject`, {
      reason: 'Hasarlı',
    });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', rejection_reason: 'Hasarlı' });
    expect((await f.app.db('cards').where({ id: ids[2] }).first()).status).toBe('assigned');
  });

  it('with the admin setting on, a return of never-activated cards is approved at once', async () => {
    expect(
      (
        await f.app.inject({
          method: 'PUT',
          url: '/admin/physical-sim/settings',
          headers: f.auth(f.tokens.admin),
          payload: { auto_approve_unactivated_returns: true },
        })
      ).statusCode,
    ).toBe(200);
    // The second dealer (the first one's balance went on the orders above).
    const placed = (await order({ package_id: PLUS_EU.id, quantity: 1 }, f.tokens.dealer2)).json().data;
    const ids = (await admin('POST', `/admin/physical-sim/orders/${placed.id}/approve`)).json().data.card_ids;
    const res = await f.app.inject({
      method: 'POST',
      url: '/user/physical-sim/return',
      headers: f.auth(f.tokens.dealer2),
      payload: { card_ids: ids, reason: 'x' },
    });
    expect(res.json()).toMatchObject({
      code: 'return_auto_approved',
      data: { status: 'approved', auto_approved: true },
    });
    await f.app.inject({
      method: 'PUT',
      url: '/admin/physical-sim/settings',
      headers: f.auth(f.tokens.admin),
      payload: { auto_approve_unactivated_returns: false },
    });
  });
});

describe('a sale is refunded once', () => {
  const returnCards = (cardIds: string[], token = f.tokens.dealer) =>
    f.app.inject({
      method: 'POST',
      url: '/user/physical-sim/return',
      headers: f.auth(token),
      payload: { card_ids: cardIds, reason: 'Müşteri vazgeçti' },
    });
  const transferBack = async (cardIds: string[]) => {
    const res = await admin('POST', '/admin/physical-sim/stock/transfer-to-dealer', {
      dealer_id: DEALER.id,
      card_ids: cardIds,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const setAutoApprove = async (on: boolean) => {
    const res = await f.app.inject({
      method: 'PUT',
      url: '/admin/physical-sim/settings',
      headers: f.auth(f.tokens.admin),
      payload: { auto_approve_unactivated_returns: on },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** One card of PLUS_EU bought by the first dealer and paid for: the card and its price in cents. */
  const bought = async () => {
    const placed = await order({ package_id: PLUS_EU.id, quantity: 1 });
    expect(placed.statusCode, placed.body).toBe(201);
    const { id, unit_price_cents: price } = placed.json().data;
    const approved = await admin('POST', `/admin/physical-sim/orders/${id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    await waitFor(async () => (await hold(id))?.status === 'captured', { what: 'capture', timeoutMs: 15_000 });
    return { card: approved.json().data.card_ids[0] as string, price: price as number };
  };
  /** What the balance service refunded for these returns, once it has handled each approval (a refund of nothing posts no transfer). */
  const refundedFor = async (returnIds: string[]) => {
    for (const id of returnIds) {
      const approval = await f.app
        .db('outbox')
        .where({ type: 'physical-sim.return.approved', aggregate_id: id })
        .first('event_id');
      expect(approval, `return ${id} approved`).toBeDefined();
      await waitFor(async () => Boolean(await f.balance.db('inbox').where({ event_id: approval.event_id }).first()), {
        what: `balance to handle the approval of return ${id}`,
        timeoutMs: 15_000,
      });
    }
    const transfers = await f.balance.db('transfers').where({ kind: 'refund' }).whereIn('reference', returnIds);
    return transfers.reduce((sum, t) => sum + Number(t.amount), 0);
  };

  beforeAll(async () => {
    // The first dealer's balance went on the orders above: enough for the cards bought here.
    const loaded = await f.balance.inject({
      method: 'POST',
      url: '/admin/dealers/balance',
      headers: f.auth(f.tokens.admin, { 'idempotency-key': randomUUID() }),
      payload: { dealer_id: DEALER.id, amount: 500, note: 'Test kredisi' },
    });
    expect(loaded.statusCode, loaded.body).toBeLessThan(300);
  });

  it('returned, transferred back by an admin and returned again: the price once, then a plain stock return for nothing', async () => {
    const { card, price } = await bought();
    const before = await spendable(DEALER.id);
    const first = await returnCards([card]);
    expect(first.json().data).toMatchObject({ status: 'pending', refund_cents: price });
    expect((await admin('POST', `/admin/physical-sim/returns/${first.json().data.id}/approve`)).statusCode).toBe(200);
    await transferBack([card]);

    const again = await returnCards([card]);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data).toMatchObject({ status: 'pending', refund: 0, refund_cents: 0 });
    const approved = await admin('POST', `/admin/physical-sim/returns/${again.json().data.id}/approve`);
    expect(approved.json().data).toMatchObject({ status: 'approved', refund_cents: 0 });
    expect(await f.app.db('cards').where({ id: card }).first()).toMatchObject({
      status: 'in_stock',
      owner_user_id: null,
    });

    expect(await refundedFor([first.json().data.id, again.json().data.id])).toBe(price);
    expect(await spendable(DEALER.id)).toBeCloseTo(before + price / 100, 2);
  });

  it('a card an admin transferred carries no price: its return gives back nothing', async () => {
    const [card] = await f.app
      .db('cards')
      .whereNull('deleted_at')
      .whereNull('owner_user_id')
      .where({ status: 'in_stock', package_id: PLUS_EU.id })
      .orderBy('created_at', 'desc')
      .limit(1)
      .pluck('id');
    await transferBack([card]);
    const returned = await returnCards([card]);
    expect(returned.json().data).toMatchObject({ status: 'pending', refund_cents: 0 });
    expect((await admin('POST', `/admin/physical-sim/returns/${returned.json().data.id}/approve`)).statusCode).toBe(
      200,
    );
    expect(await refundedFor([returned.json().data.id])).toBe(0);
  });

  it('auto-approve on: two returns of one card at once refund it once; transferred back, two more refund nothing', async () => {
    const { card, price } = await bought();
    const before = await spendable(DEALER.id);
    await setAutoApprove(true);
    try {
      const race = await Promise.all([returnCards([card]), returnCards([card])]);
      const made = race.filter((r) => r.statusCode === 201);
      expect(made, race.map((r) => r.body).join('\n')).toHaveLength(1);
      expect(made[0]!.json()).toMatchObject({
        code: 'return_auto_approved',
        data: { status: 'approved', refund_cents: price },
      });
      const refused = race.find((r) => r.statusCode !== 201)!;
      expect([403, 422]).toContain(refused.statusCode);

      await transferBack([card]);
      const again = await Promise.all([returnCards([card]), returnCards([card])]);
      const madeAgain = again.filter((r) => r.statusCode === 201);
      expect(madeAgain).toHaveLength(1);
      expect(madeAgain[0]!.json().data).toMatchObject({ status: 'approved', refund_cents: 0 });

      expect(await refundedFor([made[0]!.json().data.id, madeAgain[0]!.json().data.id])).toBe(price);
      expect(await spendable(DEALER.id)).toBeCloseTo(before + price / 100, 2);
    } finally {
      await setAutoApprove(false);
    }
  });

  it('the books hold: every approved return refunded exactly its sales’ price, once', async () => {
    const books = await verifyBooks();
    expect(books.ledger.ok, formatBooksReport(books)).toBe(true);
    expect(books.consistency.ok, formatBooksReport(books)).toBe(true);
  });
});

describe('who sees what', () => {
  it('user routes are for role user only: admins and sales managers are refused', async () => {
    for (const token of [f.tokens.admin, f.tokens.salesManager]) {
      for (const url of [
        '/user/physical-sim/packages',
        '/user/physical-sim/my-cards',
        '/user/physical-sim/orders',
        '/user/physical-sim/returns',
        '/user/physical-sim/available',
      ]) {
        expect((await f.app.inject({ url, headers: f.auth(token) })).statusCode, url).toBe(403);
      }
      expect((await order({ package_id: PLUS_EU.id, quantity: 1 }, token)).statusCode).toBe(403);
    }
    expect(
      (await f.app.inject({ url: '/admin/physical-sim/orders/pending', headers: f.auth(f.tokens.dealer) })).statusCode,
    ).toBe(403);
    expect((await f.app.inject({ url: '/user/physical-sim/orders' })).statusCode).toBe(401);
  });

  it('Plus packages are sold to dealers only: a retail customer is refused at the API and nothing is written', async () => {
    const customer = { token: f.tokens.customer };
    const count = async (db: typeof f.app.db, table: string, where: Record<string, string> = {}) =>
      Number((await db(table).where(where).count({ n: '*' }).first())!.n);
    const written = async () => ({
      orders: await count(f.app.db, 'orders', { user_id: CUSTOMER.id }),
      returns: await count(f.app.db, 'returns', { user_id: CUSTOMER.id }),
      keys: await count(f.app.db, 'idempotency_keys'),
      holds: await count(f.balance.db, 'holds', { user_id: CUSTOMER.id }),
    });
    const before = await written();
    const key = randomUUID();
    const refused = await system.api('POST', '/user/physical-sim/order', {
      ...customer,
      headers: { 'idempotency-key': key },
      body: { package_id: PLUS_EU.id, quantity: 1 },
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body).toMatchObject({
      success: false,
      code: 'plus_dealers_only',
      message: 'Plus paketleri yalnızca bayilere satılır',
    });
    const english = await system.api('POST', '/user/physical-sim/order', {
      ...customer,
      headers: { 'idempotency-key': key, 'accept-language': 'en' },
      body: { package_id: PLUS_EU.id, quantity: 1 },
    });
    expect(english.body).toMatchObject({
      code: 'plus_dealers_only',
      message: 'Plus packages are sold to dealers only',
    });
    const dealerCard = await f.app.db('cards').where({ owner_user_id: DEALER.id, status: 'assigned' }).first('id');
    for (const [method, path, body] of [
      ['GET', '/user/physical-sim/packages'],
      ['GET', `/user/physical-sim/available?package_id=${PLUS_EU.id}`],
      ['POST', '/user/physical-sim/return', { card_ids: [dealerCard.id], reason: 'x' }],
    ] as const) {
      const res = await system.api(method, path, { ...customer, ...(body ? { body } : {}) });
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(403);
      expect(res.body.code).toBe('plus_dealers_only');
    }
    expect(await written()).toEqual(before);
    expect((await system.api('GET', '/user/physical-sim/packages', { token: f.tokens.dealer })).status).toBe(200);
  });

  it("another dealer's cards and orders are invisible", async () => {
    const orders2 = (await f.app.inject({ url: '/user/physical-sim/orders', headers: f.auth(f.tokens.dealer2) })).json()
      .data;
    expect(orders2.every((o: { user_id: string }) => o.user_id === DEALER_2.id)).toBe(true);
    const cards2 = (
      await f.app.inject({ url: '/user/physical-sim/my-cards?limit=100', headers: f.auth(f.tokens.dealer2) })
    ).json().data;
    expect(cards2.length).toBeGreaterThan(0);
    expect(cards2.every((c: { owner_user_id: string }) => c.owner_user_id === DEALER_2.id)).toBe(true);
    // A retail customer holds no cards and sees none.
    expect(
      (await f.app.inject({ url: '/user/physical-sim/my-cards', headers: f.auth(f.tokens.customer) })).json().data,
    ).toEqual([]);
    expect(CUSTOMER.id).not.toBe(DEALER.id);
  });
});
