import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRedis, type Redis } from '@esim/platform';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeEsimAccess, type FakeEsimAccess } from '../../../infra/src/fakes/esimaccess';
import { loadEsimConfig } from '../src/config';
import { newOrderNumber } from '../src/orders/order-number';
import type { ProvisionRequest, TopUpRequest } from '../src/provider/port';
import { SupplierWebhookRefused, type Supplier, type SupplierNotice } from '../src/provider/supplier';
import { createEsimAccessClient } from '../src/suppliers/esimaccess/client';
import { sharedRateLimiter } from '../src/suppliers/esimaccess/limiter';
import {
  EsimAccessError,
  esimAccessRateKey,
  esimAccessSignature,
  esimAccessStatusKey,
  esimAccessSupplier,
  EsimAccessUnavailable,
} from '../src/suppliers/esimaccess';
import { startEsim, type EsimAlone } from './support';

/**
 * The eSIM Access adapter against the fake eSIM Access (infra/src/fakes/esimaccess.ts) on this file's
 * own database and Redis prefix: buying (pending while allocated, then stored), a lost answer asked
 * again under the same transactionId, refusals, webhooks read back before anything is done (and
 * deduplicated, out of order, from allowed addresses only), refunds (cancel or revoke), top-ups,
 * cached usage, the shared rate limit and ICCIDs handed out again. Every request the adapter sends
 * is signed, and the fake checks the signature.
 */
const ACCESS_CODE = 'fake-access-code-1';
const SECRET_KEY = 'fake-secret-key-1';
const GB = 1024 ** 3;
const MB = 1024 ** 2;
const ORDER = '/api/v1/open/esim/order';
const QUERY = '/api/v1/open/esim/query';

let fake: FakeEsimAccess;
let sys: EsimAlone;
let supplier: Supplier;
let receiver: Receiver;
const extraRedis: Redis[] = [];

interface Receiver {
  url: string;
  /** The webhooks received so far, taken out. */
  take(): Array<{ rawBody: Buffer; ip: string; headers: Record<string, string | string[] | undefined> }>;
  close(): Promise<void>;
}

