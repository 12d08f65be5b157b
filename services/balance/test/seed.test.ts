import { DEMO_ESIM_ORDERS, demoAccount } from '@esim/contracts';
import { DEMO_PACKAGES } from '@esim/contracts';
import { createTestKeys } from '@esim/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { seedDemoData } from '../src/seed';
import { countRows, expectLedgerValid, type App } from './support';

/** The demo data: the demo people's accounts, opening balances and a little history, seeded idempotently. */
let app: App;
let token: (email: string) => Promise<string>;
beforeAll(async () => {
  const keys = await createTestKeys();
  app = await buildApp({ jwks: keys.jwks });
  token = (email) => {
    const account = demoAccount(email);
    return keys.token({ id: account.id, userType: account.userType, email });
  };
});
afterAll(async () => {
  await expectLedgerValid(app.db);
  await app.close();
});

it('seeds once: a second run changes nothing', async () => {
  await seedDemoData(app.db);
  const counts = {
    transfers: await countRows(app.db, 'transfers'),
    collections: await countRows(app.db, 'collections'),
    deposits: await countRows(app.db, 'deposits'),
  };
  await seedDemoData(app.db);
  expect({
    transfers: await countRows(app.db, 'transfers'),
    collections: await countRows(app.db, 'collections'),
    deposits: await countRows(app.db, 'deposits'),
  }).toEqual(counts);
  expect(counts).toEqual({ transfers: 8 + DEMO_ESIM_ORDERS.length, collections: 3, deposits: 2 });
});

it('gives the screens data: dealer balances and debts, the sales manager figures, customer balances', async () => {
  const dealer = demoAccount('dealer@esim.test');
  const dealer2 = demoAccount('dealer2@esim.test');
  const admin = await token('admin@esim.test');
  const balances = await app.inject({
    url: `/admin/dealers/balances?ids=${dealer.id},${dealer2.id}`,
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(balances.json().data).toEqual([
    expect.objectContaining({ dealer_id: dealer.id, balance: 500, owed: 500 - 100 - 75.5 }),
    expect.objectContaining({ dealer_id: dealer2.id, balance: 250, owed: 200 }),
  ]);
  const sales = await app.inject({
    url: '/sales-manager/balance',
    headers: { authorization: `Bearer ${await token('sales@esim.test')}` },
  });
  expect(sales.json().data).toMatchObject({ cash_held: 75.5, outstanding: 324.5 + 200, dealer_count: 2 });
  const customer = await app.inject({
    url: '/user/balance',
    headers: { authorization: `Bearer ${await token('customer@esim.test')}` },
  });
  expect(customer.json().data.balance_cents).toBe(100_00 - 16_99 - 11_99);
  const logs = await app.inject({ url: '/admin/collection-logs', headers: { authorization: `Bearer ${admin}` } });
  expect(logs.json().data.map((l: { dealer_name: string | null }) => l.dealer_name)).toEqual([
    null,
    'Deniz Telekom Ltd. Şti.',
    'Derya İletişim A.Ş.',
  ]);
});

it('pays for the demo eSIM orders as a real order does: a hold on the order id, captured when it was bought', async () => {
  const holds = (await app
    .db('holds')
    .whereIn(
      'order_id',
      DEMO_ESIM_ORDERS.map((o) => o.id),
    )
    .orderBy('order_id')) as Array<{
    order_id: string;
    user_id: string;
    amount: string;
    reference: string;
    status: string;
    capture_transfer_id: number | null;
    resolved_at: Date;
  }>;
  expect(
    holds.map((h) => ({
      order_id: h.order_id,
      user_id: h.user_id,
      amount: Number(h.amount),
      reference: h.reference,
      status: h.status,
    })),
  ).toEqual(
    DEMO_ESIM_ORDERS.map((o) => ({
      order_id: o.id,
      user_id: demoAccount(o.email).id,
      amount: DEMO_PACKAGES.find((p) => p.code === o.code)!.retailCents,
      reference: `eSIM ${o.number}`,
      status: 'captured',
    })),
  );
  for (const [i, order] of DEMO_ESIM_ORDERS.entries()) {
    const daysAgo = (Date.now() - new Date(holds[i]!.resolved_at).getTime()) / 86_400_000;
    expect(Math.round(daysAgo), order.number).toBe(order.boughtDaysAgo);
    const transfer = await app.db('transfers').where({ id: holds[i]!.capture_transfer_id }).first('kind', 'created_at');
    expect(transfer.kind).toBe('purchase');
  }

  // The home's figures: the spending of the last 30 days is what the orders cost.
  const spend = async (email: string) =>
    (
      await app.inject({ url: '/user/balance/spend', headers: { authorization: `Bearer ${await token(email)}` } })
    ).json().data;
  expect(await spend('customer@esim.test')).toMatchObject({ total: 28.98, count: 2 });
  expect(await spend('demo@esim.test')).toMatchObject({ total: 53.97, count: 3 });
});
