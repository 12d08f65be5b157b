import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRedis, type EventBus, type Redis } from '@esim/platform';
import { createTestKeys, type TestKeys } from '@esim/platform/testing';
import type { Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeAiralo, type FakeAiralo } from '../../../infra/src/fakes/airalo';
import { buildApp } from '../src/app';
import { loadEsimConfig } from '../src/config';
import { registerEsimHandlers } from '../src/events/catalog-packages';
import { newOrderNumber } from '../src/orders/order-number';
import { applyUsage } from '../src/profiles/usage';
import { airaloSupplier, type AiraloLog } from '../src/suppliers/airalo';
import { newIccid, poolCsv, type EsimApp } from './support';

/**
 * What a traveller sees of a supplier's eSIM, through the esim service's routes with the fake Airalo
 * configured: its usage read from Airalo (through the adapter's 20-minute cache), applied as a usage
 * report and dated; a pool eSIM dated by its latest report; a supplier that cannot be reached
 * answering what we have; and the top-ups offered for an eSIM: only those its supplier lists for it.
 * The catalog is a small stand-in answering /internal/packages and /internal/quote.
 */
const CLIENT_ID = 'fake-airalo-client';
const CLIENT_SECRET = 'fake-airalo-secret-0123456789';
const MB = 1024 * 1024;

interface CatalogRow {
  id: string;
  code: string;
  supplier: 'pool' | 'airalo' | 'esimaccess';
  supplier_package_id: string | null;
  /** top_up: a supplier's top-up, offered on an eSIM's top-up panel only. */
  kind: 'esim' | 'top_up';
  data_mb: number;
  countries: string[];
}

/** The catalog's packages covering Türkiye: the pool's, Airalo's (a new eSIM and two top-ups) and eSIM Access's. */
const PACKAGES: CatalogRow[] = [
  {
    id: randomUUID(),
    code: 'TR-POOL-1GB',
    kind: 'esim',
    supplier: 'pool',
    supplier_package_id: null,
    data_mb: 1024,
    countries: ['TR'],
  },
  {
    id: randomUUID(),
    code: 'AL-MERHABA-7D-1GB',
    kind: 'esim',
    supplier: 'airalo',
    supplier_package_id: 'merhaba-7days-1gb',
    data_mb: 1024,
    countries: ['TR'],
  },
  {
    id: randomUUID(),
    code: 'AL-MERHABA-TOPUP-1GB',
    kind: 'top_up',
    supplier: 'airalo',
    supplier_package_id: 'merhaba-7days-1gb-topup',
    data_mb: 1024,
    countries: ['TR'],
  },
  {
    id: randomUUID(),
    code: 'AL-HALLO-TOPUP-1GB',
    kind: 'top_up',
    supplier: 'airalo',
    supplier_package_id: 'hallo-mobil-7days-1gb-topup',
    data_mb: 1024,
    countries: ['TR'],
  },
  {
    id: randomUUID(),
    code: 'EA-TR-1GB',
    kind: 'top_up',
    supplier: 'esimaccess',
    supplier_package_id: 'TOPUP_CKH491',
    data_mb: 1024,
    countries: ['TR'],
  },
];
const byCode = (code: string) => PACKAGES.find((p) => p.code === code)!;

interface FakeCatalog {
  url: string;
  server: Server;
  /** Which packages are listed (all by default). */
  listed: Set<string>;
  quotes: string[];
}