/** Where the fake sends its webhooks: it keeps them for the test to hand to the adapter. */
async function startReceiver(): Promise<Receiver> {
  const calls: ReturnType<Receiver['take']> = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      calls.push({ rawBody: Buffer.concat(chunks), ip: request.socket.remoteAddress ?? '', headers: request.headers });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/esimaccess`,
    take: () => calls.splice(0),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const configOf = (overrides: Record<string, string> = {}) =>
  loadEsimConfig({
    ...process.env,
    ESIMACCESS_ACCESS_CODE: ACCESS_CODE,
    ESIMACCESS_SECRET_KEY: SECRET_KEY,
    ESIMACCESS_BASE_URL: fake.url,
    SUPPLIER_EUR_PER_USD: '0.92',
    ...overrides,
  });

const makeSupplier = (
  overrides: Record<string, string> = {},
  options: { timeoutMs?: number; redis?: Redis; target?: FakeEsimAccess } = {},
) =>
  esimAccessSupplier({
    config: configOf({ ...(options.target ? { ESIMACCESS_BASE_URL: options.target.url } : {}), ...overrides }),
    redis: options.redis ?? sys.esim.redis,
    log: sys.esim.log,
    timeoutMs: options.timeoutMs ?? 5_000,
  });

/** A call to the fake outside the adapter (as an operator would make it), signed the same way. */
const operator = (target: FakeEsimAccess) =>
  createEsimAccessClient({
    baseUrl: target.url,
    accessCode: ACCESS_CODE,
    secretKey: SECRET_KEY,
    timeoutMs: 5_000,
    limiter: sharedRateLimiter(sys.esim.redis, { key: esimAccessRateKey, perSecond: 8 }),
  });

beforeAll(async () => {
  fake = await startFakeEsimAccess({ accessCode: ACCESS_CODE, secretKey: SECRET_KEY, allocationSeconds: null });
  sys = await startEsim();
  receiver = await startReceiver();
  supplier = makeSupplier();
  await operator(fake).call('/webhook/save', { webhook: receiver.url });
  // eSIM Access checks the address with a CHECK_HEALTH first; the adapter takes it and does nothing.
  const [health] = receiver.take();
  expect(await supplier.webhook(sys.esim.db, health!)).toEqual([{ kind: 'ignored', reason: 'health check' }]);
});

afterAll(async () => {
  for (const redis of extraRedis) redis.disconnect();
  await receiver?.close();
  await sys?.stop();
  await fake?.close();
});

beforeEach(async () => {
  fake.clearFaults();
  // Each test hands the adapter only the webhooks of its own doings.
  await fake.webhooksSettled();
  receiver.take();
});

const db = () => sys.esim.db;

/** An order of ours for an eSIM Access package, as the saga would hand it over. */
async function purchase(supplierPackageId: string, quantity = 1, dataGb = 1): Promise<ProvisionRequest> {
  const id = randomUUID();
  const userId = randomUUID();
  await db()('orders').insert({
    id,
    order_number: newOrderNumber(),
    user_id: userId,
    package_code: `EA-${supplierPackageId}`,
    package_name_tr: supplierPackageId,
    package_name_en: supplierPackageId,
    package_type: 'country',
    data_mb: dataGb * 1024,
    validity_days: 7,
    quantity,
    unit_price_cents: 500,
    total_cents: 500 * quantity,
    supplier: 'esimaccess',
    supplier_package_id: supplierPackageId,
  });
  return {
    orderId: id,
    supplier: 'esimaccess',
    userId,
    packageCode: `EA-${supplierPackageId}`,
    supplierPackageId,
    quantity,
    dataTotalBytes: dataGb * GB,
    validityDays: 7,
  };
}

async function topUpOrder(profile: { id: string; iccid: string }, supplierPackageId: string): Promise<TopUpRequest> {
  const id = randomUUID();
  await db()('orders').insert({
    id,
    order_number: newOrderNumber(),
    user_id: randomUUID(),
    package_code: `EA-${supplierPackageId}`,
    package_name_tr: supplierPackageId,
    package_name_en: supplierPackageId,
    package_type: 'country',
    data_mb: 1024,
    validity_days: 7,
    quantity: 1,
    unit_price_cents: 300,
    total_cents: 300,
    supplier: 'esimaccess',
    supplier_package_id: supplierPackageId,
    top_up_profile_id: profile.id,
  });
  return {
    orderId: id,
    supplier: 'esimaccess',
    profileId: profile.id,
    iccid: profile.iccid,
    packageCode: `EA-${supplierPackageId}`,
    supplierPackageId,
    dataBytes: GB,
    validityDays: 7,
  };
}

/** Bought and delivered: pending first, allocated by the fake, asked again. */
async function delivered(request: ProvisionRequest, target = fake, using = supplier) {
  expect(await using.provision(db(), [request])).toEqual([{ ok: 'pending' }]);
  target.allocate(request.orderId);
  const [result] = await using.provision(db(), [request]);
  if (result?.ok !== true) throw new Error(`not delivered: ${JSON.stringify(result)}`);
  const profiles = (await db()('profiles').where({ order_id: request.orderId }).orderBy('iccid')) as Array<{
    id: string;
    iccid: string;
    supplier_ref: string;
    status: string;
  }>;
  return { iccids: result.iccids, profiles, esims: target.esimsOfOrder(request.orderId) };
}

/** Every webhook the fake sent so far, handed to the adapter as the route would; their notices in order. */
async function deliverWebhooks(using = supplier): Promise<SupplierNotice[][]> {
  await fake.webhooksSettled();
  const out: SupplierNotice[][] = [];
  for (const call of receiver.take()) out.push(await using.webhook(db(), call));
  return out;
}

/** A webhook as eSIM Access sends it, made by the test (a forgery, or one delivered late). */
const forged = (notifyType: string, content: Record<string, unknown>, eventGenerateTime = new Date()) => ({
  headers: { 'content-type': 'application/json' },
  ip: '127.0.0.1',
  rawBody: Buffer.from(
    JSON.stringify({
      notifyType,
      notifyId: randomUUID().replace(/-/g, ''),
      eventGenerateTime: eventGenerateTime.toISOString().replace(/\.\d{3}Z$/, '+0000'),
      content,
    }),
  ),
});

/** Where the fake's request log stands now; a later call's requests are the ones past it (clock stamps can tie). */
const mark = () => fake.requests().length;
const requestsTo = (path: string, since = 0) =>
  fake
    .requests()
    .slice(since)
    .filter((r) => r.path === path);
const supplierOrder = async (orderId: string) => db()('supplier_orders').where({ order_id: orderId }).first();

describe('eSIM Access adapter against the fake eSIM Access', () => {
  it('signs every call as eSIM Access documents it, and the fake refuses a wrong signature or a stale timestamp', async () => {
    // eSIM Access's own worked example of RT-Signature.
    expect(
      esimAccessSignature('1111', {
        timestamp: '1628670421',
        requestId: '4ce9d9cdac9e4e17b3a2c66c358c1ce2',
        accessCode: '11111',
        body: '{"imsi":"326543826"}',
      }),
    ).toBe('7eb765e27df5373dea2dbc8c41a7d9557743e46c8054750f3d851b3fd01d0835');

    const since = mark();
    expect(await supplier.balance()).toEqual(expect.any(Number));
    const [sent] = requestsTo('/api/v1/open/balance/query', since);
    expect(sent).toMatchObject({ accessCode: ACCESS_CODE, signatureValid: true, status: 200, errorCode: null });

    const raw = (headers: Record<string, string>) =>
      fetch(`${fake.url}/api/v1/open/balance/query`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: '{}',
      }).then((response) => response.json() as Promise<{ success: boolean; errorCode: string }>);
    const signed = (timestamp: string, secret = SECRET_KEY, requestId = randomUUID().replace(/-/g, '')) => ({
      'RT-AccessCode': ACCESS_CODE,
      'RT-Timestamp': timestamp,
      'RT-RequestID': requestId,
      'RT-Signature': esimAccessSignature(secret, { timestamp, requestId, accessCode: ACCESS_CODE, body: '{}' }),
    });
    expect(await raw(signed(String(Date.now()), 'not-the-secret'))).toMatchObject({
      success: false,
      errorCode: '101003',
    });
    expect(await raw(signed(String(Date.now() - 3_600_000)))).toMatchObject({ success: false, errorCode: '101001' });
    const upper = signed(String(Date.now()));
    expect(await raw({ ...upper, 'RT-Signature': upper['RT-Signature'].toUpperCase() })).toMatchObject({
      success: true,
    });
    expect(await raw({})).toMatchObject({ success: false, errorCode: '000101' });

    // An adapter with the wrong secret key is refused, and nothing it asked for is done.
    const wrong = makeSupplier({ ESIMACCESS_SECRET_KEY: 'not-the-secret' });
    await expect(wrong.balance()).rejects.toMatchObject({ name: 'EsimAccessError', code: '101003' });
  });

  it('buys: pending while eSIM Access allocates, then the eSIM is stored with the activation code eSIM Access gave', async () => {
    const balanceBefore = fake.balance();
    const request = await purchase('CKH491');
    const since = mark();
    expect(await supplier.provision(db(), [request])).toEqual([{ ok: 'pending' }]);

    const [ordered] = requestsTo(ORDER, since);
    expect(ordered).toMatchObject({
      signatureValid: true,
      body: { transactionId: request.orderId, packageInfoList: [{ packageCode: 'CKH491', count: 1 }] },
    });
    const atFake = fake.order(request.orderId)!;
    expect(requestsTo(QUERY, since)).toEqual([
      expect.objectContaining({ body: expect.objectContaining({ orderNo: atFake.orderNo }), errorCode: '200010' }),
    ]);
    expect(await db()('profiles').where({ order_id: request.orderId })).toEqual([]);
    expect(await supplierOrder(request.orderId)).toMatchObject({
      supplier: 'esimaccess',
      kind: 'purchase',
      status: 'placed',
      supplier_order_ref: atFake.orderNo,
      request_ref: request.orderId,
      // $1.10 at 0.92 € a dollar.
      cost_cents: 101,
    });

    fake.allocate(request.orderId);
    const [esim] = fake.esimsOfOrder(request.orderId);
    expect(await supplier.provision(db(), [request])).toEqual([{ ok: true, iccids: [esim!.iccid] }]);
    const [profile] = await db()('profiles').where({ order_id: request.orderId });
    expect(profile).toMatchObject({
      supplier: 'esimaccess',
      supplier_ref: esim!.esimTranNo,
      iccid: esim!.iccid,
      pool_status: 'assigned',
      user_id: request.userId,
      status: 'inactive',
      package_code: 'EA-CKH491',
      data_total_bytes: GB,
    });
    expect(`LPA:1$${profile.smdp_address}$${profile.matching_id}`).toBe(esim!.ac);
    expect(await supplierOrder(request.orderId)).toMatchObject({ status: 'delivered' });

    // Asked again (the recovery loop after a crash): the same eSIM, nothing bought again.
    expect(await supplier.provision(db(), [request])).toEqual([{ ok: true, iccids: [esim!.iccid] }]);
    expect(requestsTo(ORDER, since)).toHaveLength(1);
    expect(fake.balance()).toBe(balanceBefore - 11_000);
  });

  it('an order eSIM Access carried out but whose answer was lost is asked for again under the same transactionId: one order, one debit', async () => {
    const request = await purchase('CKH211');
    const balanceBefore = fake.balance();
    const since = mark();
    fake.addFault({ kind: 'drop', path: ORDER, times: 1 });
    expect(await supplier.provision(db(), [request])).toEqual([{ ok: 'pending' }]);
    expect(fake.order(request.orderId)).toMatchObject({ debit: 32_000 });
    expect(await supplierOrder(request.orderId)).toMatchObject({ status: 'placing', supplier_order_ref: null });

    expect(await supplier.provision(db(), [request])).toEqual([{ ok: 'pending' }]);
    // A request the rate limit turned away (429) was not carried out, so it is not counted.
    const orders = requestsTo(ORDER, since).filter((r) => r.status !== 429);
    expect(orders.map((r) => [r.body?.transactionId, r.fault])).toEqual([
      [request.orderId, 'drop'],
      [request.orderId, null],
    ]);
    expect(fake.orders().filter((o) => o.transactionId === request.orderId)).toHaveLength(1);
    expect(fake.balance()).toBe(balanceBefore - 32_000);
    expect(await supplierOrder(request.orderId)).toMatchObject({
      status: 'placed',
      supplier_order_ref: fake.order(request.orderId)!.orderNo,
      attempts: 2,
    });
    const { iccids } = await delivered(request);
    expect(iccids).toEqual([fake.esimsOfOrder(request.orderId)[0]!.iccid]);

    // A hang, a 5xx and "system busy" after the work: each leaves the order pending, never bought twice.
    const slow = makeSupplier({}, { timeoutMs: 300 });
    for (const fault of [
      { kind: 'hang' as const, path: ORDER, times: 1 },
      { kind: 'status' as const, status: 503, path: ORDER, times: 1 },
      { kind: 'busy' as const, commit: true, path: ORDER, times: 1 },
    ]) {
      const next = await purchase('CKH210');
      const before = fake.balance();
      fake.addFault(fault);
      expect(await slow.provision(db(), [next])).toEqual([{ ok: 'pending' }]);
      expect(await slow.provision(db(), [next])).toEqual([{ ok: 'pending' }]);
      expect(fake.orders().filter((o) => o.transactionId === next.orderId)).toHaveLength(1);
      expect(fake.balance()).toBe(before - 8_000);
    }
  });

  it('refusals: a short balance, no profiles left, an unknown package; nothing bought, nothing stored', async () => {
    const cases: Array<[string, () => void, string]> = [
      ['CKH491', () => fake.setBalance(5_000), 'supplier_balance_low'],
      ['CKH620', () => fake.setStock('CKH620', 0), 'esim_out_of_stock'],
      ['NO-SUCH-PACKAGE', () => {}, 'supplier_package_unavailable'],
    ];
    const balanceBefore = fake.balance();
    for (const [packageId, arrange, reason] of cases) {
      arrange();
      const before = fake.balance();
      const request = await purchase(packageId);
      expect(await supplier.provision(db(), [request])).toEqual([{ ok: false, reason }]);
      expect(fake.order(request.orderId)).toBeUndefined();
      expect(fake.balance()).toBe(before);
      expect(await db()('profiles').where({ order_id: request.orderId })).toEqual([]);
      expect(await supplierOrder(request.orderId)).toMatchObject({ status: 'failed', failure_code: reason });
      // Asked again: the same answer from our row, eSIM Access is not asked again.
      const since = mark();
      expect(await supplier.provision(db(), [request])).toEqual([{ ok: false, reason }]);
      expect(requestsTo(ORDER, since)).toEqual([]);
      fake.setBalance(balanceBefore);
      fake.setStock('CKH620', null);
    }
  });

  it('acts on a webhook only after reading back from the API what it announces', async () => {
    const request = await purchase('CKH493');
    expect(await supplier.provision(db(), [request])).toEqual([{ ok: 'pending' }]);
    const orderNo = fake.order(request.orderId)!.orderNo;

    // A forged ORDER_STATUS before eSIM Access allocated anything: read back, nothing stored.
    const since = mark();
    expect(
      await supplier.webhook(
        db(),
        forged('ORDER_STATUS', { orderNo, orderStatus: 'GOT_RESOURCE', transactionId: request.orderId }),
      ),
    ).toEqual([{ kind: 'ignored', reason: 'order not allocated yet' }]);
    expect(requestsTo(QUERY, since)).toEqual([
      expect.objectContaining({ body: expect.objectContaining({ orderNo }), errorCode: '200010' }),
    ]);
    expect(await db()('profiles').where({ order_id: request.orderId })).toEqual([]);

    // The real one after allocation: read back, stored, the saga told.
    fake.allocate(request.orderId);
    const [esim] = fake.esimsOfOrder(request.orderId);
    expect(await deliverWebhooks()).toEqual([[{ kind: 'order', orderId: request.orderId }]]);
    expect(await db()('profiles').where({ order_id: request.orderId }).pluck('supplier_ref')).toEqual([
      esim!.esimTranNo,
    ]);
    const orders = requestsTo(ORDER).length;
    expect(await supplier.provision(db(), [request])).toEqual([{ ok: true, iccids: [esim!.iccid] }]);
    expect(requestsTo(ORDER)).toHaveLength(orders);

    // A forged ESIM_STATUS saying it is installed and in use: the notice says what eSIM Access says (new).
    const claim = forged('ESIM_STATUS', {
      iccid: esim!.iccid,
      orderNo,
      esimTranNo: esim!.esimTranNo,
      transactionId: request.orderId,
      esimStatus: 'IN_USE',
      smdpStatus: 'ENABLED',
    });
    // eSIM Access cannot be asked: nothing is settled, and the same notification delivered again is acted on.
    fake.addFault({ kind: 'status', status: 503, path: QUERY, times: 1 });
    expect(await supplier.webhook(db(), claim)).toEqual([
      { kind: 'ignored', reason: 'eSIM Access could not be asked' },
    ]);
    const notices = await supplier.webhook(db(), claim);
    expect(notices).toEqual([
      {
        kind: 'esim',
        iccid: esim!.iccid,
        supplierRef: esim!.esimTranNo,
        status: expect.objectContaining({ state: 'new', usedBytes: 0, totalBytes: 10 * GB }),
      },
    ]);
  });

  it('acts once on a notification delivered twice, and on notifications that arrive out of order', async () => {
    // Delivered twice: the second is a duplicate.
    const first = await purchase('CKH491');
    expect(await supplier.provision(db(), [first])).toEqual([{ ok: 'pending' }]);
    fake.addFault({ kind: 'webhook-duplicate', notifyType: 'ORDER_STATUS', times: 1 });
    fake.allocate(first.orderId);
    const twice = await deliverWebhooks();
    expect(twice).toEqual([[{ kind: 'order', orderId: first.orderId }], [{ kind: 'ignored', reason: 'duplicate' }]]);
    expect(await db()('profiles').where({ order_id: first.orderId })).toHaveLength(1);

    // The eSIM's news before its order's: the order is read back and stored on the first, the second finds it done.
    const second = await purchase('CKH491');
    expect(await supplier.provision(db(), [second])).toEqual([{ ok: 'pending' }]);
    fake.addFault({ kind: 'webhook-reorder', count: 2, times: 1 });
    fake.allocate(second.orderId);
    const [esim] = fake.esimsOfOrder(second.orderId);
    fake.install(esim!.esimTranNo);
    const reordered = await deliverWebhooks();
    expect(reordered[0]).toEqual([{ kind: 'order', orderId: second.orderId }]);
    expect(reordered[1]).toEqual([{ kind: 'ignored', reason: 'order already delivered' }]);
    // The rest of the installation's notices: each reads the eSIM now, so none reports an older state.
    for (const notices of reordered.slice(2))
      expect(notices).toEqual([
        expect.objectContaining({ kind: 'esim', status: expect.objectContaining({ state: 'in_use' }) }),
      ]);
    expect(await db()('profiles').where({ order_id: second.orderId })).toHaveLength(1);

    // A notification older than one already acted on for the eSIM is skipped without asking eSIM Access.
    const content = {
      iccid: esim!.iccid,
      orderNo: fake.order(second.orderId)!.orderNo,
      esimTranNo: esim!.esimTranNo,
      transactionId: second.orderId,
      esimStatus: 'GOT_RESOURCE',
      smdpStatus: 'RELEASED',
    };
    const now = Date.now();
    expect(await supplier.webhook(db(), forged('ESIM_STATUS', content, new Date(now + 60_000)))).toEqual([
      expect.objectContaining({ kind: 'esim', status: expect.objectContaining({ state: 'in_use' }) }),
    ]);
    const since = mark();
    expect(await supplier.webhook(db(), forged('SMDP_EVENT', content, new Date(now - 60_000)))).toEqual([
      { kind: 'ignored', reason: 'older than one already handled' },
    ]);
    expect(requestsTo(QUERY, since)).toEqual([]);
  });

  it('refuses a webhook from an address off the allowlist, and takes one from an allowed address', async () => {
    const guarded = makeSupplier({ ESIMACCESS_WEBHOOK_IPS: '3.1.131.226, 54.254.74.88' });
    const call = forged('CHECK_HEALTH', { orderNo: '1234567890', orderStatus: 'Test' });
    await expect(guarded.webhook(db(), call)).rejects.toBeInstanceOf(SupplierWebhookRefused);
    await expect(guarded.webhook(db(), { ...call, ip: '::ffff:54.254.74.88' })).resolves.toEqual([
      { kind: 'ignored', reason: 'health check' },
    ]);
    const order = forged('ORDER_STATUS', { orderNo: 'B1', orderStatus: 'GOT_RESOURCE', transactionId: randomUUID() });
    await expect(guarded.webhook(db(), order)).rejects.toBeInstanceOf(SupplierWebhookRefused);
    const notifyId = (JSON.parse(order.rawBody.toString()) as { notifyId: string }).notifyId;
    expect(await db()('esimaccess_notices').where({ notify_id: notifyId })).toEqual([]);
    // Not JSON: not eSIM Access's either.
    await expect(supplier.webhook(db(), { ...call, rawBody: Buffer.from('<xml/>') })).rejects.toBeInstanceOf(
      SupplierWebhookRefused,
    );
  });

  it('a refund cancels a never-installed eSIM (its money back at eSIM Access) and revokes an installed one; asked again, nothing more', async () => {
    const fresh = await delivered(await purchase('CKH491'));
    const [profile] = fresh.profiles;
    const before = fake.balance();
    await supplier.revoke(db(), { id: profile!.id, iccid: profile!.iccid, orderId: fresh.esims[0]!.transactionId });
    expect(fake.esim(profile!.supplier_ref)).toMatchObject({ esimStatus: 'CANCEL' });
    expect(fake.balance()).toBe(before + 11_000);
    const since = mark();
    await supplier.revoke(db(), { id: profile!.id, iccid: profile!.iccid, orderId: fresh.esims[0]!.transactionId });
    expect(fake.balance()).toBe(before + 11_000);
    expect(
      fake
        .requests()
        .slice(since)
        .filter((r) => /cancel|revoke/.test(r.path)),
    ).toEqual([]);

    const used = await delivered(await purchase('CKH491'));
    const [installed] = used.profiles;
    fake.install(installed!.supplier_ref);
    const beforeRevoke = fake.balance();
    const revokeSince = mark();
    await supplier.revoke(db(), { id: installed!.id, iccid: installed!.iccid, orderId: used.esims[0]!.transactionId });
    expect(fake.esim(installed!.supplier_ref)).toMatchObject({ esimStatus: 'REVOKE' });
    expect(fake.balance()).toBe(beforeRevoke);
    expect(
      fake
        .requests()
        .slice(revokeSince)
        .filter((r) => /cancel|revoke/.test(r.path))
        .map((r) => r.path),
    ).toEqual(['/api/v1/open/esim/revoke']);
    await deliverWebhooks();
  });

  it('suspends and resumes an eSIM at eSIM Access; asked twice, the second finds it done', async () => {
    const { profiles } = await delivered(await purchase('CKH210'));
    const [profile] = profiles;
    await supplier.setStatus(db(), profile!.iccid, 'suspended');
    expect(fake.esim(profile!.supplier_ref)).toMatchObject({ esimStatus: 'SUSPENDED' });
    await supplier.setStatus(db(), profile!.iccid, 'suspended');
    await supplier.setStatus(db(), profile!.iccid, 'active');
    expect(fake.esim(profile!.supplier_ref)).toMatchObject({ esimStatus: 'GOT_RESOURCE' });
    await deliverWebhooks();
  });

  it('tops up only with a top-up eSIM Access lists for that eSIM, once under the top-up order id, then adds the bundle to our row', async () => {
    const { profiles } = await delivered(await purchase('CKH491'));
    const [profile] = profiles;
    fake.install(profile!.supplier_ref);
    // Installed and in use: our lifecycle has it active (a top-up goes on an eSIM in use).
    await db()('profiles')
      .where({ id: profile!.id })
      .update({ status: 'active', expires_at: new Date(Date.now() + 7 * 86_400_000) });

    const offers = await supplier.topUpOffers(db(), profile!);
    expect(offers.map((o) => o.supplierPackageId).sort()).toEqual(['TOPUP_CKH491', 'TOPUP_CKH493']);
    expect(offers.find((o) => o.supplierPackageId === 'TOPUP_CKH491')).toMatchObject({
      topUp: true,
      countries: ['TR'],
      dataMb: 1024,
      validityDays: 7,
      netCostCents: 101,
    });

    // Germany's top-up is not one of this Turkish eSIM's: refused before anything is bought.
    const balanceBefore = fake.balance();
    const since = mark();
    const foreign = await topUpOrder(profile!, 'TOPUP_CKH210');
    expect(await supplier.topUp(db(), [foreign])).toEqual([{ ok: false, reason: 'supplier_top_up_unavailable' }]);
    expect(requestsTo('/api/v1/open/esim/topup', since)).toEqual([]);

    // Listed: bought; the answer lost, asked again under the same transactionId: one top-up, one debit.
    const request = await topUpOrder(profile!, 'TOPUP_CKH491');
    fake.addFault({ kind: 'drop', path: '/api/v1/open/esim/topup', times: 1 });
    await expect(supplier.topUp(db(), [request])).rejects.toBeInstanceOf(EsimAccessUnavailable);
    expect(await supplier.topUp(db(), [request])).toEqual([{ ok: true }]);
    expect(await supplier.topUp(db(), [request])).toEqual([{ ok: true }]);
    expect(requestsTo('/api/v1/open/esim/topup', since).map((r) => r.body?.transactionId)).toEqual([
      request.orderId,
      request.orderId,
    ]);
    expect(fake.esim(profile!.supplier_ref)!.topUps).toEqual([
      expect.objectContaining({ transactionId: request.orderId, packageCode: 'TOPUP_CKH491' }),
    ]);
    expect(fake.balance()).toBe(balanceBefore - 11_000);
    expect(await db()('profile_bundles').where({ profile_id: profile!.id }).pluck('order_id')).toEqual([
      request.orderId,
    ]);
    expect(await db()('profiles').where({ id: profile!.id }).first('data_total_bytes')).toEqual({
      data_total_bytes: 2 * GB,
    });
    expect(await supplierOrder(request.orderId)).toMatchObject({
      kind: 'top_up',
      status: 'delivered',
      cost_cents: 101,
    });
    await deliverWebhooks();
  });

  it('reads usage and state from eSIM Access at most once per 20 minutes per eSIM, and anew when its webhook says something changed', async () => {
    const { profiles } = await delivered(await purchase('CKH491'));
    const [profile] = profiles;
    fake.use(profile!.supplier_ref, 100 * MB, { reportNow: true });
    // Its installation's webhooks are not handed over: nothing has read the eSIM yet.
    await fake.webhooksSettled();
    receiver.take();
    const since = mark();
    expect(await supplier.usage(db(), profile!.iccid)).toEqual({ usedBytes: 100 * MB, totalBytes: GB });
    const status = await supplier.esimStatus(db(), profile!);
    expect(status).toMatchObject({ state: 'in_use', usedBytes: 100 * MB, totalBytes: GB });
    expect(status.updatedAt).toBeInstanceOf(Date);
    expect(status.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);

    fake.use(profile!.supplier_ref, 200 * MB, { reportNow: true });
    expect(await supplier.usage(db(), profile!.iccid)).toEqual({ usedBytes: 100 * MB, totalBytes: GB });
    const asked = () =>
      fake
        .requests()
        .slice(since)
        .filter((r) => JSON.stringify(r.body).includes(profile!.supplier_ref))
        .map((r) => r.path);
    expect(asked().sort()).toEqual(['/api/v1/open/esim/query', '/api/v1/open/esim/usage/query']);
    const ttl = await sys.esim.redis.ttl(esimAccessStatusKey(profile!.supplier_ref));
    expect(ttl).toBeGreaterThan(19 * 60);
    expect(ttl).toBeLessThanOrEqual(20 * 60);

    // DATA_USAGE: read back now, and the cache holds the new figures.
    fake.notify(profile!.supplier_ref, 'DATA_USAGE');
    expect(await deliverWebhooks()).toEqual([
      [expect.objectContaining({ kind: 'esim', status: expect.objectContaining({ usedBytes: 300 * MB }) })],
    ]);
    const after = asked().length;
    expect(await supplier.usage(db(), profile!.iccid)).toEqual({ usedBytes: 300 * MB, totalBytes: GB });
    expect(asked()).toHaveLength(after);
  });

  it('holds 8 requests a second across processes: 30 calls at once from two of them', async () => {
    const other = createRedis(process.env.REDIS_URL!, process.env.REDIS_PREFIX!);
    extraRedis.push(other);
    const second = makeSupplier({}, { redis: other });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const since = mark();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? supplier : second).balance()),
    );
    expect(answers.every((a) => typeof a === 'number')).toBe(true);
    const arrivals = fake
      .requests()
      .slice(since)
      .map((r) => r.atMs)
      .sort((a, b) => a - b);
    expect(arrivals).toHaveLength(30);
    expect(
      fake
        .requests()
        .slice(since)
        .filter((r) => r.status === 429),
    ).toEqual([]);
    // The most that arrived within any one second.
    const busiest = Math.max(...arrivals.map((t) => arrivals.filter((u) => u >= t && u < t + 1000).length));
    expect(busiest).toBeLessThanOrEqual(8);
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThanOrEqual(3_000);
  });

  it('maps packages to offers (euro cents at the configured rate, MB, days, countries) and the balance to euro cents', async () => {
    const offers = await supplier.offers();
    expect(offers.find((o) => o.supplierPackageId === 'CKH491')).toEqual({
      supplierPackageId: 'CKH491',
      name: 'Turkey 1GB 7Days',
      countries: ['TR'],
      dataMb: 1024,
      validityDays: 7,
      netCostCents: 101,
      supplierPrice: { amount: 1.1, currency: 'USD' },
      topUp: false,
    });
    expect(offers.find((o) => o.supplierPackageId === 'CKH800')).toMatchObject({
      dataMb: 5 * 1024,
      validityDays: 30,
      netCostCents: 414,
      topUp: false,
    });
    expect(offers.find((o) => o.supplierPackageId === 'CKH800')!.countries).toHaveLength(30);
    expect(offers.filter((o) => o.topUp).map((o) => o.supplierPackageId)).toContain('TOPUP_CKH900');
    const units = fake.balance();
    fake.setBalance(1_234_567);
    // $123.4567 × 0.92 = 113.58 €.
    expect(await supplier.balance()).toBe(11_358);
    fake.setBalance(units);
  });

  it('keeps eSIMs apart by esimTranNo when eSIM Access hands an ICCID out again', async () => {
    const own = await startFakeEsimAccess({ accessCode: ACCESS_CODE, secretKey: SECRET_KEY, allocationSeconds: null });
    try {
      const local = makeSupplier({}, { target: own });
      // Refunded: cancelled at eSIM Access, and our row refunded as the refund saga leaves it.
      const a = await delivered(await purchase('CKH491'), own, local);
      const [first] = a.profiles;
      await local.revoke(db(), { id: first!.id, iccid: first!.iccid, orderId: a.esims[0]!.transactionId });
      await db()('profiles').where({ id: first!.id }).update({ status: 'refunded', refunded_at: new Date() });

      const b = await delivered(await purchase('CKH491'), own, local);
      const [again] = b.profiles;
      expect(again!.iccid).toBe(first!.iccid);
      expect(again!.supplier_ref).not.toBe(first!.supplier_ref);
      const rows = await db()('profiles').where({ iccid: first!.iccid }).orderBy('created_at');
      expect(rows.map((r: { supplier_ref: string; status: string }) => [r.supplier_ref, r.status])).toEqual([
        [first!.supplier_ref, 'refunded'],
        [again!.supplier_ref, 'inactive'],
      ]);
      // The ICCID names the eSIM in use now; each row's own state is read by its esimTranNo.
      own.use(again!.supplier_ref, 5 * MB, { reportNow: true });
      expect(await local.usage(db(), first!.iccid)).toEqual({ usedBytes: 5 * MB, totalBytes: GB });
      expect((await local.esimStatus(db(), first!)).state).toBe('cancelled');
      expect((await local.esimStatus(db(), again!)).state).toBe('in_use');

      // Ended at eSIM Access while our row still says inactive: the old row is closed when its ICCID comes back.
      const c = await delivered(await purchase('CKH210'), own, local);
      const [old] = c.profiles;
      own.expire(old!.supplier_ref);
      const d = await delivered(await purchase('CKH210'), own, local);
      expect(d.profiles[0]!.iccid).toBe(old!.iccid);
      expect(await db()('profiles').where({ id: old!.id }).first('status')).toEqual({ status: 'expired' });
      expect(await db()('profiles').where({ id: d.profiles[0]!.id }).first('status')).toEqual({ status: 'inactive' });
    } finally {
      await own.close();
    }
  });

  it('gives the same error classes the saga relies on: refusals are EsimAccessError, the unknown is EsimAccessUnavailable', async () => {
    fake.addFault({ kind: 'status', status: 502, times: 1 });
    await expect(supplier.balance()).rejects.toBeInstanceOf(EsimAccessUnavailable);
    await expect(operator(fake).call('/esim/cancel', { esimTranNo: 'nope' })).rejects.toBeInstanceOf(EsimAccessError);
  });
});
