import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadOnCredit } from '../src/dealer-money/dealer-money';
import { spendable } from '../src/ledger/accounts';
import { captureHold, createHold } from '../src/ledger/holds';
import { accountOf, app, as, countRows, given, key, person, useBalanceApp, type Person } from './support';

/** The caller's money: balance, deposits by bank transfer, transactions, dashboard. */
const admin = person(3);
useBalanceApp();

const get = async (url: string, who: Person, extra: Record<string, string> = {}) =>
  app.inject({ url, headers: await as(who, extra) });
const post = async (url: string, who: Person, payload?: unknown, extra: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    headers: await as(who, extra),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function credit(user: Person, euros: number, at?: string) {
  await app.db.transaction((trx) =>
    loadOnCredit(trx, {
      dealerId: user.id,
      amountCents: Math.round(euros * 100),
      note: null,
      actorId: admin.id,
      idempotencyKey: key(),
      at: at ? new Date(at) : undefined,
    }),
  );
}

describe('GET /user/balance', () => {
  it('reads data.balance in euros plus exact cents, available and held', async () => {
    const dealer = person(2);
    const empty = await get('/user/balance', dealer);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({
      success: true,
      code: 'ok',
      message: 'İşlem başarılı',
      data: {
        balance: 0,
        balance_cents: 0,
        available: 0,
        available_cents: 0,
        held_cents: 0,
        credit_available_cents: 0,
        currency: 'EUR',
      },
    });
    await credit(dealer, 99.99);
    await createHold(app.db, { orderId: `o-${randomUUID()}`, userId: dealer.id, amountCents: 9_99 });
    const res = await get('/user/balance', dealer);
    expect(res.json().data).toEqual({
      balance: 99.99,
      balance_cents: 9999,
      available: 90,
      available_cents: 9000,
      held_cents: 999,
      credit_available_cents: 0,
      currency: 'EUR',
    });
  });

  it('is not for sales managers (403), nor anonymous callers (401); admins have their own', async () => {
    expect((await get('/user/balance', person(4))).statusCode).toBe(403);
    expect((await get('/user/transactions', person(4))).statusCode).toBe(403);
    expect((await get('/user/dashboard', person(4))).statusCode).toBe(403);
    expect((await app.inject({ url: '/user/balance' })).statusCode).toBe(401);
    expect((await get('/user/balance', admin)).statusCode).toBe(200);
  });
});

describe('deposits by bank transfer', () => {
  it('creates a pending request with a reference code and the bank account to pay into; nothing moves yet', async () => {
    const customer = person(1);
    const res = await post(
      '/user/balance/add',
      customer,
      { amount: 50, method: 'bank_transfer' },
      { 'idempotency-key': key() },
    );
    expect(res.statusCode, res.body).toBe(201);
    const deposit = res.json().data;
    expect(res.json().code).toBe('deposit_created');
    expect(deposit).toMatchObject({
      user_id: customer.id,
      amount: 50,
      amount_cents: 5000,
      method: 'bank_transfer',
      status: 'pending',
    });
    expect(deposit.reference_code).toMatch(/^BK[2-9A-Z]{8}$/);
    expect(deposit.bank).toEqual({
      account_holder: expect.any(String),
      bank_name: expect.any(String),
      iban: expect.any(String),
    });
    expect((await accountOf(app.db, spendable(customer.id).key)).balance).toBe(0);
    const mine = await get('/user/balance/deposits', customer);
    expect(mine.json().data).toEqual([expect.objectContaining({ id: deposit.id, status: 'pending' })]);
    expect((await get('/user/balance/deposits', person(1))).json().data).toEqual([]);
  });

  it('replays with the same key instead of creating a second request', async () => {
    const customer = person(1);
    const k = key();
    const first = await post('/user/balance/add', customer, { amount: 20 }, { 'idempotency-key': k });
    const again = await post('/user/balance/add', customer, { amount: 20 }, { 'idempotency-key': k });
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await app.db('deposits').where({ user_id: customer.id }).count({ n: '*' })).toEqual([{ n: 1 }]);
    const other = await post('/user/balance/add', customer, { amount: 21 }, { 'idempotency-key': k });
    expect(other.statusCode).toBe(409);
  });

  it('refuses card payment until a card provider exists, and bad input, creating nothing', async () => {
    const customer = person(1);
    const card = await post(
      '/user/balance/add',
      customer,
      { amount: 20, method: 'card' },
      { 'idempotency-key': key() },
    );
    expect(card.statusCode).toBe(422);
    expect(card.json().code).toBe('payment_method_unavailable');
    const cases: Array<[unknown, string]> = [
      [{ amount: -1 }, 'amount'],
      [{ amount: 10.555 }, 'amount'],
      [{ amount: '10' }, 'amount'],
      [{}, 'amount'],
      [{ amount: 10, method: 'cash' }, 'method'],
    ];
    for (const [body, field] of cases) {
      const res = await post('/user/balance/add', customer, body, { 'idempotency-key': key() });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].path).toBe(field);
    }
    const noKey = await post('/user/balance/add', customer, { amount: 10 });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().errors[0].path).toBe('idempotency-key');
    expect(await app.db('deposits').where({ user_id: customer.id }).count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('an admin confirms: the money arrives once, however often it is confirmed; a confirmed one cannot be rejected', async () => {
    const customer = person(1);
    const deposit = (await post('/user/balance/add', customer, { amount: 75.5 }, { 'idempotency-key': key() })).json()
      .data;
    const pending = await get('/admin/deposits?status=pending', admin);
    expect(pending.json().data.map((t: { id: string }) => t.id)).toContain(deposit.id);

    const transfers = await countRows(app.db, 'transfers');
    const [first, second] = await Promise.all([
      post(`/admin/deposits/${deposit.id}/confirm`, admin),
      post(`/admin/deposits/${deposit.id}/confirm`, admin),
    ]);
    expect([first!.statusCode, second!.statusCode]).toEqual([200, 200]);
    expect(first!.json().data).toMatchObject({ status: 'confirmed', decided_by: admin.id });
    expect(second!.json().data.transfer_id).toBe(first!.json().data.transfer_id);
    const third = await post(`/admin/deposits/${deposit.id}/confirm`, admin);
    expect(third.headers['idempotent-replayed']).toBe('true');
    expect(await countRows(app.db, 'transfers')).toBe(transfers + 1);
    expect((await get('/user/balance', customer)).json().data.balance).toBe(75.5);

    const reject = await post(`/admin/deposits/${deposit.id}/reject`, admin, { reason: 'yok' });
    expect(reject.statusCode).toBe(409);
    expect(reject.json().code).toBe('deposit_not_pending');
  });

  it('an admin rejects: nothing moves; unknown ids are 404, malformed ids 400; customers may not decide', async () => {
    const customer = person(1);
    const deposit = (await post('/user/balance/add', customer, { amount: 10 }, { 'idempotency-key': key() })).json()
      .data;
    expect((await post(`/admin/deposits/${deposit.id}/confirm`, customer)).statusCode).toBe(403);
    const rejected = await post(`/admin/deposits/${deposit.id}/reject`, admin, { reason: 'Havale gelmedi' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: 'rejected', reason: 'Havale gelmedi' });
    expect((await post(`/admin/deposits/${deposit.id}/reject`, admin)).statusCode).toBe(200);
    expect((await post(`/admin/deposits/${deposit.id}/confirm`, admin)).statusCode).toBe(409);
    expect((await accountOf(app.db, spendable(customer.id).key)).balance).toBe(0);
    const unknown = await post(`/admin/deposits/${randomUUID()}/confirm`, admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('deposit_not_found');
    expect((await post('/admin/deposits/nope/confirm', admin)).statusCode).toBe(400);
    const long = await post(`/admin/deposits/${deposit.id}/reject`, admin, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].path).toBe('reason');
  });
});

