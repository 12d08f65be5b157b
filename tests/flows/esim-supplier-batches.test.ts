import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISTANCE_SALE_VERSION } from '@esim/contracts';
import { waitFor } from '@esim/platform/testing';
import { startFakeAiralo, type FakeAiralo } from '../../infra/src/fakes/airalo';
import { customer, key, startEsimSystem, type EsimSystem, type Person } from './esim';

/**
 * Supplier purchases of the same moment through the running system against the fake Airalo: their
 * writes before and after the supplier call go by group commit (orders/provisioning.ts,
 * suppliers/airalo/batches.ts), but each buyer makes their own Airalo call, and a refusal of one
 * order among them fails that order alone and voids only its hold.
 */
const CLIENT_ID = 'flow-airalo-client';
const CLIENT_SECRET = 'flow-airalo-secret-0123456789';
const LATENCY_MS = 800;
const BUYERS = 6;

describe('supplier purchases of the same moment', () => {
  let sys: EsimSystem;
  let fake: FakeAiralo;
  let packageId: string;

  beforeAll(async () => {
    fake = await startFakeAiralo({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, latencyMs: LATENCY_MS });
    sys = await startEsimSystem({
      AIRALO_CLIENT_ID: CLIENT_ID,
      AIRALO_CLIENT_SECRET: CLIENT_SECRET,
      AIRALO_BASE_URL: `${fake.url}/v2`,
      // The recovery loop leaves the buyers' own drives alone while Airalo takes its time.
      ESIM_RECOVERY_GRACE_MS: '10000',
    });
    const adminToken = await sys.system.login('admin@esim.test');
    const synced = await sys.system.api('POST', '/admin/esim/suppliers/sync', {
      token: adminToken,
      headers: { 'idempotency-key': key() },
    });
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    const filter = encodeURIComponent(JSON.stringify({ supplier: 'airalo', mapped: false, top_up: false }));
    const offers = await sys.system.api('GET', `/admin/supplier-offers?filter=${filter}&range=[0,99]`, {
      token: adminToken,
    });
    const offer = (offers.body.data as Array<{ id: string; supplier_package_id: string }>).find(
      (o) => o.supplier_package_id === 'change-7days-1gb',
    );
    expect(offer, 'the fake’s change-7days-1gb offer').toBeDefined();
    const made = await sys.system.api('POST', `/admin/supplier-offers/${offer!.id}/package`, {
      token: adminToken,
      headers: { 'idempotency-key': key() },
      body: { code: 'AL-FLOW-BATCH-1GB' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    packageId = await sys.packageId('AL-FLOW-BATCH-1GB');
  }, 120_000);
  afterAll(async () => {
    await sys?.verifyLedger();
    await sys?.stop();
    await fake?.close();
  });

  it('each buyer waits only for their own Airalo call; the one Airalo refuses fails alone, with only its hold voided', async () => {
    const buyers: Person[] = Array.from({ length: BUYERS }, customer);
    for (const buyer of buyers) await sys.fund(buyer, 50_00);
    fake.clearRequests();
    // The order call that arrives first is refused (nothing made): one of the batch, not all of it.
    fake.addFault({ kind: 'status', path: '/v2/orders', method: 'POST', status: 422, times: 1 });

    // The supplier_orders table held for a moment, so the buyers of this moment all wait at their
    // reservation (the statement that also opens their supplier orders) however slowly a loaded host
    // lets them arrive, each with its hold taken: the group commit must write them together.
    const gate = await sys.esim.db.transaction();
    await gate.raw('LOCK TABLE supplier_orders IN SHARE MODE');
    const buying = Promise.all(
      buyers.map(async (buyer) =>
        sys.esim.inject({
          method: 'POST',
          url: '/user/packages/buy',
          headers: await sys.as(buyer, { 'idempotency-key': key() }),
          payload: { package_id: packageId, quantity: 1 },
        }),
      ),
    );
    await waitFor(
      async () => (await Promise.all(buyers.map((buyer) => sys.available(buyer)))).every((a) => a < 50_00),
      {
        what: 'every buyer held and waiting at the reservation',
        timeoutMs: 30_000,
      },
    );
    const reserved = await sys.esim
      .db('orders')
      .where({ package_id: packageId, step: 'provisioning' })
      .count({ n: '*' });
    expect(Number(reserved[0]!.n), 'no order reserved while its supplier order cannot be opened').toBe(0);
    await gate.commit();
    const answers = await buying;

    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(BUYERS - 1).fill(201), 409]);
    const refused = buyers[answers.findIndex((answer) => answer.statusCode === 409)]!;
    const bought = buyers.filter((buyer) => buyer !== refused);

    // Every order call reached Airalo before the first answer came back: nobody queued behind another's call.
    const calls = fake.requests().filter((request) => request.method === 'POST' && request.path === '/v2/orders');
    expect(calls).toHaveLength(BUYERS);
    const arrivals = calls.map((call) => Date.parse(call.at));
    expect(Math.max(...arrivals) - Math.min(...arrivals)).toBeLessThan(LATENCY_MS);

    // One Airalo order per completed purchase, its eSIM stored once.
    const orders = await sys.esim.db('orders').where({ package_id: packageId }).select('id', 'user_id', 'step');
    expect(orders).toHaveLength(BUYERS);
    const failed = orders.filter((order) => order.step === 'failed');
    expect(failed.map((order) => order.user_id)).toEqual([refused.id]);
    const completed = orders.filter((order) => order.step === 'completed').map((order) => order.id as string);
    expect(completed).toHaveLength(BUYERS - 1);
    const profiles = await sys.esim.db('profiles').whereIn('order_id', completed).select('order_id');
    expect(profiles.map((profile) => profile.order_id).sort()).toEqual([...completed].sort());
    const supplierOrders = await sys.esim
      .db('supplier_orders')
      .whereIn(
        'order_id',
        orders.map((order) => order.id as string),
      )
      .select('order_id', 'status', 'created_at');
    expect(
      supplierOrders
        .filter((row) => row.status === 'delivered')
        .map((row) => row.order_id)
        .sort(),
    ).toEqual([...completed].sort());
    expect(supplierOrders.filter((row) => row.status === 'failed').map((row) => row.order_id)).toEqual(
      failed.map((order) => order.id),
    );
    // Rows written in one statement share its time: the orders of the moment were opened together.
    const opened = new Set(supplierOrders.map((row) => (row.created_at as Date).getTime()));
    expect(opened.size).toBeLessThan(BUYERS);

    // The refused buyer has all their money back to spend; the others paid their one eSIM each.
    expect(await sys.available(refused)).toBe(50_00);
    for (const buyer of bought) await sys.charged(buyer);
    const paid = await Promise.all(bought.map((buyer) => sys.balanceOf(buyer)));
    expect(new Set(paid).size).toBe(1);
    expect(paid[0]).toBeLessThan(50_00);
    expect(await sys.balanceOf(refused)).toBe(50_00);
  }, 60_000);

  it('an Airalo purchase with documents: its eSIMs written with its completion, the answer and the receipt carrying the code Airalo made', async () => {
    const buyer = customer();
    await sys.fund(buyer, 50_00);
    fake.clearRequests();
    const answer = await sys.esim.inject({
      method: 'POST',
      url: '/user/packages/buy',
      headers: await sys.as(buyer, { 'idempotency-key': key() }),
      payload: { package_id: packageId, quantity: 1, agreement: { version: DISTANCE_SALE_VERSION } },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const order = answer.json().data as { id: string; esims: Array<{ iccid: string; activation_code: string }> };
    const [placed] = fake.orders().filter((made) => made.description === order.id);
    const sim = fake.sim(placed!.iccids[0]!)!;
    expect(order.esims.map((esim) => [esim.iccid, esim.activation_code])).toEqual([[sim.iccid, sim.qrcode]]);
    // The answer's eSIMs (handed back by the statement that wrote them) are the ones the order's page reads.
    const page = await sys.esim.inject({
      method: 'GET',
      url: `/user/esim/orders/${order.id}`,
      headers: await sys.as(buyer),
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.esims).toEqual(order.esims);
    const stored = await sys.esim.db('profiles').where({ order_id: order.id }).select('iccid', 'supplier_ref');
    expect(stored).toEqual([{ iccid: sim.iccid, supplier_ref: String(sim.id) }]);
    expect(await sys.esim.db('supplier_orders').where({ order_id: order.id }).first('status', 'attempts')).toEqual({
      status: 'delivered',
      attempts: 1,
    });
    const [receipt, ...more] = (
      await sys.esim.db('outbox').where({ type: 'esim.order.receipt', aggregate_id: order.id }).pluck('envelope')
    ).map((e: string | object) => (typeof e === 'string' ? JSON.parse(e) : e).payload);
    expect(more).toEqual([]);
    expect(receipt.esims).toEqual([
      expect.objectContaining({
        iccid: sim.iccid,
        smdpAddress: sim.lpa,
        matchingId: sim.matchingId,
        activationCode: sim.qrcode,
      }),
    ]);
    await sys.charged(buyer);
  });
});
