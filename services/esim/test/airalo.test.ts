import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRedis, type Redis } from '@esim/platform';
import type { Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_AIRALO_CATALOGUE, startFakeAiralo, type FakeAiralo } from '../../../infra/src/fakes/airalo';
import { loadEsimConfig } from '../src/config';
import { newOrderNumber } from '../src/orders/order-number';
import { deliveryWrites, type SupplierDelivery } from '../src/profiles/deliveries';
import type { ProvisionRequest, TopUpRequest } from '../src/provider/port';
import { SupplierUnsupported, SupplierWebhookRefused, type SupplierNotice } from '../src/provider/supplier';
import {
  AiraloAuthFailed,
  AiraloUnavailable,
  airaloSupplier,
  type AiraloLog,
  type AiraloSupplier,
  type AiraloSupplierOptions,
} from '../src/suppliers/airalo';
import { startEsim, type EsimAlone } from './support';

/**
 * The Airalo adapter (src/suppliers/airalo) against the fake Airalo (infra/src/fakes/airalo.ts) on this
 * file's own database and Redis prefix: buying (synchronous and asynchronous), lost answers and the
 * lookup by description, refusals, webhooks (signature, repeats, order), top-ups, usage and its limits,
 * the shared token, refund requests, the catalogue and the balance.
 */
const CLIENT_ID = 'fake-airalo-client';
const CLIENT_SECRET = 'fake-airalo-secret-0123456789';
const MB = 1024 * 1024;

let sys: EsimAlone;
let db: Knex;
let fake: FakeAiralo;
let redis: Redis;
const logged: Array<{ level: string; args: unknown[] }> = [];
const log: AiraloLog = {
  info: (...args: unknown[]) => logged.push({ level: 'info', args }),
  warn: (...args: unknown[]) => logged.push({ level: 'warn', args }),
  error: (...args: unknown[]) => logged.push({ level: 'error', args }),
};

/** Our webhook route as the lead wires it: HEAD answers 200, POST hands the call to the adapter. */
interface Receiver {
  url: string;
  heads: number;
  deliveries: Array<{ status: number; notices: SupplierNotice[] }>;
  supplier: AiraloSupplier | null;
  server: Server;
}
let receiver: Receiver;

function startReceiver(): Promise<Receiver> {
  const state: Omit<Receiver, 'url' | 'server'> = { heads: 0, deliveries: [], supplier: null };
  const server = createServer((request, response) => {
    if (request.method === 'HEAD') {
      state.heads += 1;
      response.writeHead(200).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      state
        .supplier!.webhook(db, {
          headers: request.headers,
          rawBody: Buffer.concat(chunks),
          ip: request.socket.remoteAddress ?? '',
        })
        .then(
          (notices) => {
            state.deliveries.push({ status: 200, notices });
            response.writeHead(200).end();
          },
          (error: unknown) => {
            const status = error instanceof SupplierWebhookRefused ? 401 : 500;
            state.deliveries.push({ status, notices: [] });
            response.writeHead(status).end();
          },
        );
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve(Object.assign(state, { url: `http://127.0.0.1:${port}/webhooks/airalo`, server }));
    }),
  );
}

const config = () =>
  loadEsimConfig({
    ...process.env,
    AIRALO_CLIENT_ID: CLIENT_ID,
    AIRALO_CLIENT_SECRET: CLIENT_SECRET,
    AIRALO_BASE_URL: `${fake.url}/v2`,
  });

const airalo = (overrides: Partial<AiraloSupplierOptions> = {}) =>
  airaloSupplier({ config: config(), redis, log, timeoutMs: 3_000, orderTimeoutMs: 1_500, ...overrides });

beforeAll(async () => {
  sys = await startEsim();
  db = sys.esim.db;
  redis = createRedis(process.env.REDIS_URL!, process.env.REDIS_PREFIX!);
  fake = await startFakeAiralo({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    deliverySeconds: 0.2,
    webhookRetrySeconds: 0.2,
    // Many adapters share tokens here; the 3-a-minute limit itself is the fake's own test.
    tokenRequestsPerMinute: 30,
    refundsPerWindow: 100,
  });
  receiver = await startReceiver();
});

afterAll(async () => {
  await fake?.close();
  await new Promise((resolve) => receiver?.server.close(resolve));
  redis?.disconnect();
  await sys?.stop();
});

beforeEach(() => {
  fake.clearFaults();
});

const calls = (method: string, path: string | RegExp) =>
  fake
    .requests()
    .filter(
      (request) =>
        request.method === method && (typeof path === 'string' ? request.path === path : path.test(request.path)),
    );

async function waitFor<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  ms = 8_000,
) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** An order of ours for an Airalo package, as the saga writes it before provisioning. */
async function order(packageId: string, quantity = 1, dataMb: number | null = 1024): Promise<ProvisionRequest> {
  const id = randomUUID();
  const userId = randomUUID();
  await db('orders').insert({
    id,
    order_number: newOrderNumber(),
    user_id: userId,
    package_code: `AIRALO-${packageId}`,
    package_name_tr: packageId,
    package_name_en: packageId,
    package_type: 'country',
    countries: ['TR'],
    data_mb: dataMb,
    validity_days: 7,
    quantity,
    unit_price_cents: 650,
    total_cents: 650 * quantity,
    supplier: 'airalo',
    supplier_package_id: packageId,
  });
  return {
    orderId: id,
    supplier: 'airalo',
    userId,
    packageCode: `AIRALO-${packageId}`,
    supplierPackageId: packageId,
    quantity,
    dataTotalBytes: dataMb === null ? null : dataMb * MB,
    validityDays: 7,
  };
}