describe('transactions', () => {
  it('lists the movements of the caller balance newest first, signed, with the balance after each', async () => {
    const dealer = person(2);
    await credit(dealer, 100, '2025-05-01T08:00:00Z');
    const { holdId } = await createHold(app.db, {
      orderId: `o-${randomUUID()}`,
      userId: dealer.id,
      amountCents: 14_99,
    });
    await captureHold(app.db, holdId, { createdBy: 'test' });
    const res = await get('/user/transactions', dealer);
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({ total: 2, page: 1, limit: 25 });
    expect(res.json().data).toEqual([
      expect.objectContaining({
        type: 'purchase',
        description: 'Satın alma',
        direction: 'out',
        amount: -14.99,
        amount_cents: -1499,
        balance_after: 85.01,
      }),
      expect.objectContaining({
        type: 'credit_load',
        description: 'Bakiye yükleme (veresiye)',
        direction: 'in',
        amount: 100,
        balance_after: 100,
        created_at: '2025-05-01T08:00:00.000Z',
      }),
    ]);
    const en = await get('/user/transactions', dealer, { 'accept-language': 'en' });
    expect(en.json().data[0].description).toBe('Purchase');
  });

  it('/user/transactions/query filters by Istanbul calendar days (inclusive) and type, and pages', async () => {
    const dealer = person(2);
    await credit(dealer, 1, '2025-01-01T20:00:00Z'); // 23:00 on 1 January in Istanbul
    await credit(dealer, 2, '2025-01-01T23:30:00Z'); // 02:30 on 2 January in Istanbul
    await credit(dealer, 3, '2025-01-02T20:59:59Z'); // 23:59:59 on 2 January
    await credit(dealer, 4, '2025-01-02T21:00:00Z'); // 00:00 on 3 January
    const amounts = async (qs: string) =>
      (await get(`/user/transactions/query?${qs}`, dealer)).json().data.map((t: { amount: number }) => t.amount);

    expect(await amounts('start_date=2025-01-02&end_date=2025-01-02')).toEqual([3, 2]);
    expect(await amounts('start_date=2025-01-01&end_date=2025-01-01')).toEqual([1]);
    expect(await amounts('start_date=2025-01-03')).toEqual([4]);
    expect(await amounts('end_date=2025-01-01')).toEqual([1]);
    expect(await amounts('type=credit_load&page=2&page_size=3')).toEqual([1]);
    expect(await amounts('type=purchase')).toEqual([]);
    const page = await get('/user/transactions/query?page=2&page_size=3', dealer);
    expect(page.json().meta).toEqual({ total: 4, page: 2, limit: 3 });
    const ra = await get(
      `/user/transactions?filter=${encodeURIComponent('{"type":"credit_load","start_date":"2025-01-03"}')}`,
      dealer,
    );
    expect(ra.json().data.map((t: { amount: number }) => t.amount)).toEqual([4]);

    for (const [qs, field] of [
      ['type=gift', 'type'],
      ['start_date=2025-13-01', 'start_date'],
      ['start_date=2025-01-03&end_date=2025-01-01', 'end_date'],
      ['page=0', 'page'],
      ['page_size=1000', 'page_size'],
    ] as const) {
      const res = await get(`/user/transactions/query?${qs}`, dealer);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().errors[0].path).toBe(field);
    }
    const badFilter = await get(`/user/transactions?filter=${encodeURIComponent('{"type":"gift"}')}`, dealer);
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().errors[0].path).toBe('filter.type');
  });
});

