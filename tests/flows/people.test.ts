import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '@esim/contracts';
import { waitFor } from '@esim/platform/testing';
import { formatBooksReport, verifyBooks } from '../../infra/src/testing/books';
import { startSystem, type System } from './system';

const SALES = demoAccount('sales@esim.test');

type Entry = {
  route: string;
  service: string;
  status_code: number;
  target_id: string | null;
  target_name: string | null;
  amount_cents: number | null;
  detail: string | null;
};

/**
 * The admin's people screens on the running system: sales managers opened, edited and suspended
 * (and refused at sign-in), dealers sorted by money over every page and filtered by sales manager,
 * audit entries that name their record and amount, and collection totals kept apart by kind.
 */
describe('people in the back office: sales managers, dealers by money, history in words', () => {
  let system: System;
  let admin: string;
  let sales: string;
  let dealer: string;
  let managerId: string;
  const dealers: string[] = [];

  const asAdmin = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    system.api(method, path, { token: admin, body, headers });

  beforeAll(async () => {
    system = await startSystem();
    [admin, sales, dealer] = await Promise.all([
      system.login('admin@esim.test'),
      system.login('sales@esim.test'),
      system.login('dealer@esim.test'),
    ]);
    const created = await asAdmin('POST', '/admin/sales-managers', {
      full_name: 'Selin Yılmaz',
      email: 'selin.yilmaz@esim.test',
      password: 'Guvenli-Parola-1',
      region: 'İzmir',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    managerId = created.body.data.id;
    // Three dealers of the new sales manager with three balances: 30 €, 150.25 €, 5 €.
    for (const [index, amount] of [30, 150.25, 5].entries()) {
      const made = await asAdmin('POST', '/admin/dealers', {
        full_name: `Bayi ${['Ada', 'Bora', 'Cem'][index]}`,
        email: `people-dealer-${index}@bayi.test`,
        company_name: `Çağrı Bayi ${index}`,
        password: 'Guvenli-Parola-1',
        sales_manager_id: managerId,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      dealers.push(made.body.data.id);
      await waitFor(
        async () =>
          (await asAdmin('GET', `/admin/dealers/${made.body.data.id}/transactions`)).status === 200 || undefined,
        { what: 'balance to learn the dealer' },
      );
      const load = await asAdmin(
        'POST',
        '/admin/dealers/balance',
        { dealer_id: made.body.data.id, amount, note: null },
        { 'idempotency-key': `people-load-${index}` },
      );
      expect(load.status, JSON.stringify(load.body)).toBe(200);
    }
  }, 120_000);

  afterAll(async () => {
    const books = await verifyBooks();
    expect(books.ledger.ok, formatBooksReport(books)).toBe(true);
    await system?.stop();
  });

  it('opens, edits, suspends and reactivates a sales manager; a suspended one is refused at sign-in', async () => {
    const shown = await asAdmin('GET', `/admin/sales-managers/${managerId}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ full_name: 'Selin Yılmaz', region: 'İzmir', dealer_count: 3 });

    const edited = await asAdmin('PUT', `/admin/sales-managers/${managerId}`, {
      full_name: 'Selin Yılmaz Öztürk',
      phone: '+90 532 111 22 33',
      region: '',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({
      full_name: 'Selin Yılmaz Öztürk',
      phone: '+90 532 111 22 33',
      region: null,
    });

    const token = await system.login('selin.yilmaz@esim.test', 'Guvenli-Parola-1');
    const suspended = await asAdmin('PUT', `/admin/sales-managers/${managerId}/status`, { status: 'suspended' });
    expect(suspended.status).toBe(200);
    expect(suspended.body.data.status).toBe('suspended');
    // Signed out at once, and refused at sign-in with the reason.
    expect((await system.api('GET', '/sales-manager/dealers', { token })).status).toBe(401);
    const refused = await system.api('POST', '/login', {
      body: { email: 'selin.yilmaz@esim.test', password: 'Guvenli-Parola-1' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('account_suspended');

    expect((await asAdmin('PUT', `/admin/sales-managers/${managerId}/status`, { status: 'active' })).status).toBe(200);
    expect(
      (await system.api('POST', '/login', { body: { email: 'selin.yilmaz@esim.test', password: 'Guvenli-Parola-1' } }))
        .status,
    ).toBe(200);
  });

  it('refuses other roles, bad input naming the field, and ids that are not sales managers', async () => {
    for (const token of [sales, dealer]) {
      expect((await system.api('GET', `/admin/sales-managers/${managerId}`, { token })).status).toBe(403);
      expect(
        (await system.api('PUT', `/admin/sales-managers/${managerId}`, { token, body: { full_name: 'X Y' } })).status,
      ).toBe(403);
      expect(
        (await system.api('PUT', `/admin/sales-managers/${managerId}/status`, { token, body: { status: 'active' } }))
          .status,
      ).toBe(403);
    }
    const bad = async (path: string, body: unknown, field: string) => {
      const { status, body: answer } = await asAdmin('PUT', path, body);
      expect(status, JSON.stringify(answer)).toBe(400);
      expect(answer.errors.map((e: { path: string }) => e.path).join(' ')).toContain(field);
    };
    await bad(`/admin/sales-managers/${managerId}`, { email: 'not-an-email' }, 'email');
    await bad(`/admin/sales-managers/${managerId}`, { phone: '<script>' }, 'phone');
    await bad(`/admin/sales-managers/${managerId}/status`, { status: 'deleted' }, 'status');
    const english = await system.api('PUT', `/admin/sales-managers/${managerId}`, {
      token: admin,
      body: { email: 'nope' },
      headers: { 'accept-language': 'en' },
    });
    expect(english.status).toBe(400);
    expect(english.body.message).toMatch(/[a-z]/i);
    // A dealer's id is not a sales manager's.
    const notManager = await asAdmin('GET', `/admin/sales-managers/${dealers[0]}`);
    expect(notManager.status).toBe(404);
    expect(notManager.body.code).toBe('sales_manager_not_found');
    // Taken e-mail: 409 on the field, nothing changed.
    const taken = await asAdmin('PUT', `/admin/sales-managers/${managerId}`, { email: 'sales@esim.test' });
    expect(taken.status).toBe(409);
    expect((await asAdmin('GET', `/admin/sales-managers/${managerId}`)).body.data.email).toBe('selin.yilmaz@esim.test');
  });

  it('sorts dealers by balance and by debt over every page, and filters by sales manager', async () => {
    const page = async (sort: string, order: 'ASC' | 'DESC', range: [number, number]) => {
      const filter = encodeURIComponent(JSON.stringify({ sales_manager_id: managerId }));
      const res = await asAdmin(
        'GET',
        `/admin/dealers?filter=${filter}&sort=${encodeURIComponent(JSON.stringify([sort, order]))}&range=${encodeURIComponent(JSON.stringify(range))}`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.headers['x-total-count']).toBe('3');
      return (res.body.data as Array<{ id: string; sales_manager_id: string }>).map((d) => d.id);
    };
    // Pages of one: the order holds across pages, not only within one.
    const byBalance = [
      ...(await page('balance_cents', 'DESC', [0, 0])),
      ...(await page('balance_cents', 'DESC', [1, 2])),
    ];
    expect(byBalance).toEqual([dealers[1], dealers[0], dealers[2]]);
    expect(await page('balance_cents', 'ASC', [0, 2])).toEqual([dealers[2], dealers[0], dealers[1]]);
    // Credit loads are owed: debt orders the same way.
    expect(await page('owed_cents', 'DESC', [0, 2])).toEqual([dealers[1], dealers[0], dealers[2]]);

    const others = await asAdmin('GET', `/admin/dealers?sales_manager_id=${SALES.id}`);
    expect(
      (others.body.data as Array<{ sales_manager_id: string }>).every((d) => d.sales_manager_id === SALES.id),
    ).toBe(true);
    expect((others.body.data as Array<{ id: string }>).some((d) => dealers.includes(d.id))).toBe(false);
  });

  it('keeps the record, its name and the amount in the audit log, and finds a dealer’s history by its id', async () => {
    const rich = dealers[1]!;
    await asAdmin('PUT', `/admin/dealers/${rich}/status`, { status: 'suspended' });
    await asAdmin(
      'PUT',
      `/admin/dealers/${rich}/credit-limit`,
      { credit_limit: 75, note: null },
      {
        'idempotency-key': 'people-limit-1',
      },
    );
    await asAdmin('PUT', `/admin/dealers/${rich}/status`, { status: 'active' });
    const history = async () =>
      (
        await asAdmin(
          'GET',
          `/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ target_id: rich }))}&range=[0,49]`,
        )
      ).body.data as Entry[];
    await waitFor(async () => ((await history()).length >= 5 ? true : undefined), { what: 'the dealer’s audit rows' });
    const entries = await history();
    expect(entries.every((e) => e.target_id === rich)).toBe(true);
    expect(entries.find((e) => e.route === '/admin/dealers/balance')).toMatchObject({
      service: 'balance',
      target_name: 'Çağrı Bayi 1',
      amount_cents: 15025,
    });
    expect(entries.find((e) => e.route === '/admin/dealers/:id/credit-limit')).toMatchObject({
      target_name: 'Çağrı Bayi 1',
      amount_cents: 7500,
    });
    expect(entries.filter((e) => e.route === '/admin/dealers/:id/status').map((e) => e.detail)).toEqual([
      'active',
      'suspended',
    ]);
    expect(entries.find((e) => e.route === '/admin/dealers')).toMatchObject({
      service: 'auth',
      target_name: 'Çağrı Bayi 1',
    });

    const bad = await asAdmin(
      'GET',
      `/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ target_id: '' }))}`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).join(' ')).toContain('target_id');
  });

  it('names the deposit, the Plus order and the package an admin decided or changed, with the money', async () => {
    const customer = await system.login('customer@esim.test');
    const deposit = await system.api('POST', '/user/balance/add', {
      token: customer,
      headers: { 'idempotency-key': 'people-audit-deposit' },
      body: { amount: 40.5 },
    });
    expect(deposit.status, JSON.stringify(deposit.body)).toBe(201);
    const confirmed = await asAdmin('POST', `/admin/deposits/${deposit.body.data.id}/confirm`);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);

    // The seeded pending Plus order (billed by invoice).
    const pending = await asAdmin('GET', '/admin/physical-sim/orders/pending');
    const order = pending.body.data[0] as { id: string; order_number: string; total_cents: number };
    expect(order, JSON.stringify(pending.body)).toBeDefined();
    const approved = await asAdmin('POST', `/admin/physical-sim/orders/${order.id}/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);

    const pkg = (await asAdmin('GET', '/admin/packages?range=[0,0]')).body.data[0] as {
      id: string;
      code: string;
      name_tr: string;
      retail_price: number;
    };
    const updated = await asAdmin('PUT', `/admin/packages/${pkg.id}`, { name_tr: pkg.name_tr });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);

    const entryOf = async (targetId: string) => {
      const filter = encodeURIComponent(JSON.stringify({ target_id: targetId }));
      const entries = (await asAdmin('GET', `/admin/audit-log?filter=${filter}`)).body.data as Entry[];
      return entries.find((e) => e.target_name !== null);
    };
    const named = async (targetId: string) =>
      waitFor(async () => entryOf(targetId), { what: `the audit row of ${targetId}` });
    expect(await named(deposit.body.data.id)).toMatchObject({
      service: 'balance',
      route: '/admin/deposits/:id/confirm',
      target_name: deposit.body.data.reference_code,
      amount_cents: 4050,
    });
    expect(await named(order.id)).toMatchObject({
      service: 'physical-sim',
      route: '/admin/physical-sim/orders/:id/approve',
      target_name: order.order_number,
      amount_cents: order.total_cents,
    });
    expect(await named(pkg.id)).toMatchObject({
      service: 'catalog',
      route: '/admin/packages/:id',
      target_name: pkg.code,
      amount_cents: Math.round(pkg.retail_price * 100),
    });
  });

  it('lists retail customers with search, opens one, and keeps the list to admins', async () => {
    const customer = demoAccount('customer@esim.test');
    const found = await asAdmin('GET', `/admin/customers?q=${encodeURIComponent(customer.email.toUpperCase())}`);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect((found.body.data as Array<{ id: string }>).map((c) => c.id)).toEqual([customer.id]);
    // Dealers and staff are not retail customers.
    const all = (await asAdmin('GET', '/admin/customers?range=[0,99]')).body.data as Array<{ email: string }>;
    expect(all.some((c) => c.email === 'dealer@esim.test' || c.email === 'sales@esim.test')).toBe(false);
    const one = await asAdmin('GET', `/admin/customers/${customer.id}`);
    expect(one.body.data).toMatchObject({ id: customer.id, email: customer.email, status: 'active' });
    const dealerAsCustomer = await asAdmin('GET', `/admin/customers/${dealers[0]}`);
    expect(dealerAsCustomer.status).toBe(404);
    expect((await asAdmin('GET', '/admin/customers/not-a-uuid')).status).toBe(400);
    // The balance beside each customer, from the balance service.
    const balances = await asAdmin('GET', `/admin/customers/balances?ids=${customer.id}`);
    expect(balances.status, JSON.stringify(balances.body)).toBe(200);
    expect(balances.body.data).toEqual([
      { user_id: customer.id, balance_cents: expect.any(Number), held_cents: expect.any(Number) },
    ]);
    expect((await asAdmin('GET', '/admin/customers/balances?ids=not-an-id')).status).toBe(400);
    for (const token of [sales, dealer]) {
      expect((await system.api('GET', `/admin/customers/balances?ids=${customer.id}`, { token })).status).toBe(403);
      expect((await system.api('GET', '/admin/customers', { token })).status).toBe(403);
      expect((await system.api('GET', `/admin/customers/${customer.id}`, { token })).status).toBe(403);
    }
  });

  it("finds eSIM orders by the buyer's name or e-mail on the server, for admins only", async () => {
    const customer = demoAccount('customer@esim.test');
    const orders = async (buyer: string, token = admin) =>
      system.api('GET', `/user/esim/orders?buyer=${encodeURIComponent(buyer)}&range=[0,99]`, { token });
    const byEmail = await orders('CUSTOMER@ESIM');
    expect(byEmail.status, JSON.stringify(byEmail.body)).toBe(200);
    const rows = byEmail.body.data as Array<{ user_id: string }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((o) => o.user_id === customer.id)).toBe(true);
    const byName = (await orders(customer.fullName)).body.data as Array<{ user_id: string }>;
    expect(byName.map((o) => o.user_id)).toEqual(rows.map((o) => o.user_id));
    expect((await orders('nobody-by-this-name')).body.data).toEqual([]);
    // The names the list shows beside each order.
    const names = await asAdmin('GET', `/admin/accounts/names?ids=${customer.id}`);
    expect(names.body.data).toEqual([{ id: customer.id, name: customer.fullName, email: customer.email }]);
    const tooLong = await orders('x'.repeat(101));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors.map((e: { path: string }) => e.path).join(' ')).toContain('buyer');
    // A dealer's list stays their own whatever buyer they ask for.
    const own = await orders('customer@esim.test', dealer);
    expect(own.status).toBe(200);
    expect((own.body.data as Array<{ user_id: string }>).some((o) => o.user_id === customer.id)).toBe(false);
  });

  it('totals dealer collections and hand-overs to the company apart', async () => {
    const selin = await system.login('selin.yilmaz@esim.test', 'Guvenli-Parola-1');
    const collect = await system.api('POST', '/sales-manager/collect', {
      token: selin,
      headers: { 'idempotency-key': 'people-collect-1' },
      body: { dealer_id: dealers[0], amount: 10, note: null },
    });
    expect(collect.status, JSON.stringify(collect.body)).toBe(201);
    const handOver = await asAdmin(
      'POST',
      '/admin/sales-managers/collect',
      { sales_manager_id: managerId, amount: 4, note: null },
      { 'idempotency-key': 'people-handover-1' },
    );
    expect(handOver.status, JSON.stringify(handOver.body)).toBe(201);
    const logs = await asAdmin('GET', `/admin/collection-logs?sales_manager_id=${managerId}`);
    expect(logs.status).toBe(200);
    expect(logs.body.meta).toMatchObject({ amount_cents: 1400, dealer_collections_cents: 1000, handovers_cents: 400 });
  });
});
