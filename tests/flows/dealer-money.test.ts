import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@esim/platform/testing';
import { formatBooksReport, verifyBooks } from '../../infra/src/testing/books';
import { startSystem, type System } from './system';

/**
 * A dealer's life across services, only through the public API of the running system:
 * auth creates the dealer → events open its ledger accounts (balance) and its pricing record
 * (catalog) → admin loads credit and sets a dealer price → the dealer sees both → the sales
 * manager collects cash → the admin collects from the sales manager → suspension locks the dealer out.
 */
describe('dealer money across auth, catalog, balance and the gateway', () => {
  let system: System;
  let admin: string;
  let sales: string;
  let dealerId: string;
  let dealerToken: string;

  beforeAll(async () => {
    system = await startSystem();
    admin = await system.login('admin@esim.test');
    sales = await system.login('sales@esim.test');
  }, 120_000);

  afterAll(async () => {
    const books = await verifyBooks();
    expect(books.ledger.ok, formatBooksReport(books)).toBe(true);
    await system?.stop();
  });

  it('creates a dealer under the sales manager, and the other services learn of it from events', async () => {
    const created = await system.api('POST', '/admin/dealers', {
      token: admin,
      body: {
        full_name: 'Ece Akış',
        email: 'ece.akis@bayi.test',
        company_name: 'Akış İletişim',
        password: 'Guvenli-Parola-1',
        sales_manager_id: await salesManagerId(system, admin),
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    dealerId = created.body.data.id;

    // catalog knows the dealer once auth.dealer.created has arrived.
    await waitFor(
      async () => (await system.api('GET', `/admin/dealers/${dealerId}/packages`, { token: admin })).status === 200,
      {
        what: 'catalog to learn the new dealer',
      },
    );
    dealerToken = await system.login('ece.akis@bayi.test', 'Guvenli-Parola-1');
    const balance = await system.api('GET', '/user/balance', { token: dealerToken });
    expect(balance.body.data).toMatchObject({ balance: 0 });
  });

  it('admin loads credit once per idempotency key; the dealer sees it and owes it', async () => {
    const load = (amount: number) =>
      system.api('POST', '/admin/dealers/balance', {
        token: admin,
        headers: { 'idempotency-key': 'e2e-load-0001' },
        body: { dealer_id: dealerId, amount, note: 'Açılış kredisi' },
      });
    expect((await load(100)).status).toBeLessThan(300);
    expect((await load(100)).status).toBeLessThan(300);
    expect((await load(90)).status).toBe(409);
    const balance = await system.api('GET', '/user/balance', { token: dealerToken });
    expect(balance.body.data).toMatchObject({ balance: 100, balance_cents: 10000 });
  });

  it('admin sets a dealer price: the dealer pays it, a retail customer pays retail', async () => {
    const us = await system.api('GET', '/public/countries/united-states/packages');
    const starter = us.body.data.packages.find((p: { duration: number }) => p.duration === 7);
    expect(starter.price).toBe(14.99);
    const set = await system.api('PUT', `/admin/dealers/${dealerId}/packages/${starter.id}`, {
      token: admin,
      body: { price: 12.5 },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);

    const priceFor = async (token: string) =>
      (
        await system.api('GET', `/user/packages?filter=${encodeURIComponent(JSON.stringify({ id: [starter.id] }))}`, {
          token,
        })
      ).body.data.find((p: { id: string }) => p.id === starter.id).price;
    expect(await priceFor(dealerToken)).toBe(12.5);
    expect(await priceFor(await system.login('customer@esim.test'))).toBe(14.99);
  });

  it('the sales manager collects cash (not more than owed); the admin collects it from him', async () => {
    const collect = (amount: number, key: string) =>
      system.api('POST', '/sales-manager/collect', {
        token: sales,
        headers: { 'idempotency-key': key },
        body: { dealer_id: dealerId, amount, note: 'Elden tahsilat' },
      });
    const tooMuch = await collect(150, 'e2e-collect-too-much');
    expect(tooMuch.status).toBe(422);
    expect((await collect(40, 'e2e-collect-0001')).status).toBeLessThan(300);

    const salesBalance = await system.api('GET', '/sales-manager/balance', { token: sales });
    expect(salesBalance.status).toBe(200);
    const cashBefore = salesBalance.body.data.cash_held_cents as number;
    expect(salesBalance.body.data.collected_today_cents).toBeGreaterThanOrEqual(4000);
    const debt = salesBalance.body.data.dealers.find((d: { dealer_id: string }) => d.dealer_id === dealerId);
    expect(debt).toMatchObject({ owed: 60, owed_cents: 6000 });

    const smId = await salesManagerId(system, admin);
    const handOver = await system.api('POST', '/admin/sales-managers/collect', {
      token: admin,
      headers: { 'idempotency-key': 'e2e-handover-0001' },
      body: { sales_manager_id: smId, amount: 40, note: 'Kasaya teslim' },
    });
    expect(handOver.status, JSON.stringify(handOver.body)).toBeLessThan(300);
    const after = await system.api('GET', '/sales-manager/balance', { token: sales });
    expect(after.body.data.cash_held_cents).toBe(cashBefore - 4000);
    const logs = await system.api('GET', '/admin/collection-logs', { token: admin });
    expect(logs.status).toBe(200);
    expect(logs.body.data.length).toBeGreaterThanOrEqual(2);
  });

  it('a purchase beyond the balance and the credit left is refused with both figures, in the buyer language', async () => {
    const limit = await system.api('PUT', `/admin/dealers/${dealerId}/credit-limit`, {
      token: admin,
      headers: { 'idempotency-key': 'e2e-credit-limit-0001' },
      body: { credit_limit: 70, note: null },
    });
    expect(limit.status, JSON.stringify(limit.body)).toBe(200);
    const money = (await system.api('GET', '/user/balance', { token: dealerToken })).body.data;
    expect(money.credit_available_cents).toBeGreaterThan(0);
    const us = await system.api('GET', '/public/countries/united-states/packages');
    const starter = us.body.data.packages.find((p: { duration: number }) => p.duration === 7);
    // The dealer pays 12,50 € a piece: enough of them to pass the balance and the credit left together.
    const quantity = Math.floor((money.available_cents + money.credit_available_cents) / 1250) + 1;
    expect(quantity).toBeLessThanOrEqual(50);
    const euros = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')}\u00a0€`;
    const refused = await system.api('POST', '/user/packages/buy', {
      token: dealerToken,
      headers: { 'idempotency-key': 'e2e-credit-refused-0001', 'accept-language': 'tr' },
      body: { package_id: starter.id, quantity },
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'insufficient_balance',
      message: `Yetersiz bakiye. Kullanılabilir bakiye: ${euros(money.available_cents)}`,
      errors: [{ path: 'credit_left', message: `Kalan kredi limiti: ${euros(money.credit_available_cents)}` }],
    });
    const after = (await system.api('GET', '/user/balance', { token: dealerToken })).body.data;
    expect(after.available_cents).toBe(money.available_cents);
  });

  it("the month's statement closes at the ledger: the dealer's balance less what it owes, for the dealer, its sales manager and the admin", async () => {
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit' })
      .format(new Date())
      .slice(0, 7);
    const statement = await system.api('GET', `/user/statements/${month}`, { token: dealerToken });
    expect(statement.status, JSON.stringify(statement.body)).toBe(200);
    const money = (await system.api('GET', '/user/balance', { token: dealerToken })).body.data;
    const owed = (await system.api('GET', '/sales-manager/balance', { token: sales })).body.data.dealers.find(
      (d: { dealer_id: string }) => d.dealer_id === dealerId,
    ).owed_cents as number;
    expect(statement.body.data).toMatchObject({
      opening_balance_cents: 0,
      balance_cents: money.balance_cents,
      credit_used_cents: owed,
      closing_balance_cents: money.balance_cents - owed,
    });
    // Opening plus each line is the closing figure, line by line.
    const lines = statement.body.data.lines as Array<{ amount_cents: number; balance_after_cents: number }>;
    let running = 0;
    for (const line of lines) {
      running += line.amount_cents;
      expect(line.balance_after_cents).toBe(running);
    }
    expect(running).toBe(statement.body.data.closing_balance_cents);

    const pdf = await system.api('GET', `/sales-manager/dealers/${dealerId}/statements/${month}.pdf`, { token: sales });
    expect(pdf.status).toBe(200);
    expect(String(pdf.body).startsWith('%PDF')).toBe(true);
    const xlsx = await system.api('GET', `/admin/dealers/${dealerId}/statements/${month}.xlsx`, { token: admin });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it('the sales manager cannot reach admin routes, and the dealer cannot reach sales-manager routes', async () => {
    expect((await system.api('GET', '/admin/dealers', { token: sales })).status).toBe(403);
    expect((await system.api('GET', '/sales-manager/balance', { token: dealerToken })).status).toBe(403);
    expect((await system.api('GET', '/user/balance', { token: sales })).status).toBe(403);
  });

  it('suspending the dealer refuses its token at the gateway at once and its sign-in', async () => {
    const suspended = await system.api('PUT', `/admin/dealers/${dealerId}/status`, {
      token: admin,
      body: { status: 'suspended' },
    });
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
    expect((await system.api('GET', '/user/balance', { token: dealerToken })).status).toBe(401);
    const login = await system.api('POST', '/login', {
      body: { email: 'ece.akis@bayi.test', password: 'Guvenli-Parola-1' },
    });
    // Its own password is told the account is suspended; nothing else opens.
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({
      code: 'account_suspended',
      message: 'Hesabınız askıya alındı. Yeniden açılması için satış müdürünüzle ya da bizimle iletişime geçin.',
    });
    expect(login.body.data).toBeUndefined();
  });
});

async function salesManagerId(system: System, admin: string): Promise<string> {
  const list = await system.api('GET', '/admin/sales-managers', { token: admin });
  return list.body.data.find((m: { email: string }) => m.email === 'sales@esim.test').id;
}