function startFakeCatalog(): Promise<FakeCatalog> {
  const state = { listed: new Set(PACKAGES.map((p) => p.code)), quotes: [] as string[] };
  const view = (p: CatalogRow) => ({
    id: p.id,
    code: p.code,
    name_tr: `${p.code} tr`,
    name_en: `${p.code} en`,
    duration: 7,
    data_mb: p.data_mb,
    unlimited: false,
    price: 5.99,
    recommended: false,
    countries: p.countries,
  });
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status: number, body: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const url = new URL(request.url ?? '/', 'http://catalog');
      if (request.method === 'GET' && url.pathname === '/internal/packages')
        return answer(200, {
          success: true,
          data: PACKAGES.filter(
            (p) => state.listed.has(p.code) && p.kind === (url.searchParams.get('kind') ?? 'esim'),
          ).map(view),
        });
      if (request.method === 'POST' && url.pathname === '/internal/quote') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          package_id: string;
          quantity: number;
          kind?: string;
        };
        const p = PACKAGES.find((candidate) => candidate.id === body.package_id);
        state.quotes.push(body.package_id);
        if (p && body.kind === 'esim' && p.kind === 'top_up')
          return answer(422, { success: false, code: 'package_top_up_only' });
        if (!p || !state.listed.has(p.code) || (body.kind && body.kind !== p.kind))
          return answer(404, { success: false, code: 'package_not_found' });
        return answer(200, {
          success: true,
          data: {
            unit_price_cents: 599,
            total_cents: 599 * body.quantity,
            quantity: body.quantity,
            package: {
              id: p.id,
              code: p.code,
              name_tr: `${p.code} tr`,
              name_en: `${p.code} en`,
              type: 'local',
              kind: p.kind,
              countries: p.countries,
              data_mb: p.data_mb,
              validity_days: 7,
              supplier: p.supplier,
              supplier_package_id: p.supplier_package_id,
            },
          },
        });
      }
      return answer(404, { success: false, code: 'not_found' });
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(Object.assign(state, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server })),
    ),
  );
}

const silent: AiraloLog = { info: () => {}, warn: () => {}, error: () => {} };

let esim: EsimApp;
let db: Knex;
let keys: TestKeys;
let redis: Redis;
let fake: FakeAiralo;
let catalog: FakeCatalog;

beforeAll(async () => {
  fake = await startFakeAiralo({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, tokenRequestsPerMinute: 30 });
  catalog = await startFakeCatalog();
  keys = await createTestKeys();
  redis = createRedis(process.env.REDIS_URL!, process.env.REDIS_PREFIX!);
  const config = loadEsimConfig({
    ...process.env,
    CATALOG_URL: catalog.url,
    AIRALO_CLIENT_ID: CLIENT_ID,
    AIRALO_CLIENT_SECRET: CLIENT_SECRET,
    AIRALO_BASE_URL: `${fake.url}/v2`,
    // Every top-up list asks anew: the test counts the quotes.
    ESIM_QUOTE_CACHE_MS: '0',
  });
  esim = await buildApp({
    jwks: keys.jwks,
    config,
    suppliers: [airaloSupplier({ config, redis, log: silent, timeoutMs: 3_000 })],
  });
  await esim.ready();
  db = esim.db;
});

afterAll(async () => {
  await esim?.close();
  await fake?.close();
  await new Promise((resolve) => catalog?.server.close(resolve));
  redis?.disconnect();
});

beforeEach(() => {
  fake.clearFaults();
  catalog.listed = new Set(PACKAGES.map((p) => p.code));
});

/** A buyer and the headers of their calls. */
async function buyer() {
  const id = randomUUID();
  const token = await keys.token({ id, userType: 1 });
  return { id, headers: { authorization: `Bearer ${token}` } };
}

/** Our order of Türkiye's 1 GB package from `supplier` (as the saga writes it) for `userId`. */
async function orderFor(userId: string, supplier: 'airalo' | 'pool', supplierPackageId: string) {
  const id = randomUUID();
  await db('orders').insert({
    id,
    order_number: newOrderNumber(),
    user_id: userId,
    package_code: supplier === 'airalo' ? 'AL-MERHABA-7D-1GB' : 'TR-POOL-1GB',
    package_name_tr: 'Türkiye 1 GB',
    package_name_en: 'Türkiye 1 GB',
    package_type: 'local',
    countries: ['TR'],
    data_mb: 1024,
    validity_days: 7,
    quantity: 1,
    unit_price_cents: 599,
    total_cents: 599,
    supplier,
    supplier_package_id: supplier === 'airalo' ? supplierPackageId : null,
    step: 'completed',
    completed_at: new Date(),
  });
  return id;
}

