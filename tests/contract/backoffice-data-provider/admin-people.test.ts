/// <reference lib="dom" />
import { demoAccount } from '@esim/contracts';
import { describe, expect, it } from 'vitest';
import { page, providerFor, useSystem } from './support';

useSystem();

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
    expect((await dp.getOne('admin/dealers', { id: deniz! })).data).toMatchObject({
      email: 'dealer@esim.test',
      tax_office: 'Kadıköy',
    });
    expect((await dp.getMany('admin/dealers', { ids: [dealer2!] })).data.map((d) => d.id)).toEqual([dealer2]);

    const salesManager = demoAccount('sales@esim.test').id;
    const { data: created } = await dp.create('admin/dealers', {
      data: {
        company_name: 'Yönetici Test Ltd.',
        full_name: 'Yönetici Bayi',
        email: 'admin-contract-dealer@esim.test',
        password: 'Kontrat-Test-2026!x',
        tax_number: '1234567890',
        tax_office: 'Kadıköy',
        sales_manager_id: salesManager,
        status: 'active',
      },
    });
    expect(created).toMatchObject({ sales_manager_id: salesManager, tax_number: '1234567890', tax_office: 'Kadıköy' });
    // The edit screen sends only the fields the service takes, blanks as null.
    const { data: updated } = await dp.update('admin/dealers', {
      id: created.id,
      data: { phone: '+905321112233', address: null, tax_office: 'Beşiktaş', status: 'suspended' },
      previousData: created,
    });
    expect(updated).toMatchObject({
      id: created.id,
      phone: '+905321112233',
      tax_office: 'Beşiktaş',
      status: 'suspended',
    });
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
