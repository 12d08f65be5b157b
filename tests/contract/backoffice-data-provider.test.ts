/// <reference lib="dom" />
import { DEMO_LOOKUPS, DEMO_PLUS_PACKAGES, demoAccount } from '@esim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RaRecord } from 'ra-core';
import { createDataProvider, type BackOfficeDataProvider } from '../../frontend/backoffice/src/providers/dataProvider';
import { createHttpClient } from '../../frontend/backoffice/src/providers/httpClient';
import { sessionFromLogin, type Session, type SessionStore } from '@esim/frontend-shared/session';
import { startSystem, type ListeningSystem } from '../flows/system';

/**
 * The back office's real data provider (ra-data-simple-rest through our httpClient) against the
 * real services behind the real gateway: every resource the back office lists, each method it
 * uses, with ids, totals and filters checked against what the services hold.
 */
let system: ListeningSystem;

function memory(session: Session): SessionStore {
  let current: Session | null = session;
  return { read: () => current, write: (next) => (current = next), clear: () => (current = null) };
}

// One sign-in per account for the whole file: the gateway allows 20 sign-ins a minute per address, fewer than the tests here.
const logins = new Map<string, ReturnType<ListeningSystem['session']>>();

async function providerFor(email: string): Promise<BackOfficeDataProvider> {
  if (!logins.has(email)) logins.set(email, system.session(email));
  const { token, user } = await logins.get(email)!;
  const session = memory(sessionFromLogin({ token, ...(user as any) }));
  return createDataProvider(
    `${system.url}/api`,
    createHttpClient({ apiUrl: `${system.url}/api`, session, locale: () => 'tr' }),
  );
}

const page = (perPage: number, page = 1) => ({ page, perPage });

beforeAll(async () => {
  system = await startSystem({ listen: {} });
}, 120_000);
afterAll(async () => {
  await system?.stop();
});

describe('sales manager: sales-manager/dealers', () => {
  it('getList totals, search and status filters; getMany and getOne by id; getManyReference; create', async () => {
    const dp = await providerFor('sales@esim.test');
    const all = await dp.getList('sales-manager/dealers', {
      pagination: page(25),
      sort: { field: 'company_name', order: 'ASC' },
      filter: {},
    });
    const mine = ['dealer@esim.test', 'dealer2@esim.test'].map((email) => demoAccount(email).id);
    expect(all.total).toBe(2);
    expect(all.data.map((d) => d.id).sort()).toEqual([...mine].sort());

    const onePage = await dp.getList('sales-manager/dealers', {
      pagination: page(1, 2),
      sort: { field: 'company_name', order: 'ASC' },
      filter: {},
    });
    expect(onePage.total).toBe(2);
    expect(onePage.data).toHaveLength(1);
    expect(onePage.data[0]!.id).toBe(all.data[1]!.id);

    const searched = await dp.getList('sales-manager/dealers', {
      pagination: page(25),
      sort: { field: 'id', order: 'ASC' },
      filter: { q: 'Derya' },
    });
    expect(searched.data.map((d) => d.email)).toEqual(['dealer2@esim.test']);
    expect(searched.total).toBe(1);

    // getMany sends filter={"id":[...]}: exactly the ids asked for, no other dealer.
    const many = await dp.getMany('sales-manager/dealers', { ids: [mine[0]!] });
    expect(many.data.map((d) => d.id)).toEqual([mine[0]]);
    const one = await dp.getOne('sales-manager/dealers', { id: mine[1]! });
    expect(one.data.email).toBe('dealer2@esim.test');

    const active = await dp.getManyReference('sales-manager/dealers', {
      target: 'status',
      id: 'active',
      pagination: page(25),
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(active.total).toBe(2);

    const created = await dp.create('sales-manager/dealers', {
      data: {
        company_name: 'Kontrat Test Ltd.',
        full_name: 'Kontrat Bayi',
        email: 'contract-dealer@esim.test',
        password: 'Kontrat-Test-2026!x',
      },
    });
    expect(typeof created.data.id).toBe('string');
    const after = await dp.getList('sales-manager/dealers', {
      pagination: page(25),
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(after.total).toBe(3);
    expect(after.data.map((d) => d.id)).toContain(created.data.id);

    const refused = await dp
      .create('sales-manager/dealers', {
        data: {
          company_name: 'X Ltd.',
          full_name: 'X Bayi',
          email: 'contract-dealer@esim.test',
          password: 'Kontrat-Test-2026!x',
        },
      })
      .catch((error) => error);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.body.message).toEqual(expect.any(String));
  });
});

describe('dealer: transactions, top-ups, price-list', () => {
  it('top-up: create by POST, then getList (status filter), getMany', async () => {
    const dp = await providerFor('dealer@esim.test');
    const { data: topUp } = await dp.send<{ id: string; reference_code: string; bank: { iban: string } }>(
      'POST',
      'user/balance/add',
      { amount: 25.5, method: 'bank_transfer' },
    );
    expect(topUp.reference_code).toMatch(/^BK/);
    expect(topUp.bank.iban).toEqual(expect.any(String));
    const pending = await dp.getList('top-ups', {
      pagination: page(10),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'pending' },
    });
    expect(pending.total).toBe(1);
    expect(pending.data[0]!.id).toBe(topUp.id);
    const confirmed = await dp.getList('top-ups', {
      pagination: page(10),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'confirmed' },
    });
    expect(confirmed.total).toBe(0);
    // 'all' means no filter (the data provider leaves it out).
    const everything = await dp.getList('top-ups', {
      pagination: page(10),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'all' },
    });
    expect(everything.total).toBe(1);
    expect((await dp.getMany('top-ups', { ids: [topUp.id] })).data.map((t) => t.id)).toEqual([topUp.id]);
    // getMany names exactly its ids: with a second request in the list, asking for the first answers the first only.
    const { data: second } = await dp.send<{ id: string }>('POST', 'user/balance/add', {
      amount: 10,
      method: 'bank_transfer',
    });
    expect((await dp.getMany('top-ups', { ids: [topUp.id] })).data.map((t) => t.id)).toEqual([topUp.id]);
    expect((await dp.getMany('top-ups', { ids: [second.id, topUp.id] })).data.map((t) => t.id).sort()).toEqual(
      [second.id, topUp.id].sort(),
    );
  });

  it('transactions: paging totals, type and date filters, getMany; undeclared filter keys are not sent', async () => {
    const dp = await providerFor('dealer@esim.test');
    const all = await dp.getList('transactions', {
      pagination: page(100),
      sort: { field: 'created_at', order: 'DESC' },
      filter: {},
    });
    expect(all.total).toBe(all.data.length);
    expect(all.total).toBeGreaterThan(0);
    const type = all.data[0]!.type as string;
    const ofType = await dp.getList('transactions', {
      pagination: page(100),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { type, colour: 'blue' },
    });
    expect(ofType.total).toBe(all.data.filter((t) => t.type === type).length);
    expect(ofType.data.every((t) => t.type === type)).toBe(true);
    const future = await dp.getList('transactions', {
      pagination: page(100),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { start_date: '2099-01-01' },
    });
    expect(future.total).toBe(0);
    const ids = all.data.slice(0, 2).map((t) => t.id);
    expect((await dp.getMany('transactions', { ids })).data.map((t) => t.id).sort()).toEqual([...ids].sort());
  });

  it('price-list: paged, sorted and filtered by the catalog (totals from Content-Range); getOne and getMany by id', async () => {
    const dp = await providerFor('dealer@esim.test');
    const all = await dp.getList('price-list', {
      pagination: page(100),
      sort: { field: 'price', order: 'ASC' },
      filter: {},
    });
    expect(all.total).toBe(all.data.length);
    expect(all.data.every((p) => typeof p.price === 'number' && ['retail', 'dealer'].includes(p.price_source))).toBe(
      true,
    );
    expect(all.data.map((p) => p.price)).toEqual([...all.data.map((p) => p.price as number)].sort((a, b) => a - b));
    // Page 2 of 10 is the service's page, the same rows as positions 10..19 of the whole sorted list.
    const second = await dp.getList('price-list', {
      pagination: page(10, 2),
      sort: { field: 'price', order: 'ASC' },
      filter: {},
    });
    expect(second.total).toBe(all.total);
    expect(second.data.map((p) => p.price)).toEqual(all.data.slice(10, 20).map((p) => p.price));
    const local = await dp.getList('price-list', {
      pagination: page(5),
      sort: { field: 'price', order: 'ASC' },
      filter: { type: 'local' },
    });
    expect(local.total).toBe(all.data.filter((p) => p.type === 'local').length);
    expect(local.data).toHaveLength(5);
    const one = all.data[3]!;
    const searched = await dp.getList('price-list', {
      pagination: page(25),
      sort: { field: 'name', order: 'ASC' },
      filter: { q: one.code },
    });
    expect(searched.data.map((p) => p.id)).toContain(one.id);
    expect(searched.total).toBe(searched.data.length);
    expect((await dp.getOne('price-list', { id: one.id })).data.id).toBe(one.id);
    const two = [all.data[0]!.id, all.data[all.data.length - 1]!.id];
    expect((await dp.getMany('price-list', { ids: two })).data.map((p) => p.id).sort()).toEqual([...two].sort());
  });
});

