import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEALER, PLUS_EU, setup, type Fixture } from './support';

/** Plus packages are sold to dealers only: a retail customer is refused before anything is read or written. */
let f: Fixture;
beforeAll(async () => {
  f = await setup();
});
afterAll(async () => {
  await f.stop();
});

const counts = async () =>
  Object.fromEntries(
    await Promise.all(
      ['orders', 'returns', 'return_cards', 'card_history', 'idempotency_keys'].map(async (table) => [
        table,
        Number((await f.app.db(table).count({ n: '*' }).first())!.n),
      ]),
    ),
  );

describe('a retail customer and the Plus routes', () => {
  it('is refused listing Plus packages to buy, their stock, ordering and returning, in Turkish or English; nothing changes', async () => {
    const dealerCard = await f.app.db('cards').where({ owner_user_id: DEALER.id, status: 'assigned' }).first('id');
    const before = await counts();
    const requests = [
      { method: 'GET' as const, url: '/user/physical-sim/packages' },
      { method: 'GET' as const, url: `/user/physical-sim/available?package_id=${PLUS_EU.id}` },
      { method: 'POST' as const, url: '/user/physical-sim/order', payload: { package_id: PLUS_EU.id, quantity: 1 } },
      {
        method: 'POST' as const,
        url: '/user/physical-sim/return',
        payload: { card_ids: [dealerCard.id], reason: 'x' },
      },
    ];
    for (const request of requests) {
      for (const [language, message] of [
        ['tr', 'Plus paketleri yalnızca bayilere satılır'],
        ['en', 'Plus packages are sold to dealers only'],
      ] as const) {
        const res = await f.app.inject({
          ...request,
          headers: f.auth(f.tokens.customer, { 'idempotency-key': randomUUID(), 'accept-language': language }),
        });
        expect(res.statusCode, `${request.url}: ${res.body}`).toBe(403);
        expect(res.json()).toMatchObject({ success: false, code: 'plus_dealers_only', message });
      }
    }
    expect(await counts()).toEqual(before);
    expect(await f.app.db('cards').where({ id: dealerCard.id }).first('status', 'owner_user_id')).toEqual({
      status: 'assigned',
      owner_user_id: DEALER.id,
    });
  });

  it('still reads their own (empty) cards, orders and returns; a dealer is let through', async () => {
    for (const url of ['/user/physical-sim/my-cards', '/user/physical-sim/orders', '/user/physical-sim/returns']) {
      const res = await f.app.inject({ url, headers: f.auth(f.tokens.customer) });
      expect(res.statusCode, url).toBe(200);
      expect(res.json().data).toEqual([]);
    }
    const available = await f.app.inject({
      url: `/user/physical-sim/available?package_id=${PLUS_EU.id}`,
      headers: f.auth(f.tokens.dealer),
    });
    expect(available.statusCode, available.body).toBe(200);
  });
});