const profilesOf = (orderId: string) => db('profiles').where({ order_id: orderId }).orderBy('iccid');
const airaloOrdersOf = (orderId: string) => fake.orders().filter((placed) => placed.description === orderId);

/** One Airalo eSIM bought through the adapter: its order and profile. */
async function boughtEsim(packageId = 'merhaba-7days-1gb') {
  const request = await order(packageId);
  const [result] = await airalo().provision(db, [request]);
  if (result?.ok !== true) throw new Error(`expected the eSIM bought, got ${JSON.stringify(result)}`);
  const [profile] = await profilesOf(request.orderId);
  return { request, orderId: request.orderId, iccid: profile.iccid as string, profileId: profile.id as string };
}

describe('Airalo adapter: buying', () => {
  it('buys eSIMs: profiles stored as Airalo answered them, our order id as the description; asked again, the same eSIMs and no second order', async () => {
    fake.clearRequests();
    const request = await order('merhaba-7days-1gb', 2);
    const [result] = await airalo().provision(db, [request]);
    const [placed] = airaloOrdersOf(request.orderId);
    expect(placed).toMatchObject({ type: 'sim', packageId: 'merhaba-7days-1gb', quantity: 2 });
    expect(result).toEqual({ ok: true, iccids: [...placed!.iccids].sort() });

    const [post] = calls('POST', '/v2/orders');
    expect(post).toMatchObject({
      authorized: true,
      signatureValid: true,
      body: { package_id: 'merhaba-7days-1gb', quantity: 2, type: 'sim', description: request.orderId },
    });
    const profiles = await profilesOf(request.orderId);
    expect(profiles).toHaveLength(2);
    for (const profile of profiles) {
      const sim = fake.sim(profile.iccid)!;
      expect(profile).toMatchObject({
        supplier: 'airalo',
        supplier_ref: String(sim.id),
        smdp_address: sim.lpa,
        matching_id: sim.matchingId,
        pool_status: 'assigned',
        user_id: request.userId,
        status: 'inactive',
        package_code: 'AIRALO-merhaba-7days-1gb',
      });
      expect(Number(profile.data_total_bytes)).toBe(1024 * MB);
      // The code a phone scans is the one Airalo made from the same two parts.
      expect(`LPA:1$${profile.smdp_address}$${profile.matching_id}`).toBe(sim.qrcode);
    }
    const kept = await db('supplier_orders').where({ order_id: request.orderId }).first();
    expect(kept).toMatchObject({
      supplier: 'airalo',
      kind: 'purchase',
      status: 'delivered',
      supplier_order_ref: String(placed!.id),
      attempts: 1,
    });
    // 2 × 4.00 USD at the configured rate.
    expect(Number(kept.cost_cents)).toBe(Math.round(8 * config().SUPPLIER_EUR_PER_USD * 100));

    expect(await airalo().provision(db, [request])).toEqual([result]);
    expect(calls('POST', '/v2/orders')).toHaveLength(1);
    expect(airaloOrdersOf(request.orderId)).toHaveLength(1);
  });

  it('a purchase whose row the reservation opened is sent at once; one whose row was there already (a second driver) is looked up first, never ordered twice', async () => {
    fake.clearRequests();
    // What the reservation writes for Airalo (orders/provisioning.ts): the row, claimed for its first attempt.
    const openRow = (request: ProvisionRequest) =>
      db('supplier_orders').insert({
        order_id: request.orderId,
        supplier: 'airalo',
        kind: 'purchase',
        supplier_package_id: request.supplierPackageId,
        quantity: request.quantity,
        attempts: 1,
        failure_detail: 'in_flight',
      });
    expect(airalo().opensWithReservation).toEqual(['airalo']);
    const first = await order('merhaba-7days-1gb');
    await openRow(first);
    const [sent] = await airalo().provision(db, [{ ...first, opened: true }]);
    expect(sent).toEqual({ ok: true, iccids: airaloOrdersOf(first.orderId)[0]!.iccids });
    expect(calls('POST', '/v2/orders')).toHaveLength(1);
    expect(calls('GET', '/v2/orders')).toHaveLength(0);
    expect(await db('supplier_orders').where({ order_id: first.orderId }).first()).toMatchObject({
      status: 'delivered',
      attempts: 1,
    });

    // Another driver of an order whose first attempt may still be on its way: Airalo is asked, not ordered from.
    fake.clearRequests();
    const second = await order('merhaba-7days-1gb');
    await openRow(second);
    expect(await airalo().provision(db, [{ ...second, opened: false }])).toEqual([{ ok: 'pending' }]);
    expect(calls('POST', '/v2/orders')).toHaveLength(0);
    expect(calls('GET', '/v2/orders')).toEqual([
      expect.objectContaining({ query: expect.objectContaining({ 'filter[description]': second.orderId }) }),
    ]);
    expect(airaloOrdersOf(second.orderId)).toHaveLength(0);
  });

  it('a caller that records the delivery gets the eSIMs back unstored; written by deliveryWrites, they go in once however often it is asked', async () => {
    fake.clearRequests();
    const request = await order('merhaba-7days-1gb', 2);
    const [result] = await airalo().provision(db, [{ ...request, recordsDelivery: true }]);
    const [placed] = airaloOrdersOf(request.orderId);
    expect(result).toMatchObject({ ok: true, iccids: [...placed!.iccids].sort() });
    const delivery = (result as { unstored: SupplierDelivery }).unstored;
    expect(delivery).toMatchObject({ orderId: request.orderId, supplierOrderRef: String(placed!.id) });
    expect(delivery.profiles.map((profile) => profile.iccid).sort()).toEqual([...placed!.iccids].sort());
    // Nothing written yet: the order's record step writes them with its completion.
    expect(await profilesOf(request.orderId)).toHaveLength(0);
    expect(await db('supplier_orders').where({ order_id: request.orderId }).first('status')).toEqual({
      status: 'placing',
    });
    const writes = deliveryWrites([delivery, delivery]);
    const write = () => db.raw(`WITH ${writes.sql} SELECT order_id FROM delivered`, writes.bindings);
    expect((await write()).rows).toEqual([{ order_id: request.orderId }]);
    expect((await write()).rows).toEqual([]);
    expect((await profilesOf(request.orderId)).map((profile) => profile.iccid).sort()).toEqual(
      [...placed!.iccids].sort(),
    );
    expect(await db('supplier_orders').where({ order_id: request.orderId }).first('status')).toEqual({
      status: 'delivered',
    });
  });

  it('eSIMs handed back and never recorded (the process died first) are found by the lookup of the next drive: one Airalo order, stored once', async () => {
    fake.clearRequests();
    const request = await order('hallo-mobil-7days-1gb');
    const [lost] = await airalo().provision(db, [{ ...request, recordsDelivery: true }]);
    expect(lost).toMatchObject({ ok: true });
    expect(await profilesOf(request.orderId)).toHaveLength(0);
    // The recovery loop drives the order again: its row is there, so Airalo is asked before any second order.
    const [found] = await airalo().provision(db, [{ ...request, opened: false }]);
    expect(found).toEqual({ ok: true, iccids: (lost as { iccids: string[] }).iccids });
    expect(calls('POST', '/v2/orders')).toHaveLength(1);
    expect(calls('GET', '/v2/orders')).toHaveLength(1);
    expect(airaloOrdersOf(request.orderId)).toHaveLength(1);
    expect((await profilesOf(request.orderId)).map((profile) => profile.iccid)).toEqual(
      (lost as { iccids: string[] }).iccids,
    );
  });

  it('an order Airalo made whose answer was lost (the connection dropped) is found by its description: one Airalo order, one set of profiles', async () => {
    fake.clearRequests();
    fake.addFault({ kind: 'drop', path: '/v2/orders', method: 'POST', times: 1 });
    const request = await order('hallo-mobil-7days-1gb', 3);
    const [result] = await airalo().provision(db, [request]);
    expect(result).toMatchObject({ ok: true });
    expect(airaloOrdersOf(request.orderId)).toHaveLength(1);
    expect(calls('POST', '/v2/orders')).toHaveLength(1);
    expect(calls('GET', '/v2/orders')).toEqual([
      expect.objectContaining({ query: expect.objectContaining({ 'filter[description]': request.orderId }) }),
    ]);
    expect(await profilesOf(request.orderId)).toHaveLength(3);
    expect(await airalo().provision(db, [request])).toEqual([result]);
    expect(calls('POST', '/v2/orders')).toHaveLength(1);
  });

  it('a 5xx before anything was made leaves the order pending; asked again it is looked up, then ordered once. A 5xx after the order was made is found at once', async () => {
    fake.clearRequests();
    fake.addFault({ kind: 'status', status: 503, path: '/v2/orders', method: 'POST', times: 1 });
    const request = await order('change-7days-1gb');
    expect(await airalo().provision(db, [request])).toEqual([{ ok: 'pending' }]);
    expect(airaloOrdersOf(request.orderId)).toHaveLength(0);
    expect(await db('supplier_orders').where({ order_id: request.orderId }).first()).toMatchObject({
      status: 'placing',
      attempts: 1,
      failure_detail: 'answered: HTTP 503',
    });
    const [again] = await airalo().provision(db, [request]);
    expect(again).toMatchObject({ ok: true });
    expect(airaloOrdersOf(request.orderId)).toHaveLength(1);
    expect(calls('POST', '/v2/orders')).toHaveLength(2);
    expect(await profilesOf(request.orderId)).toHaveLength(1);

    fake.addFault({ kind: 'status', status: 500, commit: true, path: '/v2/orders', method: 'POST', times: 1 });
    const committed = await order('change-7days-1gb');
    expect(await airalo().provision(db, [committed])).toEqual([
      { ok: true, iccids: airaloOrdersOf(committed.orderId)[0]!.iccids },
    ]);
    expect(airaloOrdersOf(committed.orderId)).toHaveLength(1);
  });

  it('an order that timed out and that Airalo does not list is not sent again until it cannot still be under way; one made before the timeout is found', async () => {
    fake.clearRequests();
    fake.addFault({ kind: 'hang', path: '/v2/orders', method: 'POST', times: 1 });
    const request = await order('merhaba-15days-3gb');
    const quick = airalo({ orderTimeoutMs: 300 });
    expect(await quick.provision(db, [request])).toEqual([{ ok: 'pending' }]);
    expect(await quick.provision(db, [request])).toEqual([{ ok: 'pending' }]);
    expect(calls('POST', '/v2/orders')).toHaveLength(1);
    // Past the wait (here none): still not listed, so it is ordered again, once.
    const [later] = await airalo({ reorderAfterMs: 0 }).provision(db, [request]);
    expect(later).toMatchObject({ ok: true });
    expect(calls('POST', '/v2/orders')).toHaveLength(2);
    expect(airaloOrdersOf(request.orderId)).toHaveLength(1);

    fake.addFault({ kind: 'hang', commit: true, path: '/v2/orders', method: 'POST', times: 1 });
    const made = await order('merhaba-15days-3gb');
    expect(await quick.provision(db, [made])).toEqual([{ ok: true, iccids: airaloOrdersOf(made.orderId)[0]!.iccids }]);
  });

  it("Airalo's refusals are the buyer's reasons, with nothing bought or stored; asked again, the same answer without asking Airalo", async () => {
    const balanceBefore = fake.balanceCents();
    const cases = [
      ['test-insufficient-balance-7days-1gb', 'supplier_balance_low'],
      ['test-maintenance-mode-7days-1gb', 'supplier_maintenance'],
      ['test-not-enough-7days-1gb', 'esim_out_of_stock'],
      ['test-out-of-stock-7days-1gb', 'supplier_package_unavailable'],
      ['no-such-package-7days-1gb', 'supplier_package_unavailable'],
    ] as const;
    const requests = await Promise.all(cases.map(([packageId]) => order(packageId)));
    const results = await airalo().provision(db, requests);
    expect(results).toEqual(cases.map(([, reason]) => ({ ok: false, reason })));
    fake.clearRequests();
    expect(await airalo().provision(db, requests)).toEqual(results);
    expect(calls('POST', '/v2/orders')).toHaveLength(0);
    for (const request of requests) {
      expect(await profilesOf(request.orderId)).toHaveLength(0);
      expect(airaloOrdersOf(request.orderId)).toHaveLength(0);
    }
    const rows = await db('supplier_orders').whereIn(
      'order_id',
      requests.map((request) => request.orderId),
    );
    expect(rows.every((row: { status: string }) => row.status === 'failed')).toBe(true);
    expect(rows.find((row: { order_id: string }) => row.order_id === requests[0]!.orderId).failure_detail).toMatch(
      /code 11/,
    );
    expect(fake.balanceCents()).toBe(balanceBefore);
  });
});

