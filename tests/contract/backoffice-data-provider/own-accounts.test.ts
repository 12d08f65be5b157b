/// <reference lib="dom" />
import { DEMO_LOOKUPS, demoAccount } from '@esim/contracts';
import { describe, expect, it } from 'vitest';
import { page, providerFor, useSystem } from './support';

// The customer's, the dealer's and the sales manager's own screens: one system for the four groups.
useSystem();

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

describe('dealer: transactions, deposits, price-list', () => {
  it('deposit: create by POST, then getList (status filter), getMany', async () => {
    const dp = await providerFor('dealer@esim.test');
    const { data: deposit } = await dp.send<{ id: string; reference_code: string; bank: { iban: string } }>(
      'POST',
      'user/balance/add',
      { amount: 25.5, method: 'bank_transfer' },
    );
    expect(deposit.reference_code).toMatch(/^BK/);
    expect(deposit.bank.iban).toEqual(expect.any(String));
    const pending = await dp.getList('deposits', {
      pagination: page(10),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'pending' },
    });
    expect(pending.total).toBe(1);
    expect(pending.data[0]!.id).toBe(deposit.id);
    const confirmed = await dp.getList('deposits', {
      pagination: page(10),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'confirmed' },
    });
    expect(confirmed.total).toBe(0);
    // 'all' means no filter (the data provider leaves it out).
    const everything = await dp.getList('deposits', {
      pagination: page(10),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'all' },
    });
    expect(everything.total).toBe(1);
    expect((await dp.getMany('deposits', { ids: [deposit.id] })).data.map((t) => t.id)).toEqual([deposit.id]);
    // getMany names exactly its ids: with a second request in the list, asking for the first answers the first only.
    const { data: second } = await dp.send<{ id: string }>('POST', 'user/balance/add', {
      amount: 10,
      method: 'bank_transfer',
    });
    expect((await dp.getMany('deposits', { ids: [deposit.id] })).data.map((t) => t.id)).toEqual([deposit.id]);
    expect((await dp.getMany('deposits', { ids: [second.id, deposit.id] })).data.map((t) => t.id).sort()).toEqual(
      [second.id, deposit.id].sort(),
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