/** An Airalo eSIM bought for a new buyer through the adapter the app was built with. */
async function airaloEsim(packageId = 'merhaba-7days-1gb') {
  const user = await buyer();
  const orderId = await orderFor(user.id, 'airalo', packageId);
  const [result] = await esim.esim.ctx.provider.provision(db, [
    {
      orderId,
      supplier: 'airalo',
      userId: user.id,
      packageCode: 'AL-MERHABA-7D-1GB',
      supplierPackageId: packageId,
      quantity: 1,
      dataTotalBytes: 1024 * MB,
      validityDays: 7,
    },
  ]);
  if (result?.ok !== true) throw new Error(`expected the eSIM bought, got ${JSON.stringify(result)}`);
  const profile = await db('profiles').where({ order_id: orderId }).first();
  return { user, orderId, profileId: profile.id as string, iccid: profile.iccid as string, ref: profile.supplier_ref };
}

/** A pool eSIM of Türkiye's package, taken from a batch imported for it, sold to a new buyer. */
async function poolEsim() {
  const user = await buyer();
  const orderId = await orderFor(user.id, 'pool', '');
  const [iccid] = [newIccid()];
  const admin = await keys.token({ id: randomUUID(), userType: 3 });
  const imported = await esim.inject({
    method: 'POST',
    url: '/admin/esim/pool/import',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'text/csv' },
    payload: poolCsv([iccid!], 'TR-POOL-1GB', Date.now()),
  });
  expect(imported.statusCode, imported.body).toBe(201);
  await db('profiles')
    .where({ iccid })
    .update({
      order_id: orderId,
      user_id: user.id,
      pool_status: 'assigned',
      status: 'inactive',
      data_total_bytes: 1024 * MB,
    });
  const profile = await db('profiles').where({ iccid }).first();
  return { user, orderId, profileId: profile.id as string, iccid: iccid! };
}

const usageOf = (esimId: string, headers: Record<string, string>) =>
  esim.inject({ method: 'GET', url: `/user/esim/${esimId}/usage`, headers });
const topUpsOf = (esimId: string, headers: Record<string, string>, language = 'tr') =>
  esim.inject({
    method: 'GET',
    url: `/user/esim/${esimId}/top-ups`,
    headers: { ...headers, 'accept-language': language },
  });
const usageCalls = (iccid: string) =>
  fake.requests().filter((r) => r.method === 'GET' && r.path === `/v2/sims/${iccid}/usage`).length;

