import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@esim/platform/testing';
import { formatBooksReport, verifyBooks } from '../../infra/src/testing/books';
import type { Knex } from 'knex';
import { startSystem, type System } from './system';

/**
 * The partner API's keys on the running system (docs/partner-api.md): a dealer's key, exchanged at
 * the gateway for the dealer's token, buys a package and reads its order; its scopes and the routes
 * no key reaches are refused at the door; a revoked key stops on the very next request.
 */
describe('a dealer buys through the gateway with an API key', () => {
  let system: System;
  let admin: string;
  let dealer: string;
  let dealer2: string;
  let packageId: string;
  let orderKey: string;
  let readKey: string;

  beforeAll(async () => {
    system = await startSystem();
    admin = await system.login('admin@esim.test');
    dealer = await system.login('dealer@esim.test');
    dealer2 = await system.login('dealer2@esim.test');
    for (const [i, token] of [dealer, dealer2].entries()) {
      const me = await system.api('GET', '/me', { token });
      const loaded = await system.api('POST', '/admin/dealers/balance', {
        token: admin,
        headers: { 'idempotency-key': `api-key-flow-load-000${i}` },
        body: { dealer_id: me.body.data.id, amount: 100, note: 'API anahtarı denemesi' },
      });
      expect(loaded.status, JSON.stringify(loaded.body)).toBeLessThan(300);
    }
    const us = await system.api('GET', '/public/countries/united-states/packages');
    packageId = us.body.data.packages.find((p: { duration: number }) => p.duration === 7).id;

    const create = async (name: string, scopes: string[]) => {
      const res = await system.api('POST', '/user/api-keys', {
        token: dealer,
        headers: { 'idempotency-key': `api-key-flow-${name}` },
        body: { name, scopes },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data.secret as string;
    };
    orderKey = await create('Siparis', ['read', 'order']);
    readKey = await create('Okuma', ['read']);
  }, 120_000);

  afterAll(async () => {
    const books = await verifyBooks();
    expect(books.ledger.ok, formatBooksReport(books)).toBe(true);
    await system?.stop();
  });

  const buy = (key: string, idempotencyKey: string) =>
    system.api('POST', '/user/packages/buy', {
      token: key,
      headers: { 'idempotency-key': idempotencyKey },
      body: { package_id: packageId, quantity: 1 },
    });

  it('buys a package with an order key and reads the order; a replay of its Idempotency-Key makes one order', async () => {
    const before = (await system.api('GET', '/user/esim/orders', { token: dealer })).body.meta?.total;
    const bought = await buy(orderKey, 'api-key-flow-buy-0001');
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const order = bought.body.data;
    expect(order.status).toBe('completed');

    const again = await buy(orderKey, 'api-key-flow-buy-0001');
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(order.id);

    const read = await system.api('GET', `/user/esim/orders/${order.id}`, { token: orderKey });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data).toMatchObject({ id: order.id, order_number: order.order_number });
    // The dealer's own session sees the same single order.
    const list = await system.api('GET', '/user/esim/orders', { token: dealer });
    expect(list.body.data.filter((o: { id: string }) => o.id === order.id)).toHaveLength(1);
    if (typeof before === 'number') expect(list.body.meta.total).toBe(before + 1);

    // A read key reads it too, but may not buy.
    expect((await system.api('GET', `/user/esim/orders/${order.id}`, { token: readKey })).status).toBe(200);
    const refused = await system.api('POST', '/user/packages/buy', {
      token: readKey,
      headers: { 'idempotency-key': 'api-key-flow-buy-0002', 'accept-language': 'en' },
      body: { package_id: packageId, quantity: 1 },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'api_key_read_only',
      message: 'This API key may only read; this request needs a key with the "order" scope',
    });

    // Another dealer's order is not found with this dealer's key.
    const theirs = await system.api('POST', '/user/packages/buy', {
      token: dealer2,
      headers: { 'idempotency-key': 'api-key-flow-dealer2-0001' },
      body: { package_id: packageId, quantity: 1 },
    });
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    const other = await system.api('GET', `/user/esim/orders/${theirs.body.data.id}`, { token: orderKey });
    expect(other.status).toBe(404);
  });

  it('never reaches admin, sales-manager or key-management routes with a key', async () => {
    for (const [method, path] of [
      ['GET', '/admin/dealers'],
      ['GET', '/sales-manager/balance'],
      ['GET', '/user/api-keys'],
      ['POST', '/user/api-keys'],
    ] as const) {
      const res = await system.api(method, path, {
        token: orderKey,
        ...(method === 'POST' ? { body: { name: 'X', scopes: ['read'] } } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.code).toBe('api_key_route_forbidden');
    }
    // An unknown key is a 401, like a bad token.
    const unknown = await system.api('GET', '/user/balance', {
      token: 'esk_live_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe('api_key_invalid');
  });

  it("limits each key's requests per minute, on top of the per-route limits", async () => {
    // The buckets are counted in Redis for every gateway copy together: a key not used before starts at zero.
    const fresh = await system.api('POST', '/user/api-keys', {
      token: dealer,
      headers: { 'idempotency-key': 'api-key-flow-limit' },
      body: { name: 'Sinir', scopes: ['read'] },
    });
    const limited = fresh.body.data.secret as string;
    const other = await system.api('POST', '/user/api-keys', {
      token: dealer,
      headers: { 'idempotency-key': 'api-key-flow-limit-2' },
      body: { name: 'Sinir 2', scopes: ['read'] },
    });
    const strict = await system.startGateway({ env: { RATE_LIMIT_API_KEY_PER_MIN: '3' } });
    const call = (key: string) =>
      strict.inject({ method: 'GET', url: '/api/user/balance', headers: { authorization: `Bearer ${key}` } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(limited)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another key of the same dealer, from the same address, has a bucket of its own.
    expect((await call(other.body.data.secret)).statusCode).toBe(200);
  });

  it('records the last use of a key', async () => {
    const keys = await system.api('GET', '/user/api-keys', { token: dealer });
    const used = keys.body.data.find((key: { name: string }) => key.name === 'Siparis');
    expect(used.last_used_at).not.toBeNull();
    expect(used.last_used_ip).toBeTruthy();
  });

  it('refuses a revoked key on the very next request, on another gateway copy too', async () => {
    const other = await system.startGateway();
    const viaOther = (key: string) =>
      other.inject({ method: 'GET', url: '/api/user/balance', headers: { authorization: `Bearer ${key}` } });
    // Both gateways have exchanged the key and cache its token.
    expect((await system.api('GET', '/user/balance', { token: orderKey })).status).toBe(200);
    expect((await viaOther(orderKey)).statusCode).toBe(200);

    const keys = await system.api('GET', '/user/api-keys', { token: dealer });
    const id = keys.body.data.find((key: { name: string }) => key.name === 'Siparis').id;
    const revoked = await system.api('DELETE', `/user/api-keys/${id}`, { token: dealer });
    expect(revoked.status).toBe(200);

    // Refused by the gateway from its revocation set, or by the service's own check if the announcement is still on its way.
    const next = await system.api('GET', '/user/balance', { token: orderKey });
    expect(next.status).toBe(401);
    expect((await viaOther(orderKey)).statusCode).toBe(401);
    await waitFor(async () => (await viaOther(orderKey)).json().code === 'api_key_invalid', {
      what: 'the other gateway to refuse the key at its door',
    });
    // And it stays refused (the cached exchange is gone; auth refuses a new one).
    await waitFor(async () => (await system.api('GET', '/user/balance', { token: orderKey })).status === 401, {
      what: 'the revoked key to stay refused',
    });
    // The read key of the same dealer still works.
    expect((await system.api('GET', '/user/balance', { token: readKey })).status).toBe(200);
  });

  it('a sandbox key buys demo eSIMs at no cost through the same route: no hold, no ledger entry, no event, no money path', async () => {
    const esimDb = (system.services.esim as unknown as { db: Knex }).db;
    const balanceDb = (system.services.balance as unknown as { db: Knex }).db;
    const created = await system.api('POST', '/user/api-keys', {
      token: dealer,
      headers: { 'idempotency-key': 'api-key-flow-sandbox' },
      body: { name: 'Deneme', scopes: ['read', 'order'], sandbox: true },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ sandbox: true });
    const sandboxKey = created.body.data.secret as string;
    expect(sandboxKey).toMatch(/^esk_test_[a-z2-7]{39}$/);

    const counts = async () => ({
      transfers: (await balanceDb('transfers').count({ n: '*' }))[0]!.n,
      holds: (await balanceDb('holds').count({ n: '*' }))[0]!.n,
      outbox: (await esimDb('outbox').count({ n: '*' }))[0]!.n,
      pool: (await esimDb('profiles').where({ pool_status: 'available' }).count({ n: '*' }))[0]!.n,
    });
    const before = await counts();
    const balance = (await system.api('GET', '/user/balance', { token: dealer })).body.data;

    const bought = await system.api('POST', '/user/packages/buy', {
      token: sandboxKey,
      headers: { 'idempotency-key': 'api-key-flow-sandbox-buy' },
      body: { package_id: packageId, quantity: 2 },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const order = bought.body.data;
    expect(order).toMatchObject({
      status: 'completed',
      sandbox: true,
      total_cents: 0,
      unit_price_cents: 0,
      esim_count: 2,
    });
    for (const esim of order.esims) {
      expect(esim.activation_code).toMatch(/^LPA:1\$smdp\.sandbox\.example\$SANDBOX-/);
      expect(esim.refundable).toBe(false);
    }
    const again = await system.api('POST', '/user/packages/buy', {
      token: sandboxKey,
      headers: { 'idempotency-key': 'api-key-flow-sandbox-buy' },
      body: { package_id: packageId, quantity: 2 },
    });
    expect(again.body.data.id).toBe(order.id);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(bought.headers['idempotent-replayed']).toBeUndefined();

    // Nothing held, moved, published or taken from the pool; the balance is as it was.
    expect(await counts()).toEqual(before);
    expect((await system.api('GET', '/user/balance', { token: dealer })).body.data).toEqual(balance);
    expect(await esimDb('orders').where({ id: order.id }).first('sandbox', 'hold_id')).toEqual({
      sandbox: true,
      hold_id: null,
    });

    // The key lists its sandbox world only; the back office's lists (and dashboards) never show it.
    const keyList = await system.api('GET', '/user/esim/orders', { token: sandboxKey });
    expect(keyList.body.data.map((o: { id: string }) => o.id)).toEqual([order.id]);
    const sessionList = await system.api('GET', '/user/esim/orders?limit=100', { token: dealer });
    expect(sessionList.body.data.map((o: { id: string }) => o.id)).not.toContain(order.id);
    expect((await system.api('GET', `/user/esim/orders/${order.id}`, { token: dealer })).body.data.sandbox).toBe(true);

    // Every write that moves money is refused to the key at the gateway...
    const esimId = order.esims[0].id as string;
    for (const [method, path, body] of [
      ['POST', `/user/esim/${esimId}/refund`, {}],
      ['POST', `/user/esim/${esimId}/top-ups`, { package_id: packageId }],
      ['POST', '/user/physical-sim/order', { quantity: 1 }],
      ['POST', '/user/balance/add', { amount: 10 }],
    ] as const) {
      const refused = await system.api(method, path, {
        token: sandboxKey,
        headers: { 'idempotency-key': `api-key-flow-sandbox-${path}` },
        body,
      });
      expect(refused.status, path).toBe(403);
      expect(refused.body.code, path).toBe('api_key_sandbox_forbidden');
    }
    // ...and its demo eSIMs take no real money either, whoever asks.
    const refund = await system.api('POST', `/user/esim/${esimId}/refund`, { token: dealer, body: {} });
    expect(refund.status).toBe(422);
    const topUp = await system.api('POST', `/user/esim/${esimId}/top-ups`, {
      token: dealer,
      headers: { 'idempotency-key': 'api-key-flow-sandbox-top-up' },
      body: { package_id: packageId },
    });
    expect(topUp.status, JSON.stringify(topUp.body)).toBe(409);
    expect(await counts()).toEqual(before);

    // A live key of the same dealer still pays.
    const liveKey = await system.api('POST', '/user/api-keys', {
      token: dealer,
      headers: { 'idempotency-key': 'api-key-flow-sandbox-live-key' },
      body: { name: 'Canli', scopes: ['read', 'order'] },
    });
    expect(liveKey.body.data).toMatchObject({ sandbox: false, secret: expect.stringMatching(/^esk_live_/) });
    const live = await buy(liveKey.body.data.secret, 'api-key-flow-sandbox-live');
    expect(live.status, JSON.stringify(live.body)).toBe(201);
    expect(live.body.data.sandbox).toBe(false);
    expect(live.body.data.total_cents).toBeGreaterThan(0);
    // The sandbox key never reaches the live world, even by id: the live order, its eSIM, its QR zip, links and install mail are 404 to it.
    const liveEsim = live.body.data.esims[0];
    for (const [method, path] of [
      ['GET', `/user/esim/orders/${live.body.data.id}`],
      ['GET', `/user/esim/${liveEsim.id}/usage`],
      ['GET', `/user/esim/orders/${live.body.data.id}/qr.zip`],
      ['GET', `/user/esim/orders/${live.body.data.id}/install-links`],
      ['POST', `/user/esim/orders/${live.body.data.id}/send-install-mail`],
    ] as const) {
      const refused = await system.api(method, path, {
        token: sandboxKey,
        headers: { 'idempotency-key': `api-key-flow-sandbox-live-${path.split('/').pop()}` },
        ...(method === 'POST' ? { body: {} } : {}),
      });
      expect(refused.status, `${method} ${path} ${JSON.stringify(refused.body)}`).toBe(404);
    }
    expect((await system.api('GET', `/user/esim/orders/${live.body.data.id}`, { token: dealer })).status).toBe(200);
    // The ledger's invariants and the cross-service consistency rules hold with the sandbox order in.
    const books = await verifyBooks();
    expect(books.ok, formatBooksReport(books)).toBe(true);
  });
});
