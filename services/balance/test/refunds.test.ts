import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { app, as, givenDealer, internal, key, person, useBalanceApp } from './support';

/** Refunds of captured purchases (the esim service refunds one eSIM of an order at a time). */
const admin = person(3);
useBalanceApp();

describe('internal refund of a captured hold', () => {
  it('gives back part of a captured order per refund key, once, never more than was captured', async () => {
    const dealer = await givenDealer(app.db);
    const loaded = await app.inject({
      method: 'POST',
      url: '/admin/dealers/balance',
      headers: await as(admin, { 'idempotency-key': key() }),
      payload: { dealer_id: dealer.id, amount: 100, note: null },
    });
    expect(loaded.statusCode).toBe(200);
    const orderId = randomUUID();
    const hold = await app.inject({
      method: 'POST',
      url: '/internal/holds',
      headers: internal,
      payload: { order_id: orderId, user_id: dealer.id, amount_cents: 30_00 },
    });
    const holdId = hold.json().data.id;
    const refund = (refundKey: string, amount: number) =>
      app.inject({
        method: 'POST',
        url: '/internal/refunds',
        headers: internal,
        payload: { order_id: orderId, refund_key: refundKey, amount_cents: amount, reason: 'unused eSIM' },
      });

    const balance = async () =>
      (await app.inject({ url: '/user/balance', headers: await as(dealer) })).json().data.balance_cents;
    // Still pending (the order's completion event not consumed yet): the refund captures it first, once.
    const first = await refund('esim:a', 10_00);
    expect(first.statusCode, first.body).toBe(201);
    expect((await app.db('holds').where({ id: holdId }).first('status')).status).toBe('captured');
    const capture = await app.inject({ method: 'POST', url: `/internal/holds/${holdId}/capture`, headers: internal });
    expect(capture.statusCode).toBe(200);
    expect(await app.db('transfers').where({ hold_id: holdId }).count({ n: '*' })).toEqual([{ n: 1 }]);
    expect((await refund('esim:a', 10_00)).json().data).toMatchObject({
      transfer_id: first.json().data.transfer_id,
      replayed: true,
    });
    expect((await refund('esim:a', 5_00)).statusCode).toBe(409);
    expect(await balance()).toBe(80_00);
    expect((await refund('esim:b', 10_00)).statusCode).toBe(201);
    expect((await refund('esim:c', 10_01)).statusCode).toBe(422);
    expect((await refund('esim:c', 10_00)).statusCode).toBe(201);
    expect(await balance()).toBe(100_00);

    const unknown = await app.inject({
      method: 'POST',
      url: '/internal/refunds',
      headers: internal,
      payload: { order_id: 'nope', refund_key: 'k', amount_cents: 1, reason: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await app.inject({
      method: 'POST',
      url: '/internal/refunds',
      headers: internal,
      payload: { order_id: orderId, refund_key: 'k', amount_cents: -1, reason: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/internal/refunds', payload: {} })).statusCode).toBe(401);
  });

  it('refuses to refund an order whose hold was voided (nothing was taken)', async () => {
    const dealer = await givenDealer(app.db);
    await app.inject({
      method: 'POST',
      url: '/admin/dealers/balance',
      headers: await as(admin, { 'idempotency-key': key() }),
      payload: { dealer_id: dealer.id, amount: 50, note: null },
    });
    const orderId = randomUUID();
    const hold = await app.inject({
      method: 'POST',
      url: '/internal/holds',
      headers: internal,
      payload: { order_id: orderId, user_id: dealer.id, amount_cents: 30_00 },
    });
    await app.inject({ method: 'POST', url: `/internal/holds/${hold.json().data.id}/void`, headers: internal });
    const refund = await app.inject({
      method: 'POST',
      url: '/internal/refunds',
      headers: internal,
      payload: { order_id: orderId, refund_key: 'esim:v', amount_cents: 10_00, reason: 'x' },
    });
    expect(refund.statusCode).toBe(409);
    expect(refund.json().code).toBe('hold_not_captured');
    expect((await app.inject({ url: '/user/balance', headers: await as(dealer) })).json().data.balance_cents).toBe(
      50_00,
    );
  });

  it('names what a user can spend', async () => {
    const dealer = await givenDealer(app.db);
    const res = await app.inject({ url: `/internal/users/${dealer.id}/available`, headers: internal });
    expect(res.json().data).toMatchObject({ available_cents: 0 });
  });
});