describe('Airalo adapter: asynchronous orders and webhooks', () => {
  let asyncAiralo: AiraloSupplier;
  beforeAll(() => {
    asyncAiralo = airalo({ orders: 'async', webhookUrl: receiver.url, lookupEveryMs: 0 });
    receiver.supplier = asyncAiralo;
  });

  const noticesOf = (orderId: string) =>
    receiver.deliveries.filter((delivery) =>
      delivery.notices.some((notice) => notice.kind === 'order' && notice.orderId === orderId),
    );

  it("accepted (pending), then delivered by Airalo's signed webhook after its HEAD check; asked again, the same eSIMs", async () => {
    fake.clearRequests();
    const headsBefore = receiver.heads;
    const request = await order('eurolink-7days-1gb', 2);
    expect(await asyncAiralo.provision(db, [request])).toEqual([{ ok: 'pending' }]);
    const [post] = calls('POST', '/v2/orders-async');
    expect(post?.body).toMatchObject({ description: request.orderId, webhook_url: receiver.url, quantity: 2 });
    const placed = await db('supplier_orders').where({ order_id: request.orderId }).first();
    expect(placed).toMatchObject({ status: 'placed', request_ref: expect.stringMatching(/^[\w-]{25}$/) });

    await waitFor('the webhook', () => noticesOf(request.orderId).length > 0);
    expect(noticesOf(request.orderId)).toEqual([
      { status: 200, notices: [{ kind: 'order', orderId: request.orderId }] },
    ]);
    // The first webhook to our address: Airalo checked it with a HEAD request first.
    expect(receiver.heads).toBe(headsBefore + 1);
    const [airaloOrder] = airaloOrdersOf(request.orderId);
    expect(airaloOrder?.requestId).toBe(placed.request_ref);
    const profiles = await profilesOf(request.orderId);
    expect(profiles.map((profile: { iccid: string }) => profile.iccid)).toEqual([...airaloOrder!.iccids].sort());
    expect(await asyncAiralo.provision(db, [request])).toEqual([{ ok: true, iccids: [...airaloOrder!.iccids].sort() }]);
    expect(calls('POST', '/v2/orders-async')).toHaveLength(1);
  });

  it('a webhook with a bad or missing signature is refused and changes nothing; the same body written differently by a proxy still verifies', async () => {
    const request = await order('eurolink-7days-1gb');
    await asyncAiralo.provision(db, [request]);
    await waitFor('the webhook', () => noticesOf(request.orderId).length > 0);
    const webhook = fake.webhooks().find((sent) => sent.body.includes(request.orderId))!;
    const notices = await db('airalo_notices').count<{ count: string }[]>('* as count');

    const forged = webhook.body.replace(request.orderId, randomUUID());
    for (const headers of [{ 'airalo-signature': webhook.signature }, {}, { 'airalo-signature': 'ab'.repeat(64) }])
      await expect(
        asyncAiralo.webhook(db, { headers, rawBody: Buffer.from(forged), ip: '127.0.0.1' }),
      ).rejects.toBeInstanceOf(SupplierWebhookRefused);
    expect(await db('airalo_notices').count<{ count: string }[]>('* as count')).toEqual(notices);

    // Pretty-printed, "/" unescaped: the signature was made over the compact form, which is checked too.
    const rewritten = JSON.stringify(JSON.parse(webhook.body), null, 2);
    expect(rewritten).not.toBe(webhook.body);
    expect(
      await asyncAiralo.webhook(db, {
        headers: { 'airalo-signature': webhook.signature.toUpperCase() },
        rawBody: Buffer.from(rewritten),
        ip: '127.0.0.1',
      }),
    ).toEqual([{ kind: 'ignored', reason: 'duplicate' }]);
  });

  it('a webhook delivered twice is acted on once; two orders whose webhooks arrive in the opposite order are both delivered right', async () => {
    fake.addFault({ kind: 'webhook-duplicate', times: 1 });
    const twice = await order('discover-7days-1gb');
    const before = receiver.deliveries.length;
    await asyncAiralo.provision(db, [twice]);
    await waitFor('both copies', () => receiver.deliveries.length >= before + 2);
    const seen = receiver.deliveries.slice(before, before + 2).map((delivery) => delivery.notices);
    expect(seen).toEqual([[{ kind: 'order', orderId: twice.orderId }], [{ kind: 'ignored', reason: 'duplicate' }]]);
    expect(await profilesOf(twice.orderId)).toHaveLength(1);

    fake.addFault({ kind: 'webhook-reorder', times: 2 });
    const first = await order('merhaba-7days-1gb');
    const second = await order('hallo-mobil-7days-1gb', 2);
    expect(await asyncAiralo.provision(db, [first])).toEqual([{ ok: 'pending' }]);
    expect(await asyncAiralo.provision(db, [second])).toEqual([{ ok: 'pending' }]);
    await waitFor('both webhooks', () => noticesOf(first.orderId).length > 0 && noticesOf(second.orderId).length > 0);
    // The fake releases the later one first; on a loaded machine the two posts may still cross, so what is
    // checked is that each order is delivered right whatever came first.
    const arrival = receiver.deliveries.flatMap((delivery) =>
      delivery.notices.flatMap((notice) => (notice.kind === 'order' ? [notice.orderId] : [])),
    );
    expect(arrival).toEqual(expect.arrayContaining([first.orderId, second.orderId]));
    expect(await profilesOf(first.orderId)).toHaveLength(1);
    expect(await profilesOf(second.orderId)).toHaveLength(2);
    expect((await asyncAiralo.provision(db, [first, second])).map((result) => result.ok)).toEqual([true, true]);
  });

  it('a lost webhook: the order is found by the lookup; an order Airalo could not make fails with its reason', async () => {
    fake.addFault({ kind: 'webhook-drop', times: 1 });
    const lost = await order('change-30days-5gb');
    expect(await asyncAiralo.provision(db, [lost])).toEqual([{ ok: 'pending' }]);
    await fake.idle();
    expect(fake.webhooks().find((sent) => sent.body.includes(lost.orderId))?.state).toBe('dropped');
    expect(noticesOf(lost.orderId)).toHaveLength(0);
    const [found] = await asyncAiralo.provision(db, [lost]);
    expect(found).toEqual({ ok: true, iccids: airaloOrdersOf(lost.orderId)[0]!.iccids });

    const failing = await order('test-out-of-stock-7days-1gb');
    expect(await asyncAiralo.provision(db, [failing])).toEqual([{ ok: 'pending' }]);
    await waitFor('the failure webhook', () => noticesOf(failing.orderId).length > 0);
    expect(await asyncAiralo.provision(db, [failing])).toEqual([{ ok: false, reason: 'supplier_package_unavailable' }]);
    expect(await profilesOf(failing.orderId)).toHaveLength(0);
  });

  it('the low-data and credit-limit webhooks become an eSIM notice and a balance notice, each once', async () => {
    await asyncAiralo.optIn();
    const { iccid } = await boughtEsim('merhaba-7days-1gb');
    const [profile] = await db('profiles').where({ iccid });
    const before = receiver.deliveries.length;
    // 800 of 1024 MB used: Airalo's 75% warning fires by itself.
    fake.setUsage(iccid, { state: 'in_use', usedMb: 800 });
    await waitFor('the low-data webhook', () => receiver.deliveries.length > before);
    const [esim] = receiver.deliveries[before]!.notices;
    expect(esim).toEqual({
      kind: 'esim',
      iccid,
      supplierRef: profile.supplier_ref,
      status: {
        state: 'in_use',
        usedBytes: Math.round((1024 * MB * (100 - 22)) / 100),
        totalBytes: 1024 * MB,
        expiresAt: null,
        updatedAt: expect.any(Date),
      },
    });
    fake.sendLowData(iccid, '75%');
    await waitFor('the repeat', () => receiver.deliveries.length > before + 1);
    expect(receiver.deliveries[before + 1]!.notices).toEqual([{ kind: 'ignored', reason: 'duplicate' }]);

    const rate = config().SUPPLIER_EUR_PER_USD;
    fake.sendCreditLimit(80, 225.35);
    fake.sendCreditLimit(80, 225.35);
    await waitFor('both credit warnings', () => receiver.deliveries.length > before + 3);
    // The two copies arrive at once: whichever is first is acted on, the other is the duplicate.
    const credit = receiver.deliveries.slice(before + 2).map((delivery) => delivery.notices);
    expect(credit).toHaveLength(2);
    expect(credit).toEqual(
      expect.arrayContaining([
        [
          {
            kind: 'balance',
            message: 'Surpassed 80% of the credit limit balance',
            remainingCents: Math.round(225.35 * rate * 100),
          },
        ],
        [{ kind: 'ignored', reason: 'duplicate' }],
      ]),
    );
  });
});