describe('GET /user/dashboard', () => {
  it('shows the balance, what was spent this month and the order counts fed by order events', async () => {
    const dealer = person(2);
    await credit(dealer, 200);
    // Two eSIM purchases: held when placed, captured when their completion events arrive.
    const order = (orderId: string, amountCents = 1000) => ({ orderId, userId: dealer.id, amountCents, holdId: null });
    for (const [orderId, cents] of [
      [`e1-${dealer.id}`, 30_00],
      [`e2-${dealer.id}`, 12_50],
    ] as const) {
      await createHold(app.db, { orderId, userId: dealer.id, amountCents: cents });
      await given(app.db, 'esim.order.completed', order(orderId, cents));
    }
    await given(app.db, 'esim.order.failed', { ...order('e3'), reason: 'provider' });
    await given(app.db, 'physical-sim.order.placed', order('p1'));

    const res = await get('/user/dashboard', dealer);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      balance: 157.5,
      balance_cents: 15750,
      spent_this_month: 42.5,
      spent_this_month_cents: 4250,
      orders: {
        esim: { total: 3, completed: 2, failed: 1 },
        physical_sim: { total: 1, placed: 1, approved: 0, rejected: 0 },
      },
    });
    expect(res.json().data.recent_transactions).toHaveLength(3);
  });
});

