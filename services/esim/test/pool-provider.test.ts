import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOrderNumber } from '../src/orders/order-number';
import { poolProvider } from '../src/provider/pool-provider';
import { startEsim, type EsimAlone } from './support';

/** The pool's allocation for a batch of orders (one pool_assign call), on esim's own schema, without the other services. */
describe('the profile pool provisioning a batch', () => {
  let sys: EsimAlone;
  beforeAll(async () => {
    sys = await startEsim();
  });
  afterAll(async () => {
    await sys.stop();
  });

  const order = async (packageCode: string, quantity: number) => {
    const id = randomUUID();
    await sys.esim.db('orders').insert({
      id,
      order_number: newOrderNumber(),
      user_id: randomUUID(),
      package_code: packageCode,
      package_name_tr: packageCode,
      package_name_en: packageCode,
      package_type: 'country',
      validity_days: 7,
      quantity,
      unit_price_cents: 100,
      total_cents: 100 * quantity,
    });
    return {
      orderId: id,
      supplier: 'pool' as const,
      userId: randomUUID(),
      packageCode,
      supplierPackageId: packageCode,
      quantity,
      dataTotalBytes: 3 * 1024 ** 3,
      validityDays: 7,
    };
  };

  it('takes each order in turn as if alone: oldest free profiles first, all or nothing, other packages unaffected', async () => {
    const germany = await sys.stock('DE-7D-3GB', 3);
    const france = await sys.stock('FR-7D-3GB', 1);
    // Germany has 3: the first takes 2, the second (2 more) finds 1 and gets none, the fourth still gets the last one.
    const requests = [
      await order('DE-7D-3GB', 2),
      await order('DE-7D-3GB', 2),
      await order('FR-7D-3GB', 1),
      await order('DE-7D-3GB', 1),
    ];
    const results = await poolProvider.provision(sys.esim.db, requests);
    const oldestFirst = [...germany].sort();
    expect(results).toEqual([
      { ok: true, iccids: oldestFirst.slice(0, 2) },
      { ok: false, reason: 'esim_out_of_stock' },
      { ok: true, iccids: france },
      { ok: true, iccids: oldestFirst.slice(2) },
    ]);
    const assigned = await sys.esim
      .db('profiles')
      .whereIn('iccid', [...germany, ...france])
      .select('iccid', 'order_id', 'pool_status', 'data_total_bytes');
    for (const row of assigned)
      expect([row.pool_status, Number(row.data_total_bytes)]).toEqual(['assigned', 3 * 1024 ** 3]);
    expect(assigned.filter((row: { order_id: string }) => row.order_id === requests[1]!.orderId)).toEqual([]);
    // Below the default threshold (10): one alert per package, for what the batch left.
    const alerts = await sys.esim
      .db('outbox')
      .where({ type: 'esim.pool.low-stock' })
      .select('aggregate_id', 'envelope');
    expect(alerts.map((a: { envelope: { payload: unknown } }) => a.envelope.payload)).toEqual(
      expect.arrayContaining([
        { packageCode: 'DE-7D-3GB', available: 0, threshold: 10 },
        { packageCode: 'FR-7D-3GB', available: 0, threshold: 10 },
      ]),
    );
  });

  it('answers an empty batch with nothing', async () => {
    expect(await poolProvider.provision(sys.esim.db, [])).toEqual([]);
  });

  it('asked again for an order (the recovery loop after a crash), gives it the same profiles and takes no more', async () => {
    const stock = await sys.stock('IT-7D-3GB', 4);
    const requests = [await order('IT-7D-3GB', 2)];
    const first = await poolProvider.provision(sys.esim.db, requests);
    // Two drivers at once (the buying request and the recovery loop) get the same answer too.
    const again = await Promise.all([
      poolProvider.provision(sys.esim.db, requests),
      poolProvider.provision(sys.esim.db, requests),
    ]);
    expect(again).toEqual([first, first]);
    expect(first[0]).toMatchObject({ ok: true });
    const taken = await sys.esim
      .db('profiles')
      .whereIn('iccid', stock)
      .where({ order_id: requests[0]!.orderId })
      .count<{ count: string }[]>('* as count');
    expect(Number(taken[0]!.count)).toBe(2);
    expect(await sys.esim.db('profiles').whereIn('iccid', stock).where({ pool_status: 'available' })).toHaveLength(2);
  });
});