describe('customer: eSIM orders', () => {
  it('getList with status filter and totals, getOne with QR and usage, getMany', async () => {
    const dp = await providerFor('customer@esim.test');
    const all = await dp.getList('orders', {
      pagination: page(25),
      sort: { field: 'created_at', order: 'DESC' },
      filter: {},
    });
    const numbers = all.data.map((o) => o.order_number);
    expect(numbers).toEqual(
      expect.arrayContaining([DEMO_LOOKUPS.esimOrderNumbers.active, DEMO_LOOKUPS.esimOrderNumbers.expired]),
    );
    expect(all.total).toBe(all.data.length);
    const completed = await dp.getList('orders', {
      pagination: page(25),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'completed' },
    });
    expect(completed.data.every((o) => o.status === 'completed')).toBe(true);
    const failed = await dp.getList('orders', {
      pagination: page(25),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'failed' },
    });
    expect(completed.total! + failed.total!).toBeLessThanOrEqual(all.total!);
    const active = all.data.find((o) => o.order_number === DEMO_LOOKUPS.esimOrderNumbers.active)!;
    const { data: order } = await dp.getOne('orders', { id: active.id });
    expect(order.esims.length).toBeGreaterThan(0);
    expect(order.esims[0].qr_url).toMatch(/^\/api\/user\/esim\/qr\/\d{19,20}\.png$/);
    const qr = await dp.blobUrl(order.esims[0].qr_url.replace(/^\/api\//, '')).catch((error) => error);
    expect(typeof qr).toBe('string');
    expect((await dp.getMany('orders', { ids: [active.id] })).data.map((o) => o.id)).toEqual([active.id]);
    // Every sortable column of the orders table sorts on the server.
    for (const field of ['total', 'order_number']) {
      // Ascending: the opposite of the default (newest first), so a sort the service ignored would show.
      const sorted = (
        await dp.getList('orders', { pagination: page(25), sort: { field, order: 'ASC' }, filter: {} })
      ).data.map((o) => o[field] as number | string);
      expect(sorted.length, field).toBeGreaterThan(1);
      expect(sorted, field).toEqual([...sorted].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    }
  });
});

describe('customer: the home spend chart', () => {
  it('reads the server-side per-day totals; every completed eSIM order of the period is in them (the demo seed charges them)', async () => {
    const dp = await providerFor('customer@esim.test');
    const spend = await dp.read<{
      start_date: string;
      end_date: string;
      total_cents: number;
      count: number;
      by_day: Array<{ date: string; total_cents: number; count: number }>;
    }>('user/balance/spend');
    expect(spend.by_day).toHaveLength(30);
    expect([spend.by_day[0]!.date, spend.by_day[29]!.date]).toEqual([spend.start_date, spend.end_date]);
    expect(spend.by_day.reduce((sum, d) => sum + d.total_cents, 0)).toBe(spend.total_cents);
    const since = Date.parse(`${spend.start_date}T00:00:00+03:00`);
    const orders = (
      await dp.getList('orders', {
        pagination: page(100),
        sort: { field: 'created_at', order: 'DESC' },
        filter: { status: 'completed' },
      })
    ).data.filter((o) => Date.parse(o.created_at) >= since);
    expect(orders.length).toBeGreaterThan(0);
    expect(spend.count).toBeGreaterThanOrEqual(orders.length);
    expect(spend.total_cents).toBeGreaterThanOrEqual(
      orders.reduce((sum, o) => sum + Math.round(Number(o.total) * 100), 0),
    );
  });
});

describe('dealer: physical SIM packages, orders, cards, returns', () => {
  it('orders 5 cards by POST; the order lists pending, the total is held; card and return lists answer with totals and status filters', async () => {
    const dp = await providerFor('dealer@esim.test');
    const packages = await dp.getList('physical-sim-packages', {
      pagination: page(100),
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    const pkg = packages.data.find((p) => p.available >= 5)!;
    expect(pkg).toBeDefined();
    // The Plus packages are a server-paged list too: totals, a page of one, search, getOne and getMany.
    expect(packages.total).toBe(packages.data.length);
    const firstByPrice = await dp.getList('physical-sim-packages', {
      pagination: page(1),
      sort: { field: 'price', order: 'ASC' },
      filter: {},
    });
    expect(firstByPrice.total).toBe(packages.total);
    expect(firstByPrice.data.map((p) => p.price)).toEqual([Math.min(...packages.data.map((p) => p.price as number))]);
    expect(
      (
        await dp.getList('physical-sim-packages', {
          pagination: page(25),
          sort: { field: 'name', order: 'ASC' },
          filter: { q: pkg.code },
        })
      ).data.map((p) => p.id),
    ).toEqual([pkg.id]);
    expect((await dp.getOne('physical-sim-packages', { id: pkg.id })).data.code).toBe(pkg.code);
    expect((await dp.getMany('physical-sim-packages', { ids: [pkg.id] })).data.map((p) => p.id)).toEqual([pkg.id]);
    const before = await dp.read<{ held_cents: number }>('user/balance');
    const { data: order } = await dp.send<{ id: string; status: string; total_cents: number }>(
      'POST',
      'user/physical-sim/order',
      { package_id: pkg.id, quantity: 5 },
    );
    expect(order.status).toBe('pending');
    expect(order.total_cents).toBe(pkg.price_cents * 5);
    const pending = await dp.getList('physical-sim-orders', {
      pagination: page(10),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'pending' },
    });
    expect(pending.data.map((o) => o.id)).toContain(order.id);
    expect(pending.total).toBe(pending.data.length);
    expect((await dp.getMany('physical-sim-orders', { ids: [order.id] })).data.map((o) => o.id)).toEqual([order.id]);
    const after = await dp.read<{ held_cents: number }>('user/balance');
    expect(after.held_cents - before.held_cents).toBe(order.total_cents);

    const cards = await dp.getList('physical-sim-cards', {
      pagination: page(25),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'assigned' },
    });
    expect(cards.data.every((c) => c.status === 'assigned')).toBe(true);
    expect(cards.total).toBeGreaterThan(2);
    const twoCards = [cards.data[0]!.id, cards.data[2]!.id];
    // The card, order and return lists sort by their columns on the server.
    const bySerial = (
      await dp.getList('physical-sim-cards', {
        pagination: page(25),
        sort: { field: 'serial_number', order: 'ASC' },
        filter: {},
      })
    ).data.map((c) => c.serial_number as string);
    expect(bySerial).toEqual([...bySerial].sort());
    const byTotal = (
      await dp.getList('physical-sim-orders', {
        pagination: page(25),
        sort: { field: 'total', order: 'ASC' },
        filter: {},
      })
    ).data.map((o) => o.total as number);
    expect(byTotal).toEqual([...byTotal].sort((a, b) => a - b));
    expect((await dp.getMany('physical-sim-cards', { ids: twoCards })).data.map((c) => c.id).sort()).toEqual(
      [...twoCards].sort(),
    );
    const returns = await dp.getList('physical-sim-returns', {
      pagination: page(25),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'pending' },
    });
    expect(returns.total).toBe(returns.data.length);
    // A second return beside the demo's, then getMany asks for the new one only.
    const inReturns = new Set(returns.data.flatMap((r) => r.card_ids as string[]));
    const free = cards.data.find((c) => c.returnable && !inReturns.has(c.id))!;
    const { data: returned } = await dp.send<{ id: string }>('POST', 'user/physical-sim/return', {
      card_ids: [free.id],
      reason: 'Contract test',
    });
    const allReturns = await dp.getList('physical-sim-returns', {
      pagination: page(25),
      sort: { field: 'created_at', order: 'DESC' },
      filter: {},
    });
    expect(allReturns.total).toBeGreaterThan(1);
    expect((await dp.getMany('physical-sim-returns', { ids: [returned.id] })).data.map((r) => r.id)).toEqual([
      returned.id,
    ]);
    const byStatus = (
      await dp.getList('physical-sim-returns', {
        pagination: page(25),
        sort: { field: 'status', order: 'ASC' },
        filter: {},
      })
    ).data.map((r) => r.status as string);
    expect(byStatus).toEqual([...byStatus].sort());
  });
});

