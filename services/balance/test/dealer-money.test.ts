import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { company, receivable, spendable } from '../src/ledger/accounts';
import { accountOf, app, as, countRows, given, givenDealer, key, person, plain, useBalanceApp } from './support';

/** The admin's dealer money: balance on credit, cash payments, the figures beside the dealer list. */
const admin = person(3);
useBalanceApp();

const newDealer = () => givenDealer(app.db, { fullName: 'Deniz Bayi', companyName: 'Deniz Telekom' });

const post = async (
  url: string,
  payload: unknown,
  idempotencyKey: string | null = key(),
  who = admin,
  extra: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url,
    headers: await as(who, { ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}), ...extra }),
    payload: payload as object,
  });

describe('POST /admin/dealers/balance (on credit)', () => {
  it("grows the dealer's spendable balance and their debt by the same amount", async () => {
    const dealer = await newDealer();
    const res = await post('/admin/dealers/balance', { dealer_id: dealer.id, amount: 150.5, note: 'Nisan yüklemesi' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      code: 'balance_loaded',
      message: 'Bakiye yüklendi',
      data: {
        dealer_id: dealer.id,
        amount: 150.5,
        amount_cents: 15050,
        balance: 150.5,
        balance_cents: 15050,
        owed: 150.5,
        owed_cents: 15050,
      },
    });
    // Sign convention: the spendable account reads +, the receivable − (the dealer owes it).
    expect((await accountOf(app.db, spendable(dealer.id).key)).balance).toBe(15050);
    expect((await accountOf(app.db, receivable(dealer.id).key)).balance).toBe(-15050);
    const transfer = await app.db('transfers').where({ id: res.json().data.transfer_id }).first();
    expect(transfer).toMatchObject({
      kind: 'credit_load',
      amount: 15050,
      created_by: admin.id,
      reference: 'Nisan yüklemesi',
    });
  });

  it('replayed with the same Idempotency-Key moves money once and answers the same', async () => {
    const dealer = await newDealer();
    const k = key();
    const first = await post('/admin/dealers/balance', { dealer_id: dealer.id, amount: 40, note: null }, k);
    const second = await post('/admin/dealers/balance', { dealer_id: dealer.id, amount: 40, note: null }, k);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().data).toEqual(first.json().data);
    expect((await accountOf(app.db, spendable(dealer.id).key)).balance).toBe(4000);
    const account = await app
      .db('accounts')
      .where({ key: spendable(dealer.id).key })
      .first('id');
    expect(await app.db('transfers').where({ credit_account_id: account.id }).pluck('id')).toEqual([
      first.json().data.transfer_id,
    ]);
  });

  it('the same key with another amount is a 409 and moves nothing', async () => {
    const dealer = await newDealer();
    const k = key();
    await post('/admin/dealers/balance', { dealer_id: dealer.id, amount: 10, note: null }, k);
    const other = await post('/admin/dealers/balance', { dealer_id: dealer.id, amount: 11, note: null }, k);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('idempotency_conflict');
    expect((await accountOf(app.db, spendable(dealer.id).key)).balance).toBe(1000);
  });

  it('needs an Idempotency-Key: a missing or malformed one is a 400 naming the header, in the caller language', async () => {
    const dealer = await newDealer();
    const missing = await post('/admin/dealers/balance', { dealer_id: dealer.id, amount: 10 }, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { path: 'idempotency-key', message: 'Bu işlem için Idempotency-Key başlığı gerekli' },
    ]);
    const en = await post('/admin/dealers/balance', { dealer_id: dealer.id, amount: 10 }, null, admin, {
      'accept-language': 'en',
    });
    expect(en.json().errors[0].message).toBe('This request needs an Idempotency-Key header');
    const short = await post('/admin/dealers/balance', { dealer_id: dealer.id, amount: 10 }, 'abc');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0].path).toBe('idempotency-key');
    expect((await accountOf(app.db, spendable(dealer.id).key)).balance).toBe(0);
  });

  it('asks auth about a dealer it has not heard of, and books nothing while auth cannot answer (503)', async () => {
    const unknown = randomUUID();
    const transfers = await app.db('transfers').count({ n: '*' });
    const res = await post('/admin/dealers/balance', { dealer_id: unknown, amount: 5 });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('service_unavailable');
    expect(
      await app
        .db('accounts')
        .where({ key: receivable(unknown).key })
        .first(),
    ).toBeUndefined();
    expect(await app.db('transfers').count({ n: '*' })).toEqual(transfers);
    // The phantom-dealer refusal itself (404 dealer_not_found from the real auth) is in tests/flows.
  });

  it('refuses an id known to be someone other than a dealer, and a deleted dealer', async () => {
    const retail = person(1);
    await given(app.db, 'auth.user.registered', {
      userId: retail.id,
      email: retail.email,
      fullName: 'Can',
      userType: 1,
      status: 'active',
    });
    const res = await post('/admin/dealers/balance', { dealer_id: retail.id, amount: 5 });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('not_a_dealer');
    const gone = await newDealer();
    await given(app.db, 'auth.dealer.deleted', { dealerId: gone.id, userId: gone.id });
    const deleted = await post('/admin/dealers/balance', { dealer_id: gone.id, amount: 5 });
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json().code).toBe('dealer_not_found');
  });

  it('is for admins only', async () => {
    const dealer = await newDealer();
    for (const who of [dealer, person(4), person(1)]) {
      const res = await post('/admin/dealers/balance', { dealer_id: dealer.id, amount: 5 }, key(), who);
      expect(res.statusCode).toBe(403);
    }
    const anonymous = await app.inject({
      method: 'POST',
      url: '/admin/dealers/balance',
      headers: { 'idempotency-key': key() },
      payload: { dealer_id: dealer.id, amount: 5 },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /admin/dealers/cash-balance', () => {
  it('records cash the dealer paid: the debt shrinks, company cash grows, spendable unchanged', async () => {
    const dealer = await newDealer();
    await post('/admin/dealers/balance', { dealer_id: dealer.id, amount: 200 });
    const cashBefore = (await accountOf(app.db, company('cash').key)).balance;
    const res = await post('/admin/dealers/cash-balance', { dealer_id: dealer.id, amount: 80.25, note: 'Elden' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      code: 'cash_payment_recorded',
      data: { balance_cents: 20000, owed_cents: 11975 },
    });
    expect((await accountOf(app.db, company('cash').key)).balance - cashBefore).toBe(-8025); // company holds 80.25 € more
  });

  it('with load: true loads balance paid in cash at once: spendable and company cash grow, debt unchanged', async () => {
    const dealer = await newDealer();
    await post('/admin/dealers/balance', { dealer_id: dealer.id, amount: 100 });
    const res = await post('/admin/dealers/cash-balance', { dealer_id: dealer.id, amount: 60, note: null, load: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      code: 'cash_balance_loaded',
      message: 'Nakit ödenen bakiye yüklendi',
      data: { balance_cents: 16000, owed_cents: 10000 },
    });
    const kinds = await app.db('transfers').whereIn('id', [res.json().data.transfer_id]).pluck('kind');
    expect(kinds).toEqual(['cash_load']);
  });

  it('refuses a payment above the debt with 422 naming what is owed', async () => {
    const dealer = await newDealer();
    await post('/admin/dealers/balance', { dealer_id: dealer.id, amount: 30 });
    const res = await post('/admin/dealers/cash-balance', { dealer_id: dealer.id, amount: 30.01 });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('amount_exceeds_debt');
    expect(plain(res.json().message)).toBe('Tutar bayinin borcunu aşıyor. Bayinin borcu: 30,00 €');
    expect((await accountOf(app.db, receivable(dealer.id).key)).balance).toBe(-3000);
  });

  it('replays with the same key and moves money once', async () => {
    const dealer = await newDealer();
    await post('/admin/dealers/balance', { dealer_id: dealer.id, amount: 50 });
    const k = key();
    const transfersBefore = await countRows(app.db, 'transfers');
    await post('/admin/dealers/cash-balance', { dealer_id: dealer.id, amount: 20 }, k);
    const again = await post('/admin/dealers/cash-balance', { dealer_id: dealer.id, amount: 20 }, k);
    expect(again.statusCode).toBe(200);
    expect(await countRows(app.db, 'transfers')).toBe(transfersBefore + 1);
    expect((await accountOf(app.db, receivable(dealer.id).key)).balance).toBe(-3000);
  });
});

describe('GET /admin/dealers/balances', () => {
  it('gives each asked dealer their balance and debt (unknown ids read as zero)', async () => {
    // Without a credit limit set (credit-limit.test.ts sets them).
    const noCredit = { credit_limit: 0, credit_limit_cents: 0, credit_available_cents: 0 };
    const a = await newDealer();
    const b = await newDealer();
    await post('/admin/dealers/balance', { dealer_id: a.id, amount: 12.34 });
    const nobody = randomUUID();
    const res = await app.inject({
      url: `/admin/dealers/balances?ids=${a.id},${b.id},${nobody}`,
      headers: await as(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        dealer_id: a.id,
        balance: 12.34,
        balance_cents: 1234,
        available_cents: 1234,
        held_cents: 0,
        owed: 12.34,
        owed_cents: 1234,
        ...noCredit,
      },
      {
        dealer_id: b.id,
        balance: 0,
        balance_cents: 0,
        available_cents: 0,
        held_cents: 0,
        owed: 0,
        owed_cents: 0,
        ...noCredit,
      },
      {
        dealer_id: nobody,
        balance: 0,
        balance_cents: 0,
        available_cents: 0,
        held_cents: 0,
        owed: 0,
        owed_cents: 0,
        ...noCredit,
      },
    ]);
    const all = await app.inject({ url: '/admin/dealers/balances', headers: await as(admin) });
    expect(all.json().data.map((d: { dealer_id: string }) => d.dealer_id)).toEqual(
      expect.arrayContaining([a.id, b.id]),
    );
    const bad = await app.inject({ url: '/admin/dealers/balances?ids=1,2', headers: await as(admin) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({
      path: 'ids',
      message: 'ids virgülle ayrılmış en fazla 100 kimlik olmalı',
    });
  });
});

describe('bad input on the dealer money writes', () => {
  it('answers 400 naming the field, in the caller language, and moves nothing', async () => {
    const dealer = await newDealer();
    const transfers = await countRows(app.db, 'transfers');
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/admin/dealers/balance', { dealer_id: dealer.id, amount: -10 }, 'amount'],
      ['/admin/dealers/balance', { dealer_id: dealer.id, amount: 0 }, 'amount'],
      ['/admin/dealers/balance', { dealer_id: dealer.id, amount: 10.001 }, 'amount'],
      ['/admin/dealers/balance', { dealer_id: dealer.id, amount: '10' }, 'amount'],
      ['/admin/dealers/balance', { dealer_id: dealer.id, amount: null }, 'amount'],
      ['/admin/dealers/balance', { dealer_id: dealer.id }, 'amount'],
      ['/admin/dealers/balance', { amount: 10 }, 'dealer_id'],
      ['/admin/dealers/balance', { dealer_id: "1' OR '1'='1", amount: 10 }, 'dealer_id'],
      ['/admin/dealers/balance', { dealer_id: dealer.id, amount: 10, note: 'x'.repeat(10_000) }, 'note'],
      ['/admin/dealers/cash-balance', { dealer_id: dealer.id, amount: -1 }, 'amount'],
      ['/admin/dealers/cash-balance', { dealer_id: dealer.id, amount: 5.555 }, 'amount'],
      ['/admin/dealers/cash-balance', { dealer_id: dealer.id, amount: 5, load: 'yes' }, 'load'],
      ['/admin/dealers/cash-balance', { dealer_id: 42, amount: 5 }, 'dealer_id'],
    ];
    for (const [url, body, field] of cases) {
      const res = await post(url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(res.json().code).toBe('validation_error');
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    const en = await post('/admin/dealers/balance', { dealer_id: dealer.id, amount: 10.001 }, key(), admin, {
      'accept-language': 'en',
    });
    expect(en.json().errors[0]).toEqual({ path: 'amount', message: 'The amount may have at most two decimals' });
    const tr = await post('/admin/dealers/balance', { dealer_id: dealer.id, amount: 10.001 });
    expect(tr.json().errors[0]).toEqual({ path: 'amount', message: 'Tutar en fazla iki ondalık basamak içerebilir' });
    const notJson = await app.inject({
      method: 'POST',
      url: '/admin/dealers/balance',
      headers: { ...(await as(admin, { 'idempotency-key': key() })), 'content-type': 'application/json' },
      payload: '{"dealer_id":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await countRows(app.db, 'transfers')).toBe(transfers);
  });
});