describe('Airalo adapter: top-ups', () => {
  async function topUpOrder(
    profileId: string,
    iccid: string,
    packageId: string,
    dataMb: number,
  ): Promise<TopUpRequest> {
    const request = await order(packageId, 1, dataMb);
    await db('orders').where({ id: request.orderId }).update({ top_up_profile_id: profileId });
    return {
      orderId: request.orderId,
      supplier: 'airalo',
      profileId,
      iccid,
      packageCode: request.packageCode,
      supplierPackageId: packageId,
      dataBytes: dataMb * MB,
      validityDays: 30,
    };
  }

  it('only a top-up Airalo lists for that eSIM is bought, once, and its bundle added to our eSIM; a lost answer is looked up', async () => {
    const sync = airalo();
    const { iccid, profileId } = await boughtEsim('merhaba-7days-1gb');
    // Our eSIM not in use yet: it takes no top-up, and Airalo is not asked.
    fake.clearRequests();
    const early = await topUpOrder(profileId, iccid, 'merhaba-7days-1gb-topup', 1024);
    expect(await sync.topUp(db, [early])).toEqual([{ ok: false, reason: 'esim_top_up_not_allowed' }]);
    expect(calls('POST', '/v2/orders/topups')).toHaveLength(0);

    await db('profiles')
      .where({ id: profileId })
      .update({ status: 'active', expires_at: new Date(Date.now() + 5 * 86_400_000) });
    const offers = await sync.topUpOffers(db, { id: profileId, iccid });
    expect(offers.map((offer) => offer.supplierPackageId).sort()).toEqual([
      'merhaba-30days-5gb-topup',
      'merhaba-7days-1gb-topup',
    ]);
    expect(offers.every((offer) => offer.topUp && offer.countries.join() === 'TR')).toBe(true);

    const unlisted = await topUpOrder(profileId, iccid, 'hallo-mobil-7days-1gb-topup', 1024);
    expect(await sync.topUp(db, [unlisted])).toEqual([{ ok: false, reason: 'supplier_top_up_unavailable' }]);
    expect(calls('POST', '/v2/orders/topups')).toHaveLength(0);

    fake.addFault({ kind: 'drop', path: '/v2/orders/topups', times: 1 });
    const listed = await topUpOrder(profileId, iccid, 'merhaba-30days-5gb-topup', 5120);
    expect(await sync.topUp(db, [listed])).toEqual([{ ok: true }]);
    expect(await sync.topUp(db, [listed])).toEqual([{ ok: true }]);
    expect(calls('POST', '/v2/orders/topups')).toEqual([
      expect.objectContaining({
        body: { package_id: 'merhaba-30days-5gb-topup', iccid, description: listed.orderId },
      }),
    ]);
    expect(fake.sim(iccid)!.topUps).toEqual(['merhaba-30days-5gb-topup']);
    expect(await db('profile_bundles').where({ profile_id: profileId })).toHaveLength(1);
    const profile = await db('profiles').where({ id: profileId }).first();
    expect(Number(profile.data_total_bytes)).toBe((1024 + 5120) * MB);
    expect(await db('supplier_orders').where({ order_id: listed.orderId }).first()).toMatchObject({
      kind: 'top_up',
      status: 'delivered',
    });
  });

  it('a recycled eSIM takes no top-up, and a top-up Airalo disabled is refused with nothing added', async () => {
    const sync = airalo();
    const recycled = await boughtEsim('merhaba-7days-1gb');
    const disabled = await boughtEsim('test-disabled-top-up-7days-1gb');
    for (const { profileId } of [recycled, disabled])
      await db('profiles')
        .where({ id: profileId })
        .update({ status: 'active', expires_at: new Date(Date.now() + 86_400_000) });
    fake.setUsage(recycled.iccid, { state: 'recycled' });
    expect(await sync.topUpOffers(db, { id: recycled.profileId, iccid: recycled.iccid })).toEqual([]);
    const results = await sync.topUp(db, [
      await topUpOrder(recycled.profileId, recycled.iccid, 'merhaba-7days-1gb-topup', 1024),
      await topUpOrder(disabled.profileId, disabled.iccid, 'test-disabled-top-up-7days-1gb-topup', 1024),
    ]);
    expect(results).toEqual([
      { ok: false, reason: 'supplier_esim_recycled' },
      { ok: false, reason: 'supplier_top_up_unavailable' },
    ]);
    expect(await db('profile_bundles').whereIn('profile_id', [recycled.profileId, disabled.profileId])).toHaveLength(0);
  });
});