describe('admin: dealers, sales managers, collection logs', () => {
  const demoDealers = () => ['dealer@esim.test', 'dealer2@esim.test'].map((email) => demoAccount(email).id);

  it('admin/dealers: getList with search, status, sort and range; getOne, getMany; create, update, delete; a dealer holding money is not deleted', async () => {
    const dp = await providerFor('admin@esim.test');
    const all = await dp.getList('admin/dealers', {
      pagination: page(100),
      sort: { field: 'company_name', order: 'ASC' },
      filter: {},
    });
    expect(all.data.map((d) => d.id)).toEqual(expect.arrayContaining(demoDealers()));
    expect(all.total).toBe(all.data.length);
    const names = all.data.map((d) => d.company_name as string);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'tr')));
    const second = await dp.getList('admin/dealers', {
      pagination: page(1, 2),
      sort: { field: 'company_name', order: 'ASC' },
      filter: {},
    });
    expect(second.total).toBe(all.total);
    expect(second.data.map((d) => d.id)).toEqual([all.data[1]!.id]);
    const derya = await dp.getList('admin/dealers', {
      pagination: page(25),
      sort: { field: 'company_name', order: 'ASC' },
      filter: { q: 'Derya', status: 'all' },
    });
    expect(derya.data.map((d) => d.email)).toEqual(['dealer2@esim.test']);

    const [deniz, dealer2] = demoDealers();
    expect((await dp.getOne('admin/dealers', { id: deniz! })).data.email).toBe('dealer@esim.test');
    expect((await dp.getMany('admin/dealers', { ids: [dealer2!] })).data.map((d) => d.id)).toEqual([dealer2]);

    const salesManager = demoAccount('sales@esim.test').id;
    const { data: created } = await dp.create('admin/dealers', {
      data: {
        company_name: 'Yönetici Test Ltd.',
        full_name: 'Yönetici Bayi',
        email: 'admin-contract-dealer@esim.test',
        password: 'Kontrat-Test-2026!x',
        sales_manager_id: salesManager,
        status: 'active',
      },
    });
    expect(created.sales_manager_id).toBe(salesManager);
    // The edit screen sends only the fields the service takes, blanks as null.
    const { data: updated } = await dp.update('admin/dealers', {
      id: created.id,
      data: { phone: '+905321112233', address: null, status: 'suspended' },
      previousData: created,
    });
    expect(updated).toMatchObject({ id: created.id, phone: '+905321112233', status: 'suspended' });
    const suspended = await dp.getList('admin/dealers', {
      pagination: page(25),
      sort: { field: 'company_name', order: 'ASC' },
      filter: { status: 'suspended' },
    });
    expect(suspended.data.map((d) => d.id)).toContain(created.id);
    expect(suspended.data.every((d) => d.status === 'suspended')).toBe(true);
    const { data: active } = await dp.send<{ status: string }>('PUT', `admin/dealers/${created.id}/status`, {
      status: 'active',
    });
    expect(active.status).toBe('active');

    // A dealer with a balance is refused by name; the back office shows the service's message as it is.
    const balances = await dp.read<Array<{ dealer_id: string; balance_cents: number }>>('admin/dealers/balances', {
      ids: demoDealers().join(','),
    });
    const holding = balances.find((b) => b.balance_cents > 0)!;
    expect(holding).toBeDefined();
    const refused = await dp
      .delete('admin/dealers', { id: holding.dealer_id, previousData: { id: holding.dealer_id } })
      .catch((error) => error);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toEqual(expect.any(String));
    expect(refused.body.message.length).toBeGreaterThan(0);
    const deleted = await dp.delete('admin/dealers', { id: created.id, previousData: created });
    expect(deleted.data.id).toBe(created.id);
    const after = await dp.getList('admin/dealers', {
      pagination: page(100),
      sort: { field: 'company_name', order: 'ASC' },
      filter: {},
    });
    expect(after.data.map((d) => d.id)).not.toContain(created.id);
    expect(after.total).toBe(all.total);
  });

  it("a dealer's page: its credit limit set through send (PUT, Idempotency-Key), its transactions and eSIM orders read as the tabs read them", async () => {
    const dp = await providerFor('admin@esim.test');
    const dealer = demoAccount('dealer2@esim.test').id;
    const key = `contract-credit-${Date.now()}`;
    const { data: set } = await dp.send<{ credit_limit_cents: number; previous_credit_limit_cents: number }>(
      'PUT',
      `admin/dealers/${dealer}/credit-limit`,
      { credit_limit: 250.5, note: null },
      { idempotencyKey: key },
    );
    expect(set).toMatchObject({ credit_limit_cents: 25050 });
    const [figures] = await dp.read<
      Array<{ credit_limit_cents: number; credit_available_cents: number; owed_cents: number }>
    >('admin/dealers/balances', { ids: dealer });
    expect(figures).toMatchObject({
      credit_limit_cents: 25050,
      credit_available_cents: Math.max(0, 25050 - figures!.owed_cents),
    });
    const refused = await dp
      .send(
        'PUT',
        `admin/dealers/${dealer}/credit-limit`,
        { credit_limit: -5, note: null },
        { idempotencyKey: `${key}-bad` },
      )
      .catch((error) => error);
    expect(refused.status).toBe(400);
    expect(refused.body.errors.credit_limit).toEqual(expect.any(String));

    const newest = { range: '[0,9]', sort: '["created_at","DESC"]', filter: '{}' };
    const transactions = await dp.read<Array<{ id: number; created_at: string; amount_cents: number }>>(
      `admin/dealers/${dealer}/transactions`,
      newest,
    );
    expect(transactions.length).toBeGreaterThan(0);
    const times = transactions.map((t) => t.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const credits = await dp.read<Array<{ type: string }>>(`admin/dealers/${dealer}/transactions`, {
      ...newest,
      filter: JSON.stringify({ type: 'credit_load' }),
    });
    expect(credits.every((t) => t.type === 'credit_load')).toBe(true);

    const orders = await dp.read<Array<{ user_id: string }>>('user/esim/orders', {
      ...newest,
      filter: JSON.stringify({ user_id: dealer }),
    });
    expect(orders.every((o) => o.user_id === dealer)).toBe(true);
    // Back to no limit: the other tests of this file know the demo dealer without one.
    await dp.send(
      'PUT',
      `admin/dealers/${dealer}/credit-limit`,
      { credit_limit: 0, note: null },
      { idempotencyKey: `${key}-reset` },
    );
  });

  it('admin/sales-managers: getList with search, getOne and getMany through the list, create; their cash figures by id', async () => {
    const dp = await providerFor('admin@esim.test');
    const salesManager = demoAccount('sales@esim.test').id;
    const all = await dp.getList('admin/sales-managers', {
      pagination: page(25),
      sort: { field: 'full_name', order: 'ASC' },
      filter: {},
    });
    expect(all.data.map((m) => m.id)).toContain(salesManager);
    expect(all.total).toBe(all.data.length);
    const mine = all.data.find((m) => m.id === salesManager)!;
    expect(mine.dealer_count).toBeGreaterThanOrEqual(2);
    const searched = await dp.getList('admin/sales-managers', {
      pagination: page(25),
      sort: { field: 'full_name', order: 'ASC' },
      filter: { q: mine.email, status: 'all' },
    });
    expect(searched.data.map((m) => m.id)).toEqual([salesManager]);
    expect((await dp.getOne('admin/sales-managers', { id: salesManager })).data.email).toBe('sales@esim.test');
    expect((await dp.getMany('admin/sales-managers', { ids: [salesManager] })).data.map((m) => m.id)).toEqual([
      salesManager,
    ]);
    const { data: created } = await dp.create('admin/sales-managers', {
      data: {
        full_name: 'Kontrat Müdür',
        email: 'contract-sm@esim.test',
        password: 'Kontrat-Test-2026!x',
        region: 'Ege',
      },
    });
    const again = await dp.getList('admin/sales-managers', {
      pagination: page(25),
      sort: { field: 'full_name', order: 'ASC' },
      filter: {},
    });
    expect(again.total).toBe(all.total! + 1);
    expect(again.data.map((m) => m.id)).toContain(created.id);
    const figures = await dp.read<Array<{ sales_manager_id: string; cash_held_cents: number }>>(
      'admin/sales-managers/balances',
      { ids: salesManager },
    );
    expect(figures.map((f) => f.sales_manager_id)).toEqual([salesManager]);
    expect(Number.isInteger(figures[0]!.cash_held_cents)).toBe(true);
  });

  // The logs route reads no ids (nothing in the back office opens one log), so there is no getOne or getMany to check.
  it("admin/collection-logs: getList with date range, kind and party filters, sort and range; the filtered range's sum in meta", async () => {
    const dp = await providerFor('admin@esim.test');
    const all = await dp.getList('admin/collection-logs', {
      pagination: page(100),
      sort: { field: 'created_at', order: 'DESC' },
      filter: {},
    });
    expect(all.total).toBe(all.data.length);
    expect(all.total).toBeGreaterThan(1);
    expect(all.meta.amount_cents).toBe(all.data.reduce((sum, log) => sum + (log.amount_cents as number), 0));
    // A page of one still carries the sum of every page.
    const one = await dp.getList('admin/collection-logs', {
      pagination: page(1, 2),
      sort: { field: 'amount', order: 'ASC' },
      filter: {},
    });
    expect(one.data).toHaveLength(1);
    expect(one.meta.amount_cents).toBe(all.meta.amount_cents);
    const byAmount = [...all.data].sort((a, b) => a.amount_cents - b.amount_cents);
    expect(one.data[0]!.amount_cents).toBe(byAmount[1]!.amount_cents);

    const [deniz] = demoDealers();
    const fromDeniz = await dp.getList('admin/collection-logs', {
      pagination: page(25),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { dealer_id: deniz, kind: 'dealer-to-sales-manager' },
    });
    expect(fromDeniz.total).toBeGreaterThan(0);
    expect(fromDeniz.data.every((log) => log.dealer_id === deniz && log.kind === 'dealer-to-sales-manager')).toBe(true);
    expect(fromDeniz.meta.amount_cents).toBe(
      fromDeniz.data.reduce((sum, log) => sum + (log.amount_cents as number), 0),
    );
    const handovers = await dp.getList('admin/collection-logs', {
      pagination: page(25),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { kind: 'sales-manager-to-company', sales_manager_id: demoAccount('sales@esim.test').id },
    });
    expect(handovers.data.every((log) => log.kind === 'sales-manager-to-company' && log.dealer_id === null)).toBe(true);
    const future = await dp.getList('admin/collection-logs', {
      pagination: page(25),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { start_date: '2099-01-01', end_date: '2099-12-31' },
    });
    expect(future.total).toBe(0);
    expect(future.meta.amount_cents).toBe(0);
  });
});

