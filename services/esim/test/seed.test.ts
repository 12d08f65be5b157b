import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ESIM_ORDERS, DEMO_LOOKUPS, demoAccount } from '@esim/contracts';
import { DEMO_PACKAGES } from '@esim/contracts';
import { buildApp } from '../src/app';
import { DEMO_ESIM_ORDER_NUMBERS, seedDemoData } from '../src/seed';

describe('esim demo seed', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    app = await buildApp();
  });
  afterAll(async () => app.close());

  it('stocks a pool and answers the demo order numbers on the public balance check, once', async () => {
    expect(await seedDemoData(app.db)).toBe(true);
    expect(await seedDemoData(app.db)).toBe(false);
    const [{ n }] = (await app
      .db('profiles')
      .where({ pool_status: 'available', package_code: 'US-7D-3GB' })
      .count({ n: '*' })) as [{ n: string }];
    expect(Number(n)).toBe(25);
    const check = async (number: string) => (await app.inject(`/public/balance/esim/${number}`)).json();
    const near = await check(DEMO_LOOKUPS.esimOrderNumbers.nearlyUsed);
    expect(near).toMatchObject({ code: 'balance_check_demo_loaded', message: 'Bakiye bilgileri yüklendi (demo)' });
    expect(near.data).toMatchObject({ status: 'active', totalData: 3072, demo: true });
    expect(near.data.usedData / near.data.totalData).toBeGreaterThan(0.9);
    expect((await check(DEMO_LOOKUPS.esimOrderNumbers.expired)).data.status).toBe('expired');
    expect((await check(DEMO_LOOKUPS.esimOrderNumbers.active)).data.status).toBe('active');
    for (const number of Object.values(DEMO_ESIM_ORDER_NUMBERS))
      expect((await check(number)).success, number).toBe(true);
  });

  it('seeds the shared demo orders under their fixed ids at the catalog price, which the balance seed charges', async () => {
    const orders = (await app
      .db('orders')
      .whereIn(
        'id',
        DEMO_ESIM_ORDERS.map((o) => o.id),
      )
      .orderBy('id')) as Array<{
      id: string;
      order_number: string;
      user_id: string;
      total_cents: string;
      step: string;
    }>;
    expect(
      orders.map((o) => ({
        id: o.id,
        number: o.order_number,
        user: o.user_id,
        total: Number(o.total_cents),
        step: o.step,
      })),
    ).toEqual(
      DEMO_ESIM_ORDERS.map((o) => ({
        id: o.id,
        number: o.number,
        user: demoAccount(o.email).id,
        total: DEMO_PACKAGES.find((p) => p.code === o.code)!.retailCents,
        step: 'completed',
      })),
    );
  });
});