describe('GET /user/balance/spend', () => {
  /** A purchase at a given time: a hold captured, back-dated as seeded history is. */
  async function purchase(user: Person, cents: number, at: string) {
    await app.db.transaction(async (trx) => {
      const { holdId } = await createHold(trx, {
        orderId: `o-${randomUUID()}`,
        userId: user.id,
        amountCents: cents,
        at: new Date(at),
      });
      await captureHold(trx, holdId, { createdBy: 'test', at: new Date(at) });
    });
  }

  it('sums every purchase of the period per Istanbul day on the server, each day listed, more than a page of them', async () => {
    const dealer = person(2);
    await credit(dealer, 1000, '2025-02-01T08:00:00Z');
    // 150 purchases on 3 March (Istanbul): more than the 100 rows a client-side page could read.
    for (let i = 0; i < 150; i++)
      await purchase(dealer, 1_00, `2025-03-03T${String(6 + (i % 12)).padStart(2, '0')}:00:00Z`);
    await purchase(dealer, 2_50, '2025-03-01T21:30:00Z'); // 00:30 on 2 March in Istanbul
    await purchase(dealer, 9_99, '2025-02-28T20:59:00Z'); // 23:59 on 28 February: before the period
    const other = person(2);
    await credit(other, 10, '2025-02-01T08:00:00Z');
    await purchase(other, 7_00, '2025-03-03T10:00:00Z'); // someone else's

    const res = await get('/user/balance/spend?start_date=2025-03-01&end_date=2025-03-04', dealer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      start_date: '2025-03-01',
      end_date: '2025-03-04',
      total: 152.5,
      total_cents: 152_50,
      count: 151,
      by_day: [
        { date: '2025-03-01', total: 0, total_cents: 0, count: 0 },
        { date: '2025-03-02', total: 2.5, total_cents: 2_50, count: 1 },
        { date: '2025-03-03', total: 150, total_cents: 150_00, count: 150 },
        { date: '2025-03-04', total: 0, total_cents: 0, count: 0 },
      ],
    });
  });

  it('defaults to the 30 days up to today, counting a captured hold; an account never opened spends zero', async () => {
    const dealer = person(2);
    await credit(dealer, 50);
    const { holdId } = await createHold(app.db, {
      orderId: `o-${randomUUID()}`,
      userId: dealer.id,
      amountCents: 12_34,
    });
    await captureHold(app.db, holdId, { createdBy: 'test' });
    const data = (await get('/user/balance/spend', dealer)).json().data;
    expect(data.by_day).toHaveLength(30);
    expect(data.end_date).toBe(data.by_day[29].date);
    expect(data.by_day[29]).toEqual({ date: data.end_date, total: 12.34, total_cents: 12_34, count: 1 });
    expect(data).toMatchObject({ total: 12.34, total_cents: 12_34, count: 1 });

    const fresh = (await get('/user/balance/spend?start_date=2025-01-30', person(1))).json().data;
    expect(fresh).toMatchObject({
      start_date: '2025-01-30',
      end_date: '2025-02-28',
      total: 0,
      total_cents: 0,
      count: 0,
    });
    expect(fresh.by_day).toHaveLength(30);
    const back = (await get('/user/balance/spend?end_date=2024-03-01', person(1))).json().data;
    expect([back.start_date, back.by_day.length]).toEqual(['2024-02-01', 30]);
  });

  it('answers bad dates with a 400 naming the field, in the caller language; sales managers 403, anonymous 401', async () => {
    const dealer = person(2);
    for (const [qs, field, en] of [
      ['start_date=2025-02-30', 'start_date', 'The date must be in YYYY-MM-DD format'],
      ['end_date=yesterday', 'end_date', 'The date must be in YYYY-MM-DD format'],
      ['start_date=2025-03-05&end_date=2025-03-04', 'end_date', 'The end date must not be before the start date'],
      ['start_date=2024-01-01&end_date=2025-01-01', 'start_date', 'The date range may cover at most 366 days'],
    ] as const) {
      const res = await get(`/user/balance/spend?${qs}`, dealer, { 'accept-language': 'en' });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().errors[0], qs).toMatchObject({ path: field, message: en });
    }
    const tr = await get('/user/balance/spend?start_date=2024-01-01&end_date=2025-01-01', dealer);
    expect(tr.json().errors[0].message).toBe('Tarih aralığı en fazla 366 gün olabilir');
    expect((await get('/user/balance/spend?start_date=2024-01-01&end_date=2024-12-31', dealer)).statusCode).toBe(200);
    expect((await get('/user/balance/spend', person(4))).statusCode).toBe(403);
    expect((await app.inject({ url: '/user/balance/spend' })).statusCode).toBe(401);
  });
});
