import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEALER, PLUS_EU, setup, type Fixture } from './support';

/**
 * Bulk approve and reject of dealers' Plus orders and returns: each request by the single decision's
 * rule in its own transaction, a result per request, and each decided exactly once under replays and races.
 * Orders here are billed by invoice (no hold), so the service runs alone.
 */
let f: Fixture;
beforeAll(async () => {
  f = await setup();
});
afterAll(async () => {
  await f.stop();
});

const post = (url: string, payload: object, token = f.tokens.admin, extra: Record<string, string> = {}) =>
  f.app.inject({ method: 'POST', url, headers: f.auth(token, extra), payload });

/** A pending invoice order of one PLUS_EU card for the dealer. */
async function pendingOrder(): Promise<string> {
  const id = randomUUID();
  await f.app.db('orders').insert({
    id,
    user_id: DEALER.id,
    package_id: PLUS_EU.id,
    package_code: PLUS_EU.code,
    package_name_tr: PLUS_EU.nameTr,
    package_name_en: PLUS_EU.nameEn,
    quantity: 1,
    unit_price_cents: PLUS_EU.retailCents,
    total_cents: PLUS_EU.retailCents,
    hold_id: null,
  });
  return id;
}

const statusOf = async (table: 'orders' | 'returns', id: string) =>
  ((await f.app.db(table).where({ id }).first('status')) as { status: string }).status;

describe('POST /admin/physical-sim/orders/bulk-approve and bulk-reject', () => {
  it('approves each order once and rejects with the reason; a decided order is refused or already', async () => {
    const [a, b, c] = [await pendingOrder(), await pendingOrder(), await pendingOrder()];
    const approved = await post('/admin/physical-sim/orders/bulk-approve', { ids: [a, b] });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toEqual({
      decided: 2,
      already: 0,
      refused: 0,
      results: [
        { id: a, outcome: 'decided', code: 'order_approved', message: 'Sipariş onaylandı' },
        { id: b, outcome: 'decided', code: 'order_approved', message: 'Sipariş onaylandı' },
      ],
    });
    expect(await f.app.db('order_cards').whereIn('order_id', [a, b]).count({ n: '*' })).toEqual([{ n: 2 }]);

    const rejected = await post(
      '/admin/physical-sim/orders/bulk-reject',
      { ids: [c, a], reason: 'Stok ayrılmadı' },
      f.tokens.admin,
      { 'accept-language': 'en' },
    );
    expect(rejected.json().data.results).toEqual([
      { id: c, outcome: 'decided', code: 'order_rejected', message: 'Order rejected' },
      { id: a, outcome: 'refused', code: 'order_not_pending', message: 'This order is already approved' },
    ]);
    expect(await f.app.db('orders').where({ id: c }).first('status', 'reject_reason')).toEqual({
      status: 'rejected',
      reject_reason: 'Stok ayrılmadı',
    });

    // The same ids again: nothing is decided twice, no card is given twice.
    const replay = await post('/admin/physical-sim/orders/bulk-approve', { ids: [a, b] });
    expect(replay.json().data).toMatchObject({ decided: 0, already: 2, refused: 0 });
    expect(await f.app.db('order_cards').whereIn('order_id', [a, b]).count({ n: '*' })).toEqual([{ n: 2 }]);
    const unknown = randomUUID();
    expect((await post('/admin/physical-sim/orders/bulk-approve', { ids: [unknown] })).json().data.results).toEqual([
      { id: unknown, outcome: 'refused', code: 'order_not_found', message: 'Sipariş bulunamadı' },
    ]);
  });

  it('two bulks racing over the same orders decide each exactly once', async () => {
    const ids = [await pendingOrder(), await pendingOrder(), await pendingOrder()];
    const [approve, reject] = await Promise.all([
      post('/admin/physical-sim/orders/bulk-approve', { ids }),
      post('/admin/physical-sim/orders/bulk-reject', { ids: [...ids].reverse(), reason: 'Yarış' }),
    ]);
    const outcomes = [...approve.json().data.results, ...reject.json().data.results];
    for (const id of ids) {
      expect(outcomes.filter((r) => r.id === id && r.outcome === 'decided')).toHaveLength(1);
    }
    const approvedNow = approve.json().data.decided as number;
    expect(await f.app.db('order_cards').whereIn('order_id', ids).count({ n: '*' })).toEqual([{ n: approvedNow }]);
    const statuses = await Promise.all(ids.map((id) => statusOf('orders', id)));
    expect(statuses.filter((s) => s === 'approved')).toHaveLength(approvedNow);
    expect(statuses.filter((s) => s === 'rejected')).toHaveLength(3 - approvedNow);
  });

  it('refuses bad input naming the field, and anyone but an admin', async () => {
    const id = await pendingOrder();
    const noReason = await post('/admin/physical-sim/orders/bulk-reject', { ids: [id] });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0].path).toBe('reason');
    const badId = await post('/admin/physical-sim/returns/bulk-approve', { ids: ['1'] });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors[0].path).toBe('ids.0');
    expect((await post('/admin/physical-sim/orders/bulk-approve', { ids: [id] }, f.tokens.dealer)).statusCode).toBe(
      403,
    );
    expect(await statusOf('orders', id)).toBe('pending');
  });
});

describe('POST /admin/physical-sim/returns/bulk-approve and bulk-reject', () => {
  it('approves and rejects returns each once, a replay changing nothing', async () => {
    const soldTo = async () => {
      const order = await pendingOrder();
      await post('/admin/physical-sim/orders/bulk-approve', { ids: [order] });
      const cardIds = await f.app.db('order_cards').where({ order_id: order }).pluck('card_id');
      const asked = await post(
        '/user/physical-sim/return',
        { card_ids: cardIds, reason: 'Müşteri vazgeçti' },
        f.tokens.dealer,
      );
      expect(asked.statusCode, asked.body).toBe(201);
      return asked.json().data.id as string;
    };
    const [r1, r2] = [await soldTo(), await soldTo()];
    const approved = await post('/admin/physical-sim/returns/bulk-approve', { ids: [r1] });
    expect(approved.json().data.results).toEqual([
      { id: r1, outcome: 'decided', code: 'return_approved', message: 'İade onaylandı' },
    ]);
    const rejected = await post('/admin/physical-sim/returns/bulk-reject', { ids: [r2, r1], reason: 'Kart hasarlı' });
    expect(rejected.json().data).toMatchObject({ decided: 1, already: 0, refused: 1 });
    const again = await post('/admin/physical-sim/returns/bulk-reject', { ids: [r2], reason: 'Kart hasarlı' });
    expect(again.json().data).toMatchObject({ decided: 0, already: 1, refused: 0 });
    expect([await statusOf('returns', r1), await statusOf('returns', r2)]).toEqual(['approved', 'rejected']);
    // One refund event for the approved return, none for the rejected one.
    expect(
      await f.app
        .db('outbox')
        .where({ type: 'physical-sim.return.approved' })
        .whereIn('aggregate_id', [r1, r2])
        .count({ n: '*' }),
    ).toEqual([{ n: 1 }]);
  });
});
