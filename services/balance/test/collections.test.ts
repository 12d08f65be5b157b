import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { collectFromDealer } from '../src/collections/collections';
import { setCreditLimit } from '../src/dealer-money/credit';
import { receivable, salesManagerCash } from '../src/ledger/accounts';
import {
  accountOf,
  app,
  as,
  countRows,
  givenSalesManagerWithDealers,
  key,
  person,
  plain,
  useBalanceApp,
  type Person,
} from './support';

/** Collections: sales managers from their dealers, admins from sales managers; figures, report, logs, CSV. */
const admin = person(3);
useBalanceApp();

const post = async (
  url: string,
  who: Person,
  payload: unknown,
  idempotencyKey = key(),
  extra: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url,
    headers: await as(who, { 'idempotency-key': idempotencyKey, ...extra }),
    payload: payload as object,
  });

/** A sales manager with dealers who owe `owed` euros each (balance loaded on credit). */
async function team(owed: number[]) {
  const { manager, dealers } = await givenSalesManagerWithDealers(app.db, owed.length);
  for (const [i, dealer] of dealers.entries()) {
    const res = await post('/admin/dealers/balance', admin, { dealer_id: dealer.id, amount: owed[i] });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { manager, dealers };
}

describe('a sales manager collects from a dealer', () => {
  it('settles the dealer debt into the sales manager cash, records it and publishes balance.collection.recorded', async () => {
    const { manager, dealers } = await team([120]);
    const dealer = dealers[0]!;
    const res = await post('/sales-manager/collect', manager, {
      dealer_id: dealer.id,
      amount: 70.5,
      note: 'Elden alındı',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      code: 'collection_recorded',
      message: 'Tahsilat kaydedildi',
      data: {
        kind: 'dealer-to-sales-manager',
        dealer_id: dealer.id,
        sales_manager_id: manager.id,
        amount: 70.5,
        cash_held_cents: 7050,
        dealer_owed_cents: 4950,
      },
    });
    expect((await accountOf(app.db, receivable(dealer.id).key)).balance).toBe(-4950);
    expect((await accountOf(app.db, salesManagerCash(manager.id).key)).balance).toBe(-7050);
    const outbox = await app
      .db('outbox')
      .where({ type: 'balance.collection.recorded', aggregate_id: res.json().data.collection_id })
      .first();
    expect(outbox.envelope.payload).toEqual({
      collectionId: res.json().data.collection_id,
      kind: 'dealer-to-sales-manager',
      dealerId: dealer.id,
      salesManagerId: manager.id,
      amountCents: 7050,
      collectedBy: manager.id,
      note: 'Elden alındı',
    });
  });

  it('refuses more than the dealer owes with 422 and a clear message naming the debt, in both languages', async () => {
    const { manager, dealers } = await team([25]);
    const tr = await post('/sales-manager/collect', manager, { dealer_id: dealers[0]!.id, amount: 25.01 });
    expect(tr.statusCode).toBe(422);
    expect(tr.json().code).toBe('amount_exceeds_debt');
    expect(plain(tr.json().message)).toBe('Tutar bayinin borcunu aşıyor. Bayinin borcu: 25,00 €');
    const en = await post('/sales-manager/collect', manager, { dealer_id: dealers[0]!.id, amount: 30 }, key(), {
      'accept-language': 'en',
    });
    expect(plain(en.json().message)).toBe('The amount exceeds what the dealer owes. The dealer owes 25,00 €');
    expect((await accountOf(app.db, receivable(dealers[0]!.id).key)).balance).toBe(-2500);
    expect(await app.db('collections').where({ dealer_id: dealers[0]!.id }).count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it("refuses another sales manager's dealer (403) and an unknown dealer", async () => {
    const mine = await team([50]);
    const theirs = await team([50]);
    const res = await post('/sales-manager/collect', mine.manager, { dealer_id: theirs.dealers[0]!.id, amount: 10 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'dealer_not_yours', message: 'Bu bayi size bağlı değil' });
    const unknown = await post('/sales-manager/collect', mine.manager, { dealer_id: randomUUID(), amount: 10 });
    expect(unknown.statusCode).toBe(403);
    expect((await accountOf(app.db, receivable(theirs.dealers[0]!.id).key)).balance).toBe(-5000);
  });

  it('replays with the same key (once), and 409s with another amount', async () => {
    const { manager, dealers } = await team([100]);
    const k = key();
    const first = await post('/sales-manager/collect', manager, { dealer_id: dealers[0]!.id, amount: 10 }, k);
    const again = await post('/sales-manager/collect', manager, { dealer_id: dealers[0]!.id, amount: 10 }, k);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.collection_id).toBe(first.json().data.collection_id);
    const other = await post('/sales-manager/collect', manager, { dealer_id: dealers[0]!.id, amount: 11 }, k);
    expect(other.statusCode).toBe(409);
    expect((await accountOf(app.db, receivable(dealers[0]!.id).key)).balance).toBe(-9000);
    expect(
      await app
        .db('outbox')
        .where({ type: 'balance.collection.recorded' })
        .whereRaw(`envelope->'payload'->>'dealerId' = ?`, [dealers[0]!.id])
        .count({ n: '*' }),
    ).toEqual([{ n: 1 }]);
  });

  it('is for sales managers only', async () => {
    const { dealers } = await team([10]);
    for (const who of [admin, dealers[0]!]) {
      const res = await post('/sales-manager/collect', who, { dealer_id: dealers[0]!.id, amount: 1 });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('sales manager figures', () => {
  it('GET /sales-manager/balance: cash held, collected today and this month, what own dealers owe', async () => {
    const { manager, dealers } = await team([100, 40]);
    await post('/sales-manager/collect', manager, { dealer_id: dealers[0]!.id, amount: 30 });
    // Long ago: counts in cash held and debts, not in today's or this month's figures.
    await app.db.transaction((trx) =>
      collectFromDealer(trx, {
        salesManagerId: manager.id,
        dealerId: dealers[1]!.id,
        amountCents: 10_00,
        note: null,
        actor: { id: manager.id, role: 'sales-manager' },
        idempotencyKey: key(),
        at: new Date(Date.now() - 40 * 24 * 3600 * 1000),
      }),
    );
    await app.db.transaction((trx) =>
      setCreditLimit(trx, { dealerId: dealers[0]!.id, limitCents: 250_00, note: null, actorId: admin.id }),
    );
    const res = await app.inject({ url: '/sales-manager/balance', headers: await as(manager) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      sales_manager_id: manager.id,
      balance: 40,
      cash_held: 40,
      cash_held_cents: 4000,
      collected_today_cents: 3000,
      collected_this_month_cents: 3000,
      outstanding_cents: 7000 + 3000,
      outstanding: 100,
      dealer_count: 2,
    });
    expect(res.json().data.dealers).toEqual(
      expect.arrayContaining([
        { dealer_id: dealers[0]!.id, name: 'Bayi 1 Ltd.', owed: 70, owed_cents: 7000, credit_limit_cents: 25000 },
        { dealer_id: dealers[1]!.id, name: 'Bayi 2 Ltd.', owed: 30, owed_cents: 3000, credit_limit_cents: 0 },
      ]),
    );
    const forAdmin = await app.inject({ url: '/sales-manager/balance', headers: await as(admin) });
    expect(forAdmin.statusCode).toBe(403);
  });

  it('GET /sales-manager/collection-report: per dealer and per Istanbul day, both ends inclusive', async () => {
    const { manager, dealers } = await team([100, 100]);
    const collect = (dealer: Person, euros: number, at: string) =>
      app.db.transaction((trx) =>
        collectFromDealer(trx, {
          salesManagerId: manager.id,
          dealerId: dealer.id,
          amountCents: Math.round(euros * 100),
          note: null,
          actor: { id: manager.id, role: 'sales-manager' },
          idempotencyKey: key(),
          at: new Date(at),
        }),
      );
    await collect(dealers[0]!, 10, '2025-03-01T20:00:00Z'); // 23:00 on 1 March in Istanbul
    await collect(dealers[0]!, 20, '2025-03-01T23:30:00Z'); // 02:30 on 2 March in Istanbul
    await collect(dealers[1]!, 5.5, '2025-03-02T10:00:00Z');
    await collect(dealers[1]!, 7, '2025-03-03T21:00:00Z'); // 4 March in Istanbul: outside

    const res = await app.inject({
      url: '/sales-manager/collection-report?start_date=2025-03-01&end_date=2025-03-03',
      headers: await as(manager),
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report).toMatchObject({
      start_date: '2025-03-01',
      end_date: '2025-03-03',
      total: 35.5,
      total_cents: 3550,
      count: 3,
    });
    expect(report.by_day).toEqual([
      { date: '2025-03-01', total: 10, total_cents: 1000, count: 1 },
      { date: '2025-03-02', total: 25.5, total_cents: 2550, count: 2 },
    ]);
    expect(report.by_dealer).toEqual([
      { dealer_id: dealers[0]!.id, name: 'Bayi 1 Ltd.', total: 30, total_cents: 3000, count: 2 },
      { dealer_id: dealers[1]!.id, name: 'Bayi 2 Ltd.', total: 5.5, total_cents: 550, count: 1 },
    ]);
    // The single collections behind those sums, newest first, with the Istanbul time the CSV shows.
    expect(
      report.collections.map((c: { dealer_id: string; amount_cents: number; local_time: string }) => [
        c.dealer_id,
        c.amount_cents,
        c.local_time.slice(0, 10),
      ]),
    ).toEqual([
      [dealers[1]!.id, 550, '2025-03-02'],
      [dealers[0]!.id, 2000, '2025-03-02'],
      [dealers[0]!.id, 1000, '2025-03-01'],
    ]);
    expect(report.collections[0]).toMatchObject({
      kind: 'dealer-to-sales-manager',
      dealer_name: 'Bayi 2 Ltd.',
      amount: 5.5,
    });
    const oneDay = await app.inject({
      url: '/sales-manager/collection-report?start_date=2025-03-02&end_date=2025-03-02',
      headers: await as(manager),
    });
    expect(oneDay.json().data.total_cents).toBe(2550);
    // Another sales manager sees none of it.
    const other = await team([1]);
    const theirs = await app.inject({
      url: '/sales-manager/collection-report?start_date=2025-03-01&end_date=2025-03-03',
      headers: await as(other.manager),
    });
    expect(theirs.json().data.count).toBe(0);
    const bad = await app.inject({
      url: '/sales-manager/collection-report?start_date=2025-03-05&end_date=2025-03-01',
      headers: await as(manager),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('end_date');
    const badDate = await app.inject({
      url: '/sales-manager/collection-report?start_date=2025-02-30',
      headers: await as(manager),
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().errors[0]).toEqual({ path: 'start_date', message: 'Tarih YYYY-AA-GG biçiminde olmalı' });
  });
});

describe('an admin collects from a sales manager', () => {
  it('moves cash held to company cash, at most what is held', async () => {
    const { manager, dealers } = await team([100]);
    await post('/sales-manager/collect', manager, { dealer_id: dealers[0]!.id, amount: 60 });
    const tooMuch = await post('/admin/sales-managers/collect', admin, { sales_manager_id: manager.id, amount: 60.01 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().code).toBe('amount_exceeds_cash_held');
    expect(plain(tooMuch.json().message)).toBe('Tutar satış müdürünün elindeki nakdi aşıyor. Eldeki nakit: 60,00 €');

    const res = await post('/admin/sales-managers/collect', admin, { sales_manager_id: manager.id, amount: 45 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      kind: 'sales-manager-to-company',
      dealer_id: null,
      amount: 45,
      cash_held: 15,
      cash_held_cents: 1500,
    });
    const figures = await app.inject({
      url: `/admin/sales-managers/balances?ids=${manager.id}`,
      headers: await as(admin),
    });
    expect(figures.json().data).toEqual([
      expect.objectContaining({
        sales_manager_id: manager.id,
        cash_held_cents: 1500,
        collected_today_cents: 6000,
        outstanding_cents: 4000,
        dealer_count: 1,
      }),
    ]);
    const forManager = await post('/admin/sales-managers/collect', manager, {
      sales_manager_id: manager.id,
      amount: 1,
    });
    expect(forManager.statusCode).toBe(403);
  });

  it("refuses a dealer's id as the sales manager with 'not a sales manager' naming the field, in both languages, moving nothing", async () => {
    const { dealers } = await team([50]);
    const before = await countRows(app.db, 'transfers');
    const tr = await post('/admin/sales-managers/collect', admin, { sales_manager_id: dealers[0]!.id, amount: 10 });
    expect(tr.statusCode).toBe(422);
    expect(tr.json()).toMatchObject({
      code: 'not_a_sales_manager',
      message: 'Bu kullanıcı bir satış yöneticisi değil',
      errors: [{ path: 'sales_manager_id', message: 'Bu kullanıcı bir satış yöneticisi değil' }],
    });
    const en = await post(
      '/admin/sales-managers/collect',
      admin,
      { sales_manager_id: dealers[0]!.id, amount: 10 },
      key(),
      { 'accept-language': 'en' },
    );
    expect(en.json().message).toBe('This user is not a sales manager');
    expect(await countRows(app.db, 'transfers')).toBe(before);
  });
});

describe('collection logs', () => {
  it('lists both kinds with who, when and amounts; filters by Istanbul dates; pages and sorts both ways', async () => {
    const { manager, dealers } = await team([500]);
    const at = (iso: string, euros: number) =>
      app.db.transaction((trx) =>
        collectFromDealer(trx, {
          salesManagerId: manager.id,
          dealerId: dealers[0]!.id,
          amountCents: Math.round(euros * 100),
          note: `not ${euros}`,
          actor: { id: manager.id, role: 'sales-manager' },
          idempotencyKey: key(),
          at: new Date(iso),
        }),
      );
    await at('2024-06-10T09:00:00Z', 11);
    await at('2024-06-10T22:00:00Z', 12.5); // 11 June in Istanbul
    await at('2024-06-11T09:00:00Z', 13);
    await post('/admin/sales-managers/collect', admin, { sales_manager_id: manager.id, amount: 5 });

    const logs = await app.inject({
      url: `/admin/collection-logs?start_date=2024-06-11&end_date=2024-06-11&page=1&limit=1&sales_manager_id=${manager.id}`,
      headers: await as(admin),
    });
    expect(logs.statusCode, logs.body).toBe(200);
    // The sum covers both logs of the day (12.50 + 13.00), not only the one on this page; the hand-over was another day.
    expect(logs.json().meta).toEqual({
      total: 2,
      page: 1,
      limit: 1,
      amount: 25.5,
      amount_cents: 2550,
      dealer_collections_cents: 2550,
      handovers_cents: 0,
    });
    expect(logs.headers['x-total-count']).toBe('2');
    expect(logs.json().data[0]).toMatchObject({
      kind: 'dealer-to-sales-manager',
      dealer_id: dealers[0]!.id,
      dealer_name: 'Bayi 1 Ltd.',
      sales_manager_id: manager.id,
      amount: 13,
      amount_cents: 1300,
      collected_by: manager.id,
      collected_by_role: 'sales-manager',
      local_time: '2024-06-11 12:00',
    });

    // react-admin style: range, sort and filter.
    const filter = encodeURIComponent(JSON.stringify({ sales_manager_id: manager.id }));
    const ra = await app.inject({
      url: `/admin/collection-logs?range=${encodeURIComponent('[0,9]')}&sort=${encodeURIComponent('["amount","ASC"]')}&filter=${filter}`,
      headers: await as(admin),
    });
    expect(ra.json().data.map((l: { amount: number }) => l.amount)).toEqual([5, 11, 12.5, 13]);
    expect(ra.headers['content-range']).toBe('collection-logs 0-3/4');
    const handovers = await app.inject({
      url: `/admin/collection-logs?kind=sales-manager-to-company&sales_manager_id=${manager.id}`,
      headers: await as(admin),
    });
    expect(handovers.json().data).toEqual([
      expect.objectContaining({
        kind: 'sales-manager-to-company',
        dealer_id: null,
        collected_by: admin.id,
        collected_by_role: 'admin',
      }),
    ]);

    const badFilter = await app.inject({
      url: `/admin/collection-logs?filter=${encodeURIComponent('{"kind":"nope"}')}`,
      headers: await as(admin),
    });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().errors[0].path).toBe('filter.kind');
    const forManager = await app.inject({ url: '/admin/collection-logs', headers: await as(manager) });
    expect(forManager.statusCode).toBe(403);
  });

  it('exports the same filter as CSV: Turkish headers, Istanbul time, two decimals, formulas defused', async () => {
    const { manager, dealers } = await team([100]);
    await app.db.transaction((trx) =>
      collectFromDealer(trx, {
        salesManagerId: manager.id,
        dealerId: dealers[0]!.id,
        amountCents: 12_50,
        note: '=HYPERLINK("x"), "tırnak"',
        actor: { id: manager.id, role: 'sales-manager' },
        idempotencyKey: key(),
        at: new Date('2024-07-01T21:15:00Z'),
      }),
    );
    const res = await app.inject({
      url: `/admin/collection-logs/export?start_date=2024-07-02&end_date=2024-07-02&sales_manager_id=${manager.id}`,
      headers: await as(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="tahsilat-kayitlari-2024-07-02_2024-07-02.csv"',
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Tarih,Tür,Bayi,Satış Müdürü,Tutar (EUR),Tahsil Eden,Not,Kayıt No');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^2024-07-02 00:15,Bayiden tahsilat,Bayi 1 Ltd\.,Satış [0-9a-f]{4},12\.50,Satış [0-9a-f]{4},"'=HYPERLINK\(""x""\), ""tırnak""",[0-9a-f-]{36}$/,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
  });
});

describe('bad input on the collection writes', () => {
  it('answers 400 naming the field and changes nothing', async () => {
    const { manager, dealers } = await team([100]);
    const transfers = await countRows(app.db, 'transfers');
    const cases: Array<[string, Person, Record<string, unknown>, string]> = [
      ['/sales-manager/collect', manager, { dealer_id: dealers[0]!.id, amount: -5 }, 'amount'],
      ['/sales-manager/collect', manager, { dealer_id: dealers[0]!.id, amount: 1.001 }, 'amount'],
      ['/sales-manager/collect', manager, { dealer_id: dealers[0]!.id, amount: '10' }, 'amount'],
      ['/sales-manager/collect', manager, { dealer_id: dealers[0]!.id }, 'amount'],
      ['/sales-manager/collect', manager, { amount: 10 }, 'dealer_id'],
      ['/sales-manager/collect', manager, { dealer_id: 'x', amount: 10 }, 'dealer_id'],
      ['/sales-manager/collect', manager, { dealer_id: dealers[0]!.id, amount: 10, note: 'n'.repeat(501) }, 'note'],
      ['/admin/sales-managers/collect', admin, { sales_manager_id: manager.id, amount: 0 }, 'amount'],
      ['/admin/sales-managers/collect', admin, { amount: 10 }, 'sales_manager_id'],
      ['/admin/sales-managers/collect', admin, { sales_manager_id: manager.id, amount: 1e12 }, 'amount'],
    ];
    for (const [url, who, body, field] of cases) {
      const res = await post(url, who, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    expect(await countRows(app.db, 'transfers')).toBe(transfers);
  });
});