describe("a supplier's eSIM: usage from its supplier, dated", () => {
  it('reads Airalo’s figures, applies them as a usage report (activation, the 80 % mail) and answers their time; within 20 minutes the cache answers', async () => {
    const { user, profileId, iccid, ref, orderId } = await airaloEsim();
    fake.setUsage(iccid, { state: 'in_use', usedMb: 850 });
    const before = Date.now();

    const first = await usageOf(profileId, user.headers);
    expect(first.statusCode, first.body).toBe(200);
    const answered = first.json().data;
    expect(answered.esim.usage).toMatchObject({ used_bytes: 850 * MB, total_bytes: 1024 * MB, percentage: 83 });
    expect(answered.esim.status).toBe('active');
    expect(answered.esim.activated_at).not.toBeNull();
    const at = Date.parse(answered.esim.usage_updated_at);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now());
    expect(answered.records).toEqual([
      expect.objectContaining({
        used_bytes: 850 * MB,
        source: 'provider',
        recorded_at: answered.esim.usage_updated_at,
      }),
    ]);
    const events = await db('usage_events').where({ iccid });
    expect(events.map((e: { event_id: string }) => e.event_id)).toEqual([
      `airalo:${ref}:${answered.esim.usage_updated_at}`,
    ]);
    const alerts = () =>
      db('outbox').where({ type: 'esim.profile.usage-alert', aggregate_id: profileId }).select('envelope');
    expect(
      (await alerts()).map((row: { envelope: { payload: { kind: string } } }) => row.envelope.payload.kind),
    ).toEqual(['usage-50', 'usage-80']);

    // Airalo's figures move on, but within its 20 minutes the cached ones stand: one call, one report, no new alert.
    fake.setUsage(iccid, { usedMb: 1000 });
    const again = await usageOf(profileId, user.headers);
    expect(again.json().data.esim.usage.used_bytes).toBe(850 * MB);
    expect(again.json().data.esim.usage_updated_at).toBe(answered.esim.usage_updated_at);
    expect(usageCalls(iccid)).toBe(1);
    expect(await db('usage_events').where({ iccid })).toHaveLength(1);
    expect(await alerts()).toHaveLength(2);

    // The order's answer carries the same time, read from our row.
    const order = await esim.inject({ method: 'GET', url: `/user/esim/orders/${orderId}`, headers: user.headers });
    expect(order.json().data.esims[0].usage_updated_at).toBe(answered.esim.usage_updated_at);
  });

  it('a supplier that cannot be reached does not fail the page: what we have is answered, undated', async () => {
    const { user, profileId, iccid } = await airaloEsim();
    fake.addFault({ kind: 'status', path: `/v2/sims/${iccid}/usage`, status: 503 });
    const answer = await usageOf(profileId, user.headers);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.esim).toMatchObject({
      usage: { used_bytes: 0, total_bytes: 1024 * MB },
      usage_updated_at: null,
      status: 'inactive',
    });
    expect(await db('usage_events').where({ iccid })).toHaveLength(0);
  });

  it('a pool eSIM is dated by its latest usage report; a late report leaves the date where it was', async () => {
    const { user, profileId, iccid } = await poolEsim();
    expect((await usageOf(profileId, user.headers)).json().data.esim.usage_updated_at).toBeNull();
    const measured = new Date('2026-12-05T10:00:00.000Z');
    const report = (eventId: string, usedBytes: number, recordedAt: Date) =>
      db.transaction((trx) => applyUsage(trx, { eventId, iccid, usedBytes, recordedAt, source: 'webhook' }));
    expect(await report('webhook:pool-1', 100 * MB, measured)).toBe('applied');
    expect(await report('webhook:pool-0', 50 * MB, new Date('2026-12-05T09:00:00.000Z'))).toBe('applied');
    const answer = (await usageOf(profileId, user.headers)).json().data;
    expect(answer.esim.usage_updated_at).toBe(measured.toISOString());
    expect(answer.esim.usage.used_bytes).toBe(100 * MB);
    // Nobody but the pool was asked.
    expect(fake.requests().some((r) => r.path.includes(iccid))).toBe(false);
  });
});