describe('admin: eSIM pool, every eSIM order, the catalog', () => {
  it('admin/esim-pool and admin/esim-profiles: stock rows by package code, threshold by that id; profiles searched by ICCID, getOne and getMany', async () => {
    const dp = await providerFor('admin@esim.test');
    const stock = await dp.getList('admin/esim-pool', {
      pagination: page(25),
      sort: { field: 'package_code', order: 'ASC' },
      filter: {},
    });
    expect(stock.total).toBe(stock.data.length);
    expect(stock.total).toBeGreaterThan(0);
    expect(stock.data.every((row) => row.id === row.package_code)).toBe(true);
    const row = stock.data[0]!;
    const { data: saved } = await dp.send('PUT', `admin/esim/pool/thresholds/${row.id}`, {
      threshold: row.available + 1,
    });
    expect(saved).toEqual({ package_code: row.id, threshold: row.available + 1 });
    const after = (
      await dp.getList('admin/esim-pool', {
        pagination: page(25),
        sort: { field: 'package_code', order: 'ASC' },
        filter: {},
      })
    ).data.find((r) => r.id === row.id)!;
    expect(after).toMatchObject({ threshold: row.available + 1, low: true });

    const profiles = await dp.getList('admin/esim-profiles', {
      pagination: page(5),
      sort: { field: 'created_at', order: 'DESC' },
      filter: {},
    });
    expect(profiles.data).toHaveLength(5);
    expect(profiles.total).toBeGreaterThan(5);
    const one = profiles.data[2]!;
    const found = await dp.getList('admin/esim-profiles', {
      pagination: page(25),
      sort: { field: 'iccid', order: 'ASC' },
      filter: { q: one.iccid },
    });
    expect(found.data.map((p) => p.id)).toEqual([one.id]);
    expect(found.total).toBe(1);
    const assigned = await dp.getList('admin/esim-profiles', {
      pagination: page(25),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { pool_status: 'assigned' },
    });
    expect(assigned.data.every((p) => p.pool_status === 'assigned' && p.order_id)).toBe(true);
    expect((await dp.getOne('admin/esim-profiles', { id: one.id })).data.iccid).toBe(one.iccid);
    expect((await dp.getMany('admin/esim-profiles', { ids: [one.id] })).data.map((p) => p.id)).toEqual([one.id]);
  });

  it("admin/esim-orders: every buyer's orders, one buyer's by user_id, getOne with the eSIMs; an eSIM refunded with a reason (none: 400 naming it) and one revoked", async () => {
    const dp = await providerFor('admin@esim.test');
    const customer = demoAccount('customer@esim.test').id;
    const all = await dp.getList('admin/esim-orders', {
      pagination: page(100),
      sort: { field: 'created_at', order: 'DESC' },
      filter: {},
    });
    expect(new Set(all.data.map((o) => o.user_id)).size).toBeGreaterThan(1);
    const mine = await dp.getList('admin/esim-orders', {
      pagination: page(100),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { user_id: customer },
    });
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.data.every((o) => o.user_id === customer)).toBe(true);
    expect(mine.total).toBeLessThan(all.total!);

    // A fresh purchase of the customer's, so its eSIMs are live and never a seeded demo one.
    const buyer = await providerFor('customer@esim.test');
    const pkg = (
      await buyer.getList('price-list', { pagination: page(1), sort: { field: 'price', order: 'ASC' }, filter: {} })
    ).data[0]!;
    const { data: bought } = await buyer.send<{ id: string }>(
      'POST',
      'user/packages/buy',
      { package_id: pkg.id, quantity: 2 },
      { idempotencyKey: crypto.randomUUID() },
    );
    const { data: order } = await dp.getOne('admin/esim-orders', { id: bought.id });
    expect(order.user_id).toBe(customer);
    expect(order.esims).toHaveLength(2);
    const [toRefund, toRevoke] = order.esims as Array<{ id: string }>;
    const refused = await dp.send('POST', `user/esim/${toRefund!.id}/refund`, {}).catch((error) => error);
    expect(refused.status).toBe(400);
    expect(refused.body.errors.reason).toEqual(expect.any(String));
    const { data: refund } = await dp.send('POST', `user/esim/${toRefund!.id}/refund`, {
      reason: 'Kontrat testi: müşteri kuramadı',
    });
    expect(refund).toMatchObject({
      esim_id: toRefund!.id,
      status: 'refunded',
      refunded_cents: Math.round(pkg.price * 100),
    });
    const { data: revoked } = await dp.send('PUT', `user/esim/${toRevoke!.id}/status`, { status: 'revoked' });
    expect(revoked.status).toBe('revoked');
    const { data: over } = await dp.getOne('admin/esim-orders', { id: bought.id });
    expect((over.esims as Array<{ status: string }>).map((e) => e.status).sort()).toEqual(['refunded', 'revoked']);
    expect((await dp.getMany('admin/esim-orders', { ids: [bought.id] })).data.map((o) => o.id)).toEqual([bought.id]);
  });

  it('admin/packages and admin/countries: kind filter, search, sort and range; create a Plus package, raise a price, take it off sale; a country updated', async () => {
    const dp = await providerFor('admin@esim.test');
    const esims = await dp.getList('admin/packages', {
      pagination: page(500),
      sort: { field: 'retail_price', order: 'ASC' },
      filter: {},
    });
    expect(esims.total).toBe(esims.data.length);
    expect(esims.data.every((p) => p.kind === 'esim')).toBe(true);
    const prices = esims.data.map((p) => p.retail_price as number);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const plus = await dp.getList('admin/packages', {
      pagination: page(100),
      sort: { field: 'code', order: 'ASC' },
      filter: { kind: 'plus' },
    });
    expect(plus.total).toBeGreaterThan(0);
    expect(plus.data.every((p) => p.kind === 'plus')).toBe(true);
    const second = await dp.getList('admin/packages', {
      pagination: page(2, 2),
      sort: { field: 'retail_price', order: 'ASC' },
      filter: {},
    });
    expect(second.data.map((p) => p.id)).toEqual(esims.data.slice(2, 4).map((p) => p.id));
    const one = esims.data[0]!;
    expect(
      (
        await dp.getList('admin/packages', {
          pagination: page(25),
          sort: { field: 'code', order: 'ASC' },
          filter: { q: one.code },
        })
      ).data.map((p) => p.id),
    ).toContain(one.id);
    expect((await dp.getOne('admin/packages', { id: one.id })).data.code).toBe(one.code);
    expect((await dp.getMany('admin/packages', { ids: [one.id] })).data.map((p) => p.id)).toEqual([one.id]);

    const { data: created } = await dp.create('admin/packages', {
      data: {
        code: 'PLUS-KONTRAT-1',
        kind: 'plus',
        name_tr: 'Plus Kontrat',
        name_en: 'Plus Contract',
        type: 'regional',
        countries: ['DE', 'FR'],
        data_mb: 5120,
        validity_days: 30,
        retail_price: 19.9,
        cost_price: 9.5,
      },
    });
    expect(created).toMatchObject({ kind: 'plus', retail_price: 19.9, cost_price: 9.5, active: true });
    const { data: raised } = await dp.update('admin/packages', {
      id: created.id,
      data: { retail_price: 21.5 },
      previousData: created,
    });
    expect(raised).toMatchObject({ id: created.id, retail_price: 21.5, kind: 'plus' });
    const above = await dp
      .update('admin/packages', { id: created.id, data: { cost_price: 30 }, previousData: raised })
      .catch((error) => error);
    expect(above.status).toBe(422);
    const { data: off } = await dp.send('PUT', `admin/packages/${created.id}`, { active: false });
    expect(off.active).toBe(false);
    const offSale = await dp.getList('admin/packages', {
      pagination: page(100),
      sort: { field: 'code', order: 'ASC' },
      filter: { kind: 'plus', active: 'false' },
    });
    expect(offSale.data.map((p) => p.id)).toContain(created.id);

    const covered = await dp.getList('admin/countries', {
      pagination: page(300),
      sort: { field: 'name_tr', order: 'ASC' },
      filter: { coverage_status: 'covered' },
    });
    expect(covered.total).toBe(covered.data.length);
    expect(covered.data.every((c) => c.coverage_status === 'covered')).toBe(true);
    const germany = (
      await dp.getList('admin/countries', {
        pagination: page(25),
        sort: { field: 'name_tr', order: 'ASC' },
        filter: { q: 'Almanya' },
      })
    ).data.find((c) => c.id === 'DE')!;
    expect(germany).toBeDefined();
    const { data: updated } = await dp.update('admin/countries', {
      id: 'DE',
      data: { speed: '5G', featured_order: 3, daily_price: 1.25 },
      previousData: germany,
    });
    expect(updated).toMatchObject({ id: 'DE', speed: '5G', featured_order: 3, daily_price: 1.25 });
    expect((await dp.getOne('admin/countries', { id: 'DE' })).data.speed).toBe('5G');
    expect((await dp.getMany('admin/countries', { ids: ['DE', 'FR'] })).data.map((c) => c.id).sort()).toEqual([
      'DE',
      'FR',
    ]);
  });

  it('admin/supplier-offers: synced offers with filters, search, sort and range, getOne and getMany; a package made of one, another mapped; the margin rule; a package paused for its cost resumed', async () => {
    const dp = await providerFor('admin@esim.test');
    const catalog = system.services.catalog as typeof system.services.catalog & {
      config: { INTERNAL_SERVICE_TOKEN: string };
    };
    const offer = (id: string, extra: Record<string, unknown> = {}) => ({
      supplier_package_id: id,
      name: `Kontrat ${id}`,
      countries: ['ES'],
      data_mb: 2048,
      validity_days: 10,
      net_cost_cents: 500,
      top_up: false,
      ...extra,
    });
    const sync = (offers: unknown[], syncedAt: string) =>
      catalog.inject({
        method: 'POST',
        url: '/internal/supplier-offers',
        headers: { 'x-service-token': catalog.config.INTERNAL_SERVICE_TOKEN },
        payload: { supplier: 'esimaccess', synced_at: syncedAt, offers },
      });
    const synced = await sync(
      [
        offer('KT-ES-1'),
        offer('KT-ES-2', { net_cost_cents: 900, data_mb: null }),
        offer('KT-PT-1', { countries: ['PT'] }),
      ],
      '2026-12-01T10:00:00Z',
    );
    expect(synced.json().data).toEqual({ offers: 3, mapped: 0, unmapped: 3, paused: 0, gone: 0 });

    const sort = { field: 'mapped', order: 'ASC' } as const;
    const all = await dp.getList('admin/supplier-offers', {
      pagination: page(25),
      sort,
      filter: { supplier: 'esimaccess' },
    });
    expect(all.total).toBe(3);
    const byCost = await dp.getList('admin/supplier-offers', {
      pagination: page(2),
      sort: { field: 'net_cost', order: 'DESC' },
      filter: { supplier: 'esimaccess' },
    });
    expect(byCost.data.map((o) => o.supplier_package_id)).toEqual(['KT-ES-2', expect.any(String)]);
    expect(byCost.total).toBe(3);
    const spain = await dp.getList('admin/supplier-offers', { pagination: page(25), sort, filter: { country: 'ES' } });
    expect(spain.data.map((o) => o.supplier_package_id).sort()).toEqual(['KT-ES-1', 'KT-ES-2']);
    const searched = await dp.getList('admin/supplier-offers', { pagination: page(25), sort, filter: { q: 'kt-pt' } });
    expect(searched.data.map((o) => o.supplier_package_id)).toEqual(['KT-PT-1']);
    const first = all.data.find((o) => o.supplier_package_id === 'KT-ES-1')!;
    expect((await dp.getOne('admin/supplier-offers', { id: first.id })).data).toMatchObject({
      supplier: 'esimaccess',
      net_cost: 5,
      suggested_price: 6.99,
      suggested_type: 'local',
    });
    expect((await dp.getMany('admin/supplier-offers', { ids: [first.id] })).data.map((o) => o.id)).toEqual([first.id]);

    const { data: made } = await dp.send('POST', `admin/supplier-offers/${first.id}/package`, {
      code: 'ES-KONTRAT-10D',
    });
    expect(made).toMatchObject({ code: 'ES-KONTRAT-10D', supplier: 'esimaccess', retail_price: 6.99, cost_price: 5 });
    const mapped = await dp.getList('admin/supplier-offers', { pagination: page(25), sort, filter: { mapped: true } });
    expect(mapped.data.map((o) => o.package?.code)).toEqual(['ES-KONTRAT-10D']);

    // A package of the same figures, made by hand, then mapped to the Portuguese offer.
    const { data: portugal } = await dp.create('admin/packages', {
      data: {
        code: 'PT-KONTRAT-10D',
        name_tr: 'Portekiz Kontrat',
        name_en: 'Portugal Contract',
        type: 'local',
        countries: ['PT'],
        data_mb: 2048,
        validity_days: 10,
        retail_price: 7.5,
        cost_price: 3,
      },
    });
    const pt = all.data.find((o) => o.supplier_package_id === 'KT-PT-1')!;
    const { data: ptMapped } = await dp.send('POST', `admin/supplier-offers/${pt.id}/map`, { package_id: portugal.id });
    expect(ptMapped).toMatchObject({ supplier: 'esimaccess', supplier_package_id: 'KT-PT-1', cost_price: 5 });
    const mismatch = await dp
      .send('POST', `admin/supplier-offers/${all.data.find((o) => o.supplier_package_id === 'KT-ES-2')!.id}/map`, {
        package_id: portugal.id,
      })
      .catch((error) => error);
    expect(mismatch.status).toBe(422);
    expect(Object.keys(mismatch.body.errors).sort()).toEqual(['countries', 'data_mb']);

    const { data: rule } = await dp.send('PUT', 'admin/margin-rule', {
      kind: 'fixed',
      value: 2,
      rounding: 'whole_euro',
    });
    expect(rule).toMatchObject({ kind: 'fixed', value: 2, rounding: 'whole_euro' });
    expect(await dp.read('admin/margin-rule')).toMatchObject({ kind: 'fixed', value: 2 });
    await dp.send('PUT', 'admin/margin-rule', { kind: 'percent', value: 30, rounding: 'x99' });

    // The cost rises above ES-KONTRAT-10D's price: paused, listed as such; resumed at a price above the cost.
    await sync(
      [offer('KT-ES-1', { net_cost_cents: 800 }), offer('KT-PT-1', { countries: ['PT'] })],
      '2026-12-01T11:00:00Z',
    );
    const paused = await dp.getList('admin/packages', {
      pagination: page(25),
      sort: { field: 'code', order: 'ASC' },
      filter: { paused: 'cost_above_price' },
    });
    expect(paused.data.map((p) => p.id)).toEqual([made.id]);
    const { data: resumed } = await dp.send('POST', `admin/packages/${made.id}/resume`, { retail_price: 9.99 });
    expect(resumed).toMatchObject({ retail_price: 9.99, on_sale: true, paused_reason: null });
    const { data: preview } = await dp.send('POST', 'admin/packages/reprice', { dry_run: true });
    expect(preview).toMatchObject({ dry_run: true });
  });
});