describe('Airalo adapter: usage, status and the token', () => {
  const usageCalls = (iccid: string) => calls('GET', `/v2/sims/${iccid}/usage`);

  it('usage is read in MB and cached for 20 minutes by every process; the state follows Airalo’s', async () => {
    const { iccid, profileId } = await boughtEsim('merhaba-7days-1gb');
    fake.setUsage(iccid, { state: 'in_use', usedMb: 300 });
    fake.clearRequests();
    const first = await airalo().esimStatus(db, { id: profileId, iccid });
    expect(first).toEqual({
      state: 'in_use',
      usedBytes: 300 * MB,
      totalBytes: 1024 * MB,
      expiresAt: expect.any(Date),
      updatedAt: expect.any(Date),
    });
    expect(first.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    fake.setUsage(iccid, { usedMb: 600 });
    // Another adapter (another process) over the same Redis, within 20 minutes: the cached figures.
    expect(await airalo().esimStatus(db, { id: profileId, iccid })).toEqual(first);
    expect(await airalo().usage(db, iccid)).toEqual({ usedBytes: 300 * MB, totalBytes: 1024 * MB });
    expect(usageCalls(iccid)).toHaveLength(1);

    const fresh = airalo({ usageCacheMs: 0 });
    const states: Array<[Parameters<FakeAiralo['setUsage']>[1], string]> = [
      [{ state: 'not_active' }, 'new'],
      [{ state: 'installed' }, 'installed'],
      [{ state: 'in_use', usedMb: 10 }, 'in_use'],
      [{ state: 'finished' }, 'depleted'],
      [{ state: 'expired' }, 'expired'],
      [{ state: 'recycled' }, 'expired'],
    ];
    for (const [change, state] of states) {
      fake.setUsage(iccid, change);
      expect((await fresh.esimStatus(db, { id: profileId, iccid })).state).toBe(state);
    }
    expect(await fresh.usage(db, '8990000000000000001')).toBeUndefined();
  });

  it("Airalo's 429 is honoured until its Retry-After with the last figures answered, and the per-ICCID limit holds", async () => {
    const { iccid, profileId } = await boughtEsim('change-unlimited-10days');
    const eager = airalo({ usageCacheMs: 0 });
    fake.clearRequests();
    const first = await eager.esimStatus(db, { id: profileId, iccid });
    expect(first).toMatchObject({ state: 'new', usedBytes: null, totalBytes: null });
    fake.addFault({ kind: 'rate-limit', path: `/v2/sims/${iccid}/usage`, times: 1, retryAfterSeconds: 30 });
    expect(await eager.esimStatus(db, { id: profileId, iccid })).toEqual(first);
    expect(await eager.esimStatus(db, { id: profileId, iccid })).toEqual(first);
    expect(usageCalls(iccid).map((call) => call.status)).toEqual([200, 429]);

    // Never read before and rate limited: nothing to answer with.
    const other = await boughtEsim('merhaba-7days-1gb');
    fake.addFault({ kind: 'rate-limit', path: `/v2/sims/${other.iccid}/usage`, times: 1, retryAfterSeconds: 30 });
    await expect(eager.esimStatus(db, { id: other.profileId, iccid: other.iccid })).rejects.toBeInstanceOf(
      AiraloUnavailable,
    );

    // Twelve reads in a row of a third eSIM: Airalo is asked ten times at most, never past its limit.
    const third = await boughtEsim('merhaba-7days-1gb');
    for (let i = 0; i < 12; i++) await eager.esimStatus(db, { id: third.profileId, iccid: third.iccid });
    expect(usageCalls(third.iccid)).toHaveLength(10);
    expect(usageCalls(third.iccid).every((call) => call.status === 200)).toBe(true);
  });

  it('one token for every process: two adapters over one Redis make one token request; a refused token is renewed once, then the call fails', async () => {
    const shared = createRedis(process.env.REDIS_URL!, `${process.env.REDIS_PREFIX!}tokens:`);
    try {
      fake.clearRequests();
      const [a, b] = [airalo({ redis: shared }), airalo({ redis: shared })];
      await Promise.all([a.balance(), b.balance(), a.balance(), b.balance()]);
      const tokenCalls = () => calls('POST', '/v2/token');
      expect(tokenCalls()).toHaveLength(1);
      expect(tokenCalls()[0]).toMatchObject({
        authorized: true,
        body: { client_id: CLIENT_ID, grant_type: 'client_credentials' },
      });
      expect(tokenCalls()[0]!.contentType).toMatch(/^multipart\/form-data/);
      // One shared token under the service's prefix, stored sealed (not the bearer token itself).
      const keys = await shared.keys(`${process.env.REDIS_PREFIX!}tokens:airalo:token:*`);
      expect(keys).toHaveLength(1);
      const stored = await shared.get(keys[0]!.slice(`${process.env.REDIS_PREFIX!}tokens:`.length));
      expect(stored).toMatch(/"sealed"/);
      expect(stored).not.toContain('fake.');

      fake.expireTokens();
      expect(await b.balance()).toEqual(expect.any(Number));
      expect(tokenCalls()).toHaveLength(2);
      // a still holds the refused token in memory: its 401 finds b's new token in Redis.
      expect(await a.balance()).toEqual(expect.any(Number));
      expect(tokenCalls()).toHaveLength(2);

      fake.addFault({ kind: 'unauthorized', path: '/v2/balance', times: 2 });
      await expect(a.balance()).rejects.toBeInstanceOf(AiraloAuthFailed);
      expect(tokenCalls()).toHaveLength(3);
      expect(
        calls('GET', '/v2/balance')
          .slice(-2)
          .map((call) => call.status),
      ).toEqual([401, 401]);
    } finally {
      shared.disconnect();
    }
  });
});

describe('Airalo adapter: refunds, catalogue, balance, settings', () => {
  it('revoke files one refund request per eSIM (again after a 429); setStatus is unsupported, as Airalo has no such call', async () => {
    const sync = airalo();
    const { iccid, profileId, orderId } = await boughtEsim('merhaba-7days-1gb');
    fake.clearRequests();
    fake.addFault({ kind: 'rate-limit', path: '/v2/refund', times: 1, retryAfterSeconds: 300 });
    await expect(sync.revoke(db, { id: profileId, iccid, orderId })).rejects.toBeInstanceOf(AiraloUnavailable);
    await sync.revoke(db, { id: profileId, iccid, orderId });
    await sync.revoke(db, { id: profileId, iccid, orderId });
    expect(fake.refunds().filter((refund) => refund.iccids.includes(iccid))).toEqual([
      expect.objectContaining({ iccids: [iccid], reason: 'OTHERS', notes: expect.stringContaining(orderId) }),
    ]);
    expect(calls('POST', '/v2/refund').map((call) => call.status)).toEqual([429, 202]);
    expect(calls('POST', '/v2/refund')[1]!.contentType).toMatch(/^multipart\/form-data/);
    expect(await db('airalo_refund_requests').where({ profile_id: profileId }).first()).toMatchObject({
      status: 'filed',
      refund_ref: expect.any(String),
      attempts: 2,
    });

    for (const status of ['suspended', 'active', 'revoked'] as const)
      await expect(sync.setStatus(db, iccid, status)).rejects.toBeInstanceOf(SupplierUnsupported);
    for (const action of ['suspend', 'unsuspend', 'revoke', 'cancel'])
      expect((await fetch(`${fake.url}/v2/sims/${iccid}/${action}`, { method: 'POST' })).status).toBe(404);
  });

  it('offers: every page of the package list flattened, with the EUR net cost, MB (unlimited: null), days, countries and top-ups flagged; the balance in euro cents', async () => {
    fake.clearRequests();
    const offers = await airalo({ packagesPageSize: 2 }).offers();
    expect(calls('GET', '/v2/packages').map((call) => call.query.page)).toEqual(['1', '2', '3']);
    const every = FAKE_AIRALO_CATALOGUE.flatMap((entry) =>
      entry.operators.flatMap((operator) => operator.packages.map((pkg) => pkg.id)),
    );
    expect(offers.map((offer) => offer.supplierPackageId).sort()).toEqual([...every].sort());
    const byId = new Map(offers.map((offer) => [offer.supplierPackageId, offer]));
    expect(byId.get('merhaba-7days-1gb')).toEqual({
      supplierPackageId: 'merhaba-7days-1gb',
      name: 'Merhaba 1 GB - 7 Days',
      countries: ['TR'],
      dataMb: 1024,
      validityDays: 7,
      // 4.00 USD quoted as 3.68 EUR by Airalo (the fake's rate): the EUR price is taken as is.
      netCostCents: 368,
      supplierPrice: { amount: 3.68, currency: 'EUR' },
      topUp: false,
    });
    expect(byId.get('change-unlimited-10days')).toMatchObject({ dataMb: null, validityDays: 10, topUp: false });
    expect(byId.get('merhaba-30days-5gb-topup')).toMatchObject({ dataMb: 5120, topUp: true });
    expect(byId.get('eurolink-7days-1gb')!.countries).toEqual(
      FAKE_AIRALO_CATALOGUE.find((entry) => entry.slug === 'europe')!
        .operators[0]!.countries.slice()
        .sort(),
    );
    expect(offers.every((offer) => Number.isInteger(offer.netCostCents) && offer.netCostCents > 0)).toBe(true);

    fake.setBalanceCents(123_456);
    expect(await airalo().balance()).toBe(Math.round(1234.56 * config().SUPPLIER_EUR_PER_USD * 100));
  });

  it('half of Airalo’s settings are refused at start, and the adapter wants both', () => {
    const env = { ...process.env, AIRALO_CLIENT_SECRET: undefined, AIRALO_CLIENT_ID: 'only-the-id' };
    expect(() => loadEsimConfig(env)).toThrow(/AIRALO_CLIENT_ID, AIRALO_CLIENT_SECRET: set both or neither/);
    expect(() =>
      airaloSupplier({
        config: loadEsimConfig({ ...process.env, AIRALO_CLIENT_ID: undefined, AIRALO_CLIENT_SECRET: undefined }),
        redis,
        log,
      }),
    ).toThrow(/AIRALO_CLIENT_ID and AIRALO_CLIENT_SECRET/);
    expect(() => airalo({ orders: 'async' })).toThrow(/webhookUrl/);
  });
});