describe('top-ups: only what the eSIM’s supplier offers for it', () => {
  it('an Airalo eSIM is offered only our packages bought as a top-up Airalo lists for it; the copy of the catalog names the seller, else the quote', async () => {
    const { user, profileId, iccid } = await airaloEsim();
    fake.setUsage(iccid, { state: 'in_use', usedMb: 100 });
    // The catalog told esim who sells one package (the copy); the others are asked of the quote.
    const handlers = new Map<string, (event: unknown, context: { trx: Knex.Transaction }) => Promise<void>>();
    registerEsimHandlers({ on: (type: string, handler: never) => handlers.set(type, handler) } as unknown as EventBus, {
      quote: async () => {
        throw new Error('not asked');
      },
      clear: () => {},
    });
    const told = byCode('AL-MERHABA-TOPUP-1GB');
    await db.transaction((trx) =>
      handlers.get('catalog.package.upserted')!(
        {
          payload: {
            packageId: told.id,
            code: told.code,
            nameTr: told.code,
            nameEn: told.code,
            type: 'local',
            dataMb: 1024,
            validityDays: 7,
            retailPriceCents: 599,
            active: true,
            supplier: 'airalo',
            supplierPackageId: told.supplier_package_id,
          },
        },
        { trx },
      ),
    );
    expect(await db('catalog_packages').where({ package_id: told.id }).first()).toMatchObject({
      supplier: 'airalo',
      supplier_package_id: 'merhaba-7days-1gb-topup',
    });
    catalog.quotes = [];

    const answer = await topUpsOf(profileId, user.headers);
    expect(answer.statusCode, answer.body).toBe(200);
    const offer = answer.json().data;
    expect(offer).toMatchObject({ available: true, refusal_code: null, refusal: null });
    expect(offer.packages.map((p: { code: string }) => p.code)).toEqual(['AL-MERHABA-TOPUP-1GB']);
    // Its remaining data is Airalo's, as the usage answer would say.
    expect(offer.esim.usage.used_bytes).toBe(100 * MB);
    expect(offer.esim.usage_updated_at).not.toBeNull();
    expect(catalog.quotes.sort()).toEqual(
      PACKAGES.filter((p) => p.id !== told.id)
        .map((p) => p.id)
        .sort(),
    );

    // An event that does not say who sells it leaves the copy unknown again, never stale.
    await db.transaction((trx) =>
      handlers.get('catalog.package.upserted')!(
        {
          payload: {
            packageId: told.id,
            code: told.code,
            nameTr: told.code,
            nameEn: told.code,
            type: 'local',
            dataMb: 1024,
            validityDays: 7,
            retailPriceCents: 599,
            active: true,
          },
        },
        { trx },
      ),
    );
    expect(await db('catalog_packages').where({ package_id: told.id }).first()).toMatchObject({
      supplier: null,
      supplier_package_id: null,
    });
    expect((await topUpsOf(profileId, user.headers)).json().data.packages).toHaveLength(1);
  });

  it('says why an eSIM takes none: its supplier lists none, none of those is on sale, or the supplier cannot be asked now', async () => {
    const recycled = await airaloEsim();
    fake.setUsage(recycled.iccid, { state: 'in_use', usedMb: 10 });
    await usageOf(recycled.profileId, recycled.user.headers);
    fake.setUsage(recycled.iccid, { state: 'recycled' });
    const none = (await topUpsOf(recycled.profileId, recycled.user.headers)).json().data;
    expect(none).toMatchObject({
      available: false,
      refusal_code: 'esim_top_up_supplier_none',
      refusal: 'Bu eSIM için tedarikçisi yükleme sunmuyor',
      packages: [],
    });
    expect((await topUpsOf(recycled.profileId, recycled.user.headers, 'en')).json().data.refusal).toBe(
      'Its supplier offers no top-up for this eSIM',
    );

    const { user, profileId, iccid } = await airaloEsim();
    fake.setUsage(iccid, { state: 'in_use', usedMb: 10 });
    catalog.listed = new Set(['TR-POOL-1GB', 'AL-MERHABA-7D-1GB', 'AL-HALLO-TOPUP-1GB']);
    expect((await topUpsOf(profileId, user.headers, 'en')).json().data).toMatchObject({
      available: false,
      refusal_code: 'esim_top_up_supplier_none_on_sale',
      refusal: 'None of the top-ups its supplier offers for this eSIM is on sale right now',
      packages: [],
    });

    // Opened again within five minutes, the panel is answered from the shared cache: no second Airalo call.
    const topUpCalls = () =>
      fake.requests().filter((r) => r.method === 'GET' && r.path === `/v2/sims/${iccid}/topups`).length;
    const asked = topUpCalls();
    await topUpsOf(profileId, user.headers);
    expect(topUpCalls()).toBe(asked);

    const fresh = await airaloEsim();
    fake.setUsage(fresh.iccid, { state: 'in_use', usedMb: 10 });
    fake.addFault({ kind: 'status', path: `/v2/sims/${fresh.iccid}/topups`, status: 503 });
    const unreachable = await topUpsOf(fresh.profileId, fresh.user.headers, 'en');
    expect(unreachable.statusCode, unreachable.body).toBe(200);
    expect(unreachable.json().data).toMatchObject({
      available: false,
      refusal_code: 'esim_top_up_supplier_unreachable',
      packages: [],
    });
  });

  it("a pool eSIM is offered the pool's packages only, and another seller's package is refused before anything is held", async () => {
    const pool = await poolEsim();
    await db.transaction((trx) =>
      applyUsage(trx, {
        eventId: `webhook:${randomUUID()}`,
        iccid: pool.iccid,
        usedBytes: MB,
        recordedAt: new Date(),
        source: 'webhook',
      }),
    );
    const offer = (await topUpsOf(pool.profileId, pool.user.headers)).json().data;
    expect(offer.available).toBe(true);
    expect(offer.packages.map((p: { code: string }) => p.code)).toEqual(['TR-POOL-1GB']);

    const airalo = await airaloEsim();
    fake.setUsage(airalo.iccid, { state: 'in_use', usedMb: 10 });
    await usageOf(airalo.profileId, airalo.user.headers);
    const refused = await esim.inject({
      method: 'POST',
      url: `/user/esim/${airalo.profileId}/top-ups`,
      headers: { ...airalo.user.headers, 'idempotency-key': randomUUID(), 'accept-language': 'en' },
      payload: { package_id: byCode('TR-POOL-1GB').id },
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'esim_top_up_package_not_offered',
      message: 'This package cannot be added to this eSIM',
    });
    expect(await db('orders').where({ top_up_profile_id: airalo.profileId })).toHaveLength(0);
  });

  it('a top-up-only package bought as a new eSIM is refused naming the field, in the buyer’s language, with nothing placed', async () => {
    const user = await buyer();
    for (const [language, message] of [
      ['tr', 'Bu paket yalnızca satın alınmış bir eSIM’e yükleme olarak satılır'],
      ['en', 'This package is sold only as a top-up of an eSIM you already have'],
    ] as const) {
      const refused = await esim.inject({
        method: 'POST',
        url: '/user/packages/buy',
        headers: { ...user.headers, 'idempotency-key': randomUUID(), 'accept-language': language },
        payload: { package_id: byCode('AL-MERHABA-TOPUP-1GB').id, quantity: 1 },
      });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({
        code: 'package_top_up_only',
        message,
        errors: [{ path: 'package_id', message }],
      });
    }
    expect(await db('orders').where({ user_id: user.id })).toHaveLength(0);
  });
});

describe("the admin's suppliers: orders failed because of the supplier", () => {
  it('counts its refusals, its stock running out and its late deliveries of the last day, never the pool’s', async () => {
    const admin = await keys.token({ id: randomUUID(), userType: 3 });
    const count = async () => {
      const answer = await esim.inject({
        method: 'GET',
        url: '/admin/esim/suppliers',
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data.find((s: { name: string }) => s.name === 'airalo').failed_last_day as number;
    };
    const before = await count();
    const failed = async (supplier: 'airalo' | 'pool', code: string, hoursAgo = 0) => {
      const id = await orderFor(randomUUID(), supplier, 'merhaba-7days-1gb');
      await db('orders')
        .where({ id })
        .update({
          step: 'failed',
          failure_code: code,
          completed_at: null,
          updated_at: new Date(Date.now() - hoursAgo * 3_600_000),
        });
    };
    await failed('airalo', 'supplier_balance_low');
    await failed('airalo', 'esim_out_of_stock');
    await failed('airalo', 'supplier_delivery_timeout');
    await failed('airalo', 'esim_payment_refused');
    await failed('airalo', 'supplier_maintenance', 30);
    await failed('pool', 'esim_out_of_stock');
    expect(await count()).toBe(before + 3);
  });
});