describe('admin: top-ups, messages, audit log', () => {
  // One sign-in for the three (the gateway allows 20 a minute per address, and this file signs in often).
  let admin: BackOfficeDataProvider;
  beforeAll(async () => {
    admin = await providerFor('admin@esim.test');
  });

  it('admin/top-ups: getList with status filter, sort and range; getOne and getMany through the list; confirm and reject move them to the history', async () => {
    const customer = await providerFor('customer@esim.test');
    const asked: Array<{ id: string; reference_code: string }> = [];
    for (const amount of [12.5, 30, 7.25])
      asked.push(
        (
          await customer.send<{ id: string; reference_code: string }>('POST', 'user/balance/add', {
            amount,
            method: 'bank_transfer',
          })
        ).data,
      );
    const dp = admin;
    const pending = await dp.getList('admin/top-ups', {
      pagination: page(100),
      sort: { field: 'amount', order: 'ASC' },
      filter: { status: 'pending' },
    });
    expect(pending.data.every((t) => t.status === 'pending')).toBe(true);
    expect(pending.total).toBe(pending.data.length);
    expect(pending.data.map((t) => t.id)).toEqual(expect.arrayContaining(asked.map((t) => t.id)));
    expect(pending.data.map((t) => t.amount_cents)).toEqual(
      [...pending.data.map((t) => t.amount_cents as number)].sort((a, b) => a - b),
    );
    const mine = pending.data.find((t) => t.id === asked[0]!.id)!;
    expect(mine).toMatchObject({
      reference_code: asked[0]!.reference_code,
      amount_cents: 1250,
      user_email: 'customer@esim.test',
    });
    const second = await dp.getList('admin/top-ups', {
      pagination: page(1, 2),
      sort: { field: 'amount', order: 'ASC' },
      filter: { status: 'pending' },
    });
    expect(second.total).toBe(pending.total);
    expect(second.data.map((t) => t.id)).toEqual([pending.data[1]!.id]);
    expect((await dp.getOne('admin/top-ups', { id: asked[1]!.id })).data.amount_cents).toBe(3000);
    expect(
      (await dp.getMany('admin/top-ups', { ids: [asked[0]!.id, asked[2]!.id] })).data.map((t) => t.id).sort(),
    ).toEqual([asked[0]!.id, asked[2]!.id].sort());

    await dp.send('POST', `admin/top-ups/${asked[0]!.id}/confirm`);
    await dp.send('POST', `admin/top-ups/${asked[1]!.id}/reject`, { reason: 'Havale gelmedi' });
    const confirmed = await dp.getList('admin/top-ups', {
      pagination: page(100),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'confirmed' },
    });
    expect(confirmed.data.map((t) => t.id)).toContain(asked[0]!.id);
    const rejected = await dp.getList('admin/top-ups', {
      pagination: page(100),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'rejected' },
    });
    expect(rejected.data.find((t) => t.id === asked[1]!.id)).toMatchObject({
      status: 'rejected',
      reason: 'Havale gelmedi',
    });
    const stillPending = await dp.getList('admin/top-ups', {
      pagination: page(100),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'pending' },
    });
    expect(stillPending.total).toBe(pending.total! - 2);
    // 'all' sends no status: the history and the waiting ones together.
    const all = await dp.getList('admin/top-ups', {
      pagination: page(100),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'all' },
    });
    expect(all.total).toBe(stillPending.total! + confirmed.total! + rejected.total!);
  });

  it("admin/payments: a customer's card top-ups paid and declined on the demo card page; getList with status, search by part of the provider reference, dates, sort and range; getOne and getMany through the list; the refund with its refund row (reference, status), and the service's refusal of a declined one; the customer's own payments (payments: getList with status, getOne through the list) and their refund of unspent money, once; the customer's transactions filtered by card_top_up and card_refund", async () => {
    const customer = await providerFor('customer@esim.test');
    const payByCard = async (amount: number, number: string) => {
      const { data } = await customer.send<{ id: string; page_url: string }>(
        'POST',
        'user/payments/card',
        { amount, return_path: '/dashboard/balance' },
        { idempotencyKey: crypto.randomUUID() },
      );
      const token = new URL(data.page_url).pathname.split('/').pop()!;
      const post = (path: string, fields: Record<string, string>) =>
        fetch(`${system.url}/api/payments${path}`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields),
        });
      expect((await post(`/demo/${token}`, { name: 'Can Müşteri', number, expiry: '12/39', cvc: '123' })).status).toBe(
        200,
      );
      expect((await post(`/demo/${token}/3ds`, { action: 'confirm' })).status).toBe(307);
      expect((await post('/callback', { token })).status).toBe(200);
      return data.id;
    };
    const paidId = await payByCard(21.5, '5528790000000008');
    const declinedId = await payByCard(3.25, '4111111111111129');
    const dp = admin;
    const sort = { field: 'created_at', order: 'DESC' as const };

    const paid = await dp.getList('admin/payments', { pagination: page(100), sort, filter: { status: 'paid' } });
    expect(paid.data.every((p) => p.status === 'paid')).toBe(true);
    expect(paid.total).toBe(paid.data.length);
    const mine = paid.data.find((p) => p.id === paidId)!;
    expect(mine).toMatchObject({
      amount_cents: 2150,
      provider: 'demo',
      user_email: 'customer@esim.test',
      provider_payment_id: expect.stringMatching(/^demo-/),
    });
    const found = await dp.getList('admin/payments', {
      pagination: page(25),
      sort,
      filter: { q: String(mine.provider_payment_id).slice(5, 14) },
    });
    expect(found.data.map((p) => p.id)).toEqual([paidId]);
    const failed = await dp.getList('admin/payments', { pagination: page(100), sort, filter: { status: 'failed' } });
    expect(failed.data.find((p) => p.id === declinedId)).toMatchObject({
      failure_code: 'card_declined_insufficient_funds',
      failure_message: expect.any(String),
    });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date());
    const all = await dp.getList('admin/payments', {
      pagination: page(100),
      sort: { field: 'amount', order: 'ASC' },
      filter: { start_date: today, end_date: today },
    });
    expect(all.data.map((p) => p.id)).toEqual(expect.arrayContaining([paidId, declinedId]));
    expect(all.data.map((p) => p.amount_cents)).toEqual(
      [...all.data.map((p) => p.amount_cents as number)].sort((a, b) => a - b),
    );
    expect(
      (await dp.getList('admin/payments', { pagination: page(100), sort, filter: { end_date: '2020-01-01' } })).total,
    ).toBe(0);
    const second = await dp.getList('admin/payments', {
      pagination: page(1, 2),
      sort: { field: 'amount', order: 'ASC' },
      filter: { start_date: today },
    });
    expect(second.total).toBe(all.total);
    expect(second.data.map((p) => p.id)).toEqual([all.data[1]!.id]);
    expect((await dp.getOne('admin/payments', { id: declinedId })).data.status).toBe('failed');
    expect((await dp.getMany('admin/payments', { ids: [paidId, declinedId] })).data.map((p) => p.id).sort()).toEqual(
      [paidId, declinedId].sort(),
    );

    const refunded = await dp.send<{ status: string }>('POST', `admin/payments/${paidId}/refund`);
    expect(refunded.data.status).toBe('refunded');
    expect(refunded.message).not.toBe('');
    await expect(dp.send('POST', `admin/payments/${declinedId}/refund`)).rejects.toMatchObject({
      status: 409,
      body: { code: 'payment_not_refundable' },
    });
    expect(
      (await dp.getList('admin/payments', { pagination: page(100), sort, filter: { status: 'refunded' } })).data.map(
        (p) => p.id,
      ),
    ).toContain(paidId);
    // The refund is a row of the payment: the whole amount back, the provider's reference, succeeded.
    const back = (await dp.getOne('admin/payments', { id: paidId })).data;
    expect(back).toMatchObject({ purpose: 'top_up', paid_cents: 2150, refunded_cents: 2150, refundable_cents: 0 });
    expect(back.refunds).toEqual([
      expect.objectContaining({
        kind: 'unspent',
        amount_cents: 2150,
        status: 'succeeded',
        provider_refund_id: expect.any(String),
      }),
    ]);

    // The customer's own card payments, as the balance page lists them.
    const ownId = await payByCard(4.75, '5528790000000008');
    const own = await customer.getList('payments', { pagination: page(100), sort, filter: {} });
    expect(own.total).toBe(own.data.length);
    expect(own.data.every((p) => p.user_id === demoAccount('customer@esim.test').id)).toBe(true);
    expect(own.data.map((p) => p.id)).toEqual(expect.arrayContaining([paidId, declinedId, ownId]));
    expect(own.data[0]!.id).toBe(ownId);
    const ownFailed = await customer.getList('payments', { pagination: page(100), sort, filter: { status: 'failed' } });
    expect(ownFailed.data.map((p) => p.id)).toContain(declinedId);
    expect(ownFailed.data.every((p) => p.status === 'failed')).toBe(true);
    const fresh = (await customer.getOne('payments', { id: ownId })).data;
    expect(fresh).toMatchObject({ status: 'paid', purpose: 'top_up', refundable_cents: 475, refunds: [] });
    const asked = await customer.send<{ id: string; refunds: Array<{ kind: string; amount_cents: number }> }>(
      'POST',
      `user/payments/${ownId}/refund`,
    );
    expect(asked.data.refunds).toEqual([expect.objectContaining({ kind: 'unspent', amount_cents: 475 })]);
    expect(asked.message).not.toBe('');
    // Asked again with nothing left: the same refund, no second one.
    const again = await customer.send<{ refunds: unknown[]; refundable_cents: number }>(
      'POST',
      `user/payments/${ownId}/refund`,
    );
    expect(again.data.refunds).toHaveLength(1);
    expect(again.data.refundable_cents).toBe(0);

    const cardIn = await customer.getList('transactions', {
      pagination: page(100),
      sort,
      filter: { type: 'card_top_up' },
    });
    expect(cardIn.data.every((t) => t.type === 'card_top_up')).toBe(true);
    expect(cardIn.data.some((t) => t.amount_cents === 2150)).toBe(true);
    const cardOut = await customer.getList('transactions', {
      pagination: page(100),
      sort,
      filter: { type: 'card_refund' },
    });
    expect(cardOut.data.every((t) => t.type === 'card_refund')).toBe(true);
    expect(cardOut.data.some((t) => t.amount_cents === -2150)).toBe(true);
    expect(cardOut.data.some((t) => t.amount_cents === -475)).toBe(true);
  });

  it('admin/messages: getList with search, kind, status and dates, range; getOne and getMany; update marks read and answered', async () => {
    const sent: string[] = [];
    for (const subject of ['Toplu eSIM teklifi', 'Fatura sorusu']) {
      const res = await fetch(`${system.url}/api/messages/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          full_name: 'Kontrat Gönderen',
          email: 'sender@example.com',
          subject,
          message: `${subject}: ayrıntılar bu mesajda.`,
        }),
      });
      expect(res.status).toBe(201);
      sent.push(((await res.json()) as { data: { id: string } }).data.id);
    }
    const dp = admin;
    const all = await dp.getList('admin/messages', {
      pagination: page(100),
      sort: { field: 'created_at', order: 'DESC' },
      filter: {},
    });
    expect(all.total).toBe(all.data.length);
    expect(all.data.map((m) => m.id)).toEqual(expect.arrayContaining(sent));
    const searched = await dp.getList('admin/messages', {
      pagination: page(25),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { q: 'Fatura', kind: 'contact', status: 'new' },
    });
    expect(searched.data.map((m) => m.id)).toEqual([sent[1]]);
    expect(
      (
        await dp.getList('admin/messages', {
          pagination: page(25),
          sort: { field: 'created_at', order: 'DESC' },
          filter: { kind: 'partnership', q: 'Fatura' },
        })
      ).total,
    ).toBe(0);
    expect(
      (
        await dp.getList('admin/messages', {
          pagination: page(25),
          sort: { field: 'created_at', order: 'DESC' },
          filter: { start_date: '2099-01-01' },
        })
      ).total,
    ).toBe(0);
    const onePage = await dp.getList('admin/messages', {
      pagination: page(1, 2),
      sort: { field: 'created_at', order: 'DESC' },
      filter: {},
    });
    expect(onePage.data.map((m) => m.id)).toEqual([all.data[1]!.id]);
    expect((await dp.getOne('admin/messages', { id: sent[0]! })).data.subject).toBe('Toplu eSIM teklifi');
    expect((await dp.getMany('admin/messages', { ids: sent })).data.map((m) => m.id).sort()).toEqual([...sent].sort());

    const read = await dp.update('admin/messages', {
      id: sent[0]!,
      data: { status: 'read' },
      previousData: { id: sent[0]! },
    });
    expect(read.data).toMatchObject({ id: sent[0], status: 'read' });
    await dp.update('admin/messages', { id: sent[1]!, data: { status: 'answered' }, previousData: { id: sent[1]! } });
    const answered = await dp.getList('admin/messages', {
      pagination: page(25),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'answered' },
    });
    expect(answered.data.map((m) => m.id)).toContain(sent[1]);
    expect(answered.data.every((m) => m.status === 'answered')).toBe(true);
  });

  it("admin/audit-log: the writes above from auth and balance, merged; filters by person, action, route and dates, range; getOne and getMany by the entry's id", async () => {
    const dp = admin;
    const adminId = demoAccount('admin@esim.test').id;
    const sort = { field: 'at', order: 'DESC' as const };
    // Each service records a write after answering it: wait until the last ones are there.
    const countOf = async (filter: Record<string, string>) =>
      (await dp.getList('admin/audit-log', { pagination: page(1), sort, filter })).total ?? 0;
    for (let tries = 0; tries < 50 && (await countOf({ route: '/admin/messages/:id' })) < 2; tries++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const all = await dp.getList('admin/audit-log', { pagination: page(100), sort, filter: { actor_id: adminId } });
    expect(all.meta.unavailable).toEqual([]);
    expect(
      all.data.every((e) => e.actor_id === adminId && e.actor_name === demoAccount('admin@esim.test').fullName),
    ).toBe(true);
    expect([...new Set(all.data.map((e) => e.service))]).toEqual(expect.arrayContaining(['auth', 'balance']));
    expect(all.data.map((e) => e.at)).toEqual([...all.data.map((e) => e.at as string)].sort().reverse());

    const confirms = await dp.getList('admin/audit-log', {
      pagination: page(25),
      sort,
      filter: { method: 'POST', route: '/admin/top-ups/:id/confirm' },
    });
    expect(confirms.total).toBe(1);
    expect(confirms.data[0]).toMatchObject({ service: 'balance', method: 'POST', status_code: 200, actor_id: adminId });
    const messageUpdates = await dp.getList('admin/audit-log', {
      pagination: page(25),
      sort,
      filter: { route: '/admin/messages/:id', service: 'auth' },
    });
    expect(messageUpdates.total).toBe(2);
    expect(messageUpdates.data.every((e) => e.method === 'PUT' && /^auth:\d+$/.test(e.id as string))).toBe(true);
    expect(
      (await dp.getList('admin/audit-log', { pagination: page(25), sort, filter: { start_date: '2099-01-01' } })).total,
    ).toBe(0);

    const second = await dp.getList('admin/audit-log', { pagination: page(1, 2), sort, filter: { actor_id: adminId } });
    expect(second.total).toBe(all.total);
    expect(second.data.map((e) => e.id)).toEqual([all.data[1]!.id]);
    const one = await dp.getOne('admin/audit-log', { id: confirms.data[0]!.id });
    expect(one.data).toMatchObject({ id: confirms.data[0]!.id, route: '/admin/top-ups/:id/confirm' });
    const two = [all.data[0]!.id, messageUpdates.data[1]!.id];
    expect((await dp.getMany('admin/audit-log', { ids: two })).data.map((e) => e.id).sort()).toEqual([...two].sort());
  });
});

describe('admin: physical-SIM orders, returns, imports and stock', () => {
  const dealerId = () => demoAccount('dealer@esim.test').id;
  const byCreated = { field: 'created_at', order: 'ASC' as const };

  it('admin/physical-sim-orders: pending first by default, status filter, range; getOne with the cards, getMany by ids; approve and reject move an order between the lists', async () => {
    const dealer = await providerFor('dealer@esim.test');
    const dp = await providerFor('admin@esim.test');
    const pkg = (
      await dealer.getList('physical-sim-packages', {
        pagination: page(100),
        sort: { field: 'name', order: 'ASC' },
        filter: {},
      })
    ).data.find((p) => p.available >= 4)!;
    const { data: toApprove } = await dealer.send<{ id: string; total_cents: number }>(
      'POST',
      'user/physical-sim/order',
      { package_id: pkg.id, quantity: 3 },
    );
    const { data: toReject } = await dealer.send<{ id: string }>('POST', 'user/physical-sim/order', {
      package_id: pkg.id,
      quantity: 1,
    });

    const pending = await dp.getList('admin/physical-sim-orders', {
      pagination: page(100),
      sort: byCreated,
      filter: {},
    });
    expect(pending.total).toBe(pending.data.length);
    expect(pending.data.every((o) => o.status === 'pending')).toBe(true);
    expect(pending.data.map((o) => o.id)).toEqual(expect.arrayContaining([toApprove.id, toReject.id]));
    // Oldest first: the one waiting longest is decided first.
    const created = pending.data.map((o) => o.created_at as string);
    expect(created).toEqual([...created].sort());
    const mine = pending.data.find((o) => o.id === toApprove.id)!;
    expect(mine).toMatchObject({
      user_id: dealerId(),
      quantity: 3,
      total_cents: toApprove.total_cents,
      dealer_name: expect.any(String),
    });
    const second = await dp.getList('admin/physical-sim-orders', {
      pagination: page(1, 2),
      sort: byCreated,
      filter: {},
    });
    expect(second.total).toBe(pending.total);
    expect(second.data.map((o) => o.id)).toEqual([pending.data[1]!.id]);

    const { data: one } = await dp.getOne('admin/physical-sim-orders', { id: toApprove.id });
    expect(one).toMatchObject({ id: toApprove.id, status: 'pending', card_ids: [] });
    expect((await dp.getMany('admin/physical-sim-orders', { ids: [toReject.id] })).data.map((o) => o.id)).toEqual([
      toReject.id,
    ]);

    await dp.send('POST', `admin/physical-sim/orders/${toApprove.id}/approve`);
    const { data: rejected } = await dp.send<{ status: string; reason: string }>(
      'POST',
      `admin/physical-sim/orders/${toReject.id}/reject`,
      { reason: 'Kontrat testi: stok ayrıldı' },
    );
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'Kontrat testi: stok ayrıldı' });
    const { data: approved } = await dp.getOne('admin/physical-sim-orders', { id: toApprove.id });
    expect(approved.status).toBe('approved');
    expect(approved.card_ids).toHaveLength(3);

    // getMany names its ids whatever their status (a decided order is no longer in the pending list).
    const decided = await dp.getMany('admin/physical-sim-orders', { ids: [toApprove.id, toReject.id] });
    expect(decided.data.map((o) => `${o.id}:${o.status}`).sort()).toEqual(
      [`${toApprove.id}:approved`, `${toReject.id}:rejected`].sort(),
    );

    const still = await dp.getList('admin/physical-sim-orders', { pagination: page(100), sort: byCreated, filter: {} });
    expect(still.total).toBe(pending.total! - 2);
    expect(still.data.map((o) => o.id)).not.toContain(toApprove.id);
    const approvedList = await dp.getList('admin/physical-sim-orders', {
      pagination: page(100),
      sort: byCreated,
      filter: { status: 'approved' },
    });
    expect(approvedList.data.map((o) => o.id)).toContain(toApprove.id);
    expect(approvedList.data.every((o) => o.status === 'approved')).toBe(true);
    const rejectedList = await dp.getList('admin/physical-sim-orders', {
      pagination: page(100),
      sort: byCreated,
      filter: { status: 'rejected' },
    });
    expect(rejectedList.data.map((o) => o.id)).toEqual([toReject.id]);
    // The order's cards are the stock list's, read by their ids (the show page's card table).
    const cards = await dp.getList('admin/physical-sim-stock', {
      pagination: page(100),
      sort: { field: 'serial_number', order: 'ASC' },
      filter: { id: approved.card_ids },
    });
    expect(cards.total).toBe(3);
    expect(cards.data.every((c) => c.owner_user_id === dealerId() && c.status === 'assigned')).toBe(true);
  });

  it('admin/physical-sim-returns: pending list with the cards, status filter; getOne and getMany; approve refunds, reject keeps its reason', async () => {
    const dealer = await providerFor('dealer@esim.test');
    const dp = await providerFor('admin@esim.test');
    const seeded = await dp.getList('admin/physical-sim-returns', {
      pagination: page(100),
      sort: byCreated,
      filter: {},
    });
    expect(seeded.total).toBe(seeded.data.length);
    expect(seeded.total).toBeGreaterThan(0);
    const inReturns = new Set(seeded.data.flatMap((r) => r.card_ids as string[]));
    const free = (
      await dealer.getList('physical-sim-cards', {
        pagination: page(100),
        sort: { field: 'serial_number', order: 'ASC' },
        filter: { status: 'assigned' },
      })
    ).data.filter((c) => c.returnable && !inReturns.has(c.id));
    const { data: toApprove } = await dealer.send<{ id: string }>('POST', 'user/physical-sim/return', {
      card_ids: [free[0]!.id],
      reason: 'Kontrat: onaylanacak',
    });
    const { data: toReject } = await dealer.send<{ id: string }>('POST', 'user/physical-sim/return', {
      card_ids: [free[1]!.id],
      reason: 'Kontrat: reddedilecek',
    });

    const pending = await dp.getList('admin/physical-sim-returns', {
      pagination: page(100),
      sort: byCreated,
      filter: { status: 'pending' },
    });
    expect(pending.total).toBe(seeded.total! + 2);
    const listed = pending.data.find((r) => r.id === toApprove.id)!;
    expect(listed).toMatchObject({ user_id: dealerId(), card_ids: [free[0]!.id], reason: 'Kontrat: onaylanacak' });
    expect(listed.cards.map((c: { serial_number: string }) => c.serial_number)).toEqual([free[0]!.serial_number]);
    expect((await dp.getOne('admin/physical-sim-returns', { id: toReject.id })).data).toMatchObject({
      id: toReject.id,
      status: 'pending',
      dealer_name: expect.any(String),
    });
    expect((await dp.getMany('admin/physical-sim-returns', { ids: [toApprove.id] })).data.map((r) => r.id)).toEqual([
      toApprove.id,
    ]);

    const { data: approved } = await dp.send<{ status: string; refund_cents: number }>(
      'POST',
      `admin/physical-sim/returns/${toApprove.id}/approve`,
    );
    expect(approved.status).toBe('approved');
    const refused = await dp.send('POST', `admin/physical-sim/returns/${toApprove.id}/approve`).catch((error) => error);
    expect(refused.status).toBe(409);
    await dp.send('POST', `admin/physical-sim/returns/${toReject.id}/reject`, { reason: 'Kart kullanılmış' });
    expect((await dp.getOne('admin/physical-sim-returns', { id: toReject.id })).data).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Kart kullanılmış',
    });
    const approvedList = await dp.getList('admin/physical-sim-returns', {
      pagination: page(100),
      sort: byCreated,
      filter: { status: 'approved' },
    });
    expect(approvedList.data.map((r) => r.id)).toContain(toApprove.id);
    expect(approvedList.data.find((r) => r.id === toApprove.id)!.refund_cents).toBe(approved.refund_cents);
    expect(
      (await dp.getList('admin/physical-sim-returns', { pagination: page(100), sort: byCreated, filter: {} })).total,
    ).toBe(seeded.total);
  });

  it('admin/physical-sim-import: an uploaded file is a queued job in the list (status filter, search by file name), getOne with its counts and errors', async () => {
    const dp = await providerFor('admin@esim.test');
    const before = await dp.getList('admin/physical-sim-import', { pagination: page(25), sort: byCreated, filter: {} });
    const form = new FormData();
    form.append(
      'file',
      new Blob(['iccid,serial_number,eid,package_code\n'], { type: 'text/csv' }),
      'kontrat-kartlar.csv',
    );
    const { data: job } = await dp.send<{ id: string; status: string }>(
      'POST',
      'admin/physical-sim/import-excel',
      form,
    );
    const { data: second } = await dp.send<{ id: string }>('POST', 'admin/physical-sim/import-excel', form);
    expect(job.status).toBe('queued');

    const all = await dp.getList('admin/physical-sim-import', { pagination: page(25), sort: byCreated, filter: {} });
    expect(all.total).toBe(before.total! + 2);
    // Newest first: the last upload heads the list.
    expect(all.data.slice(0, 2).map((j) => j.id)).toEqual([second.id, job.id]);
    const onePage = await dp.getList('admin/physical-sim-import', {
      pagination: page(1, 2),
      sort: byCreated,
      filter: {},
    });
    expect(onePage.data.map((j) => j.id)).toEqual([job.id]);
    const found = await dp.getList('admin/physical-sim-import', {
      pagination: page(25),
      sort: byCreated,
      filter: { q: 'kontrat-kart' },
    });
    expect(found.data.map((j) => j.file_name)).toEqual(['kontrat-kartlar.csv', 'kontrat-kartlar.csv']);
    expect(
      (
        await dp.getList('admin/physical-sim-import', {
          pagination: page(25),
          sort: byCreated,
          filter: { status: 'completed', q: 'kontrat-kart' },
        })
      ).total,
    ).toBe(0);
    expect(
      (
        await dp.getList('admin/physical-sim-import', {
          pagination: page(25),
          sort: byCreated,
          filter: { status: 'queued', q: 'kontrat-kart' },
        })
      ).total,
    ).toBe(2);

    const { data: one } = await dp.getOne('admin/physical-sim-import', { id: job.id });
    expect(one).toMatchObject({
      id: job.id,
      format: 'csv',
      status: 'queued',
      rows_read: 0,
      rows_imported: 0,
      rows_rejected: 0,
      percent: 0,
      errors: [],
    });
    const missing = await dp.getOne('admin/physical-sim-import', { id: crypto.randomUUID() }).catch((error) => error);
    expect(missing.status).toBe(404);
  });

  it('admin/physical-sim-stock: status, package and owner filters with exact totals, sort and range, search; getOne with history, getMany; status change and delete after the deletion-info', async () => {
    const dp = await providerFor('admin@esim.test');
    const sort = { field: 'serial_number', order: 'ASC' as const };
    // Every card, a page of 100 (the services' largest) at a time: the reference the filtered totals are checked against.
    const everyCard = async () => {
      const first = await dp.getList('admin/physical-sim-stock', { pagination: page(100), sort, filter: {} });
      const data = [...first.data];
      for (let n = 2; data.length < first.total!; n += 1)
        data.push(
          ...(await dp.getList('admin/physical-sim-stock', { pagination: page(100, n), sort, filter: {} })).data,
        );
      return { total: first.total!, data };
    };
    const all = await everyCard();
    expect(all.data).toHaveLength(all.total);
    expect(new Set(all.data.map((c) => c.id)).size).toBe(all.total);
    const serials = all.data.map((c) => c.serial_number as string);
    expect(serials).toEqual([...serials].sort());
    const second = await dp.getList('admin/physical-sim-stock', { pagination: page(25, 2), sort, filter: {} });
    expect(second.total).toBe(all.total);
    expect(second.data.map((c) => c.id)).toEqual(all.data.slice(25, 50).map((c) => c.id));
    const descending = await dp.getList('admin/physical-sim-stock', {
      pagination: page(5),
      sort: { field: 'serial_number', order: 'DESC' },
      filter: {},
    });
    expect(descending.data.map((c) => c.id)).toEqual(
      all.data
        .slice(-5)
        .reverse()
        .map((c) => c.id),
    );

    const pkg = DEMO_PLUS_PACKAGES[0]!;
    const expected = (keep: (c: RaRecord) => boolean) => all.data.filter(keep).length;
    const filters: Array<[Record<string, unknown>, (c: RaRecord) => boolean]> = [
      [{ status: 'in_stock' }, (c) => c.status === 'in_stock'],
      [{ package_id: pkg.id }, (c) => c.package_id === pkg.id],
      [{ owner_user_id: dealerId() }, (c) => c.owner_user_id === dealerId()],
      [
        { owner_user_id: 'admin', status: 'in_stock', package_id: pkg.id },
        (c) => c.owner_user_id === null && c.status === 'in_stock' && c.package_id === pkg.id,
      ],
    ];
    for (const [filter, keep] of filters) {
      const listed = await dp.getList('admin/physical-sim-stock', { pagination: page(10), sort, filter });
      expect(listed.total, JSON.stringify(filter)).toBe(expected(keep));
      expect(listed.total, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(listed.data.every(keep), JSON.stringify(filter)).toBe(true);
    }
    const inAdminStock = all.data.filter((c) => c.owner_user_id === null && c.status === 'in_stock');
    const card = inAdminStock[7]!;
    const searched = await dp.getList('admin/physical-sim-stock', {
      pagination: page(25),
      sort,
      filter: { q: card.serial_number },
    });
    expect(searched.data.map((c) => c.id)).toEqual([card.id]);
    expect(searched.total).toBe(1);

    const { data: detail } = await dp.getOne('admin/physical-sim-stock', { id: card.id });
    expect(detail).toMatchObject({
      id: card.id,
      serial_number: card.serial_number,
      status: 'in_stock',
      owner_user_id: null,
    });
    expect(detail.history.map((h: { action: string }) => h.action)).toContain('imported');
    const two = [inAdminStock[0]!.id, inAdminStock[3]!.id];
    expect((await dp.getMany('admin/physical-sim-stock', { ids: two })).data.map((c) => c.id).sort()).toEqual(
      [...two].sort(),
    );

    // The screen's single-card status change (no PUT /:id: the status route), then the history shows it.
    const { data: defective } = await dp.send<{ status: string }>('PUT', `admin/physical-sim/stock/${card.id}/status`, {
      status: 'defective',
      reason: 'Kontrat testi',
    });
    expect(defective.status).toBe('defective');
    expect((await dp.getOne('admin/physical-sim-stock', { id: card.id })).data.history).toHaveLength(
      detail.history.length + 1,
    );
    expect(
      (
        await dp.getList('admin/physical-sim-stock', { pagination: page(10), sort, filter: { status: 'defective' } })
      ).data.map((c) => c.id),
    ).toContain(card.id);

    // Delete: the deletion-info first; react-admin's plain delete carries no reason and is refused naming it.
    const info = await dp.read<{ can_delete: boolean; blocking_reasons: string[] }>(
      `admin/physical-sim/stock/${card.id}/deletion-info`,
    );
    expect(info).toMatchObject({ can_delete: true, blocking_reasons: [] });
    const unexplained = await dp
      .delete('admin/physical-sim-stock', { id: card.id, previousData: card })
      .catch((error) => error);
    expect(unexplained.status).toBe(400);
    expect(unexplained.body.errors.body).toEqual(expect.any(String));
    const { data: deleted } = await dp.send('DELETE', `admin/physical-sim/stock/${card.id}`, {
      reason: 'Kontrat testi: hasarlı kart',
    });
    expect(deleted).toEqual({ id: card.id, deleted: true });
    const after = await everyCard();
    expect(after.total).toBe(all.total - 1);
    expect(after.data.map((c) => c.id)).not.toContain(card.id);
    expect((await dp.getOne('admin/physical-sim-stock', { id: card.id }).catch((error) => error)).status).toBe(404);
    // A dealer's card is not deletable: the deletion-info says why before anything is tried.
    const held = all.data.find((c) => c.owner_user_id === dealerId())!;
    const heldInfo = await dp.read<{ can_delete: boolean; blocking_reasons: string[] }>(
      `admin/physical-sim/stock/${held.id}/deletion-info`,
    );
    expect(heldInfo.can_delete).toBe(false);
    expect(heldInfo.blocking_reasons.length).toBeGreaterThan(0);
  });
});
