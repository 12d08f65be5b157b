import { describe, expect, it } from 'vitest';
import { loadBalanceConfig } from '../src/config';
import { spendable } from '../src/ledger/accounts';
import { accountOf, app, as, countRows, key, person, plain, startApp, useBalanceApp, type Person } from './support';

/**
 * The shop's money settings (GET/PUT /admin/balance/settings) and the two rules they set for bank
 * deposits: the most one request may ask for, and the amount above which confirming it takes the
 * amount typed again. One app and one settings row for the file, so the tests run in order.
 */
const admin = person(3);
useBalanceApp();

const VALID_IBAN = 'TR33 0006 1005 1978 6457 8413 26';

const request = async (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  who: Person | null,
  payload?: unknown,
  extra: Record<string, string> = {},
) =>
  app.inject({
    method,
    url,
    headers: who ? await as(who, extra) : extra,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const settings = async () => (await request('GET', '/admin/balance/settings', admin)).json().data;
const putSettings = (payload: unknown, extra: Record<string, string> = {}) =>
  request('PUT', '/admin/balance/settings', admin, payload, extra);
const askDeposit = (who: Person, amount: number, extra: Record<string, string> = {}) =>
  request(
    'POST',
    '/user/balance/add',
    who,
    { amount, method: 'bank_transfer' },
    { 'idempotency-key': key(), ...extra },
  );
const confirm = (id: string, payload?: unknown) => request('POST', `/admin/deposits/${id}/confirm`, admin, payload);

describe('GET/PUT /admin/balance/settings', () => {
  it('answers the seeded settings: the DEPOSIT_* account until an admin saves one, 100.000 € a request, retype above 1.000 €', async () => {
    expect(await settings()).toEqual({
      account_holder: 'Yelkovan Demo Teknoloji A.Ş.',
      bank_name: 'Demo Bank A.Ş.',
      iban: 'TR00 0000 0000 0000 0000 0000 00',
      // The demo placeholder fails mod 97, but demo mode shows it (it is the demo's account).
      iban_valid: false,
      bank_details_shown: true,
      deposit_max: 100_000,
      deposit_max_cents: 100_000_00,
      confirm_retype_above: 1_000,
      confirm_retype_above_cents: 1_000_00,
      updated_by: null,
      updated_at: null,
    });
  });

  it('is for admins only: customers, dealers and sales managers are refused, anonymous callers too', async () => {
    for (const who of [person(1), person(2), person(4)]) {
      expect((await request('GET', '/admin/balance/settings', who)).statusCode).toBe(403);
      expect((await request('PUT', '/admin/balance/settings', who, { deposit_max: 1 })).statusCode).toBe(403);
    }
    expect((await request('GET', '/admin/balance/settings', null)).statusCode).toBe(401);
    expect((await settings()).deposit_max_cents).toBe(100_000_00);
  });

  it('refuses bad input with a 400 naming the field in the caller’s language, and changes nothing', async () => {
    const before = await settings();
    const cases: Array<[unknown, string]> = [
      [{ iban: 'TR34 0006 1005 1978 6457 8413 26' }, 'iban'],
      [{ iban: 'TR33 0006 1005 1978 6457 8413' }, 'iban'],
      [{ iban: 'not an iban' }, 'iban'],
      [{ account_holder: '   ' }, 'account_holder'],
      [{ bank_name: 'x'.repeat(141) }, 'bank_name'],
      [{ deposit_max: 0 }, 'deposit_max'],
      [{ deposit_max: 10.555 }, 'deposit_max'],
      [{ deposit_max: '500' }, 'deposit_max'],
      [{ confirm_retype_above: -1 }, 'confirm_retype_above'],
      // One bad field refuses the whole change: the good one next to it is not saved either.
      [{ deposit_max: 5_000, iban: 'TR00 0000 0000 0000 0000 0000 00' }, 'iban'],
    ];
    for (const [body, field] of cases) {
      const res = await putSettings(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].path, JSON.stringify(body)).toBe(field);
    }
    const turkish = await putSettings({ iban: 'TR34 0006 1005 1978 6457 8413 26' });
    expect(turkish.json().errors[0].message).toBe('Geçerli bir IBAN girin (ör. TR33 0006 1005 1978 6457 8413 26)');
    const english = await putSettings({ iban: 'TR34 0006 1005 1978 6457 8413 26' }, { 'accept-language': 'en' });
    expect(english.json().errors[0].message).toBe('Enter a valid IBAN (e.g. TR33 0006 1005 1978 6457 8413 26)');
    expect(english.json().message).toMatch(/iban/);
    expect(await settings()).toEqual(before);
  });

  it('saves what it is given (the IBAN checked by mod 97, kept without spaces, shown in fours) and keeps the rest; audited', async () => {
    const audited = await countRows(app.db, 'audit_log');
    const res = await putSettings({
      account_holder: 'Gezgin İletişim A.Ş.',
      bank_name: 'Örnek Bankası',
      iban: 'tr330006100519786457841326',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().code).toBe('settings_updated');
    expect(res.json().data).toMatchObject({
      account_holder: 'Gezgin İletişim A.Ş.',
      bank_name: 'Örnek Bankası',
      iban: VALID_IBAN,
      iban_valid: true,
      bank_details_shown: true,
      deposit_max_cents: 100_000_00,
      confirm_retype_above_cents: 1_000_00,
      updated_by: admin.id,
    });
    expect(res.json().data.updated_at).toEqual(expect.any(String));
    expect(await app.db('shop_settings').first('iban')).toEqual({ iban: 'TR330006100519786457841326' });
    // A customer's next request already shows the new account.
    const deposit = await askDeposit(person(1), 10);
    expect(deposit.json().data.bank).toEqual({
      account_holder: 'Gezgin İletişim A.Ş.',
      bank_name: 'Örnek Bankası',
      iban: VALID_IBAN,
    });
    // The platform's audit log has the change, written after the answer (hence the poll).
    await expect
      .poll(async () =>
        app
          .db('audit_log')
          .where({ route: '/admin/balance/settings', method: 'PUT', status_code: 200 })
          .count({ n: '*' }),
      )
      .toEqual([{ n: 1 }]);
    expect(await countRows(app.db, 'audit_log')).toBeGreaterThan(audited);
    const row = await app.db('audit_log').where({ route: '/admin/balance/settings', status_code: 200 }).first();
    expect(row).toMatchObject({ actor_id: admin.id, actor_role: 'admin', method: 'PUT' });
  });
});

describe('the most one bank deposit request may ask for', () => {
  it('refuses a request above the maximum with a 422 naming amount, the maximum in the caller’s language; nothing is created', async () => {
    const customer = person(1);
    const huge = await askDeposit(customer, 100_000_000);
    expect(huge.statusCode).toBe(422);
    expect(huge.json()).toMatchObject({ success: false, code: 'deposit_too_large' });
    expect(plain(huge.json().message)).toBe(
      'Havale/EFT ile tek seferde en fazla 100.000,00 € yükleme talep edilebilir',
    );
    expect(huge.json().errors).toEqual([{ path: 'amount', message: huge.json().message }]);
    const english = await askDeposit(customer, 100_000.01, { 'accept-language': 'en' });
    expect(english.statusCode).toBe(422);
    expect(plain(english.json().errors[0].message)).toBe(
      'At most 100.000,00 € can be requested by bank transfer at once',
    );
    expect(await app.db('deposits').where({ user_id: customer.id }).count({ n: '*' })).toEqual([{ n: 0 }]);
    // The maximum itself is allowed.
    expect((await askDeposit(customer, 100_000)).statusCode).toBe(201);
  });

  it('follows the setting at once, and the balance page reads it before asking', async () => {
    const customer = person(1);
    expect((await putSettings({ deposit_max: 500 })).statusCode).toBe(200);
    expect((await askDeposit(customer, 500.01)).statusCode).toBe(422);
    expect((await askDeposit(customer, 500)).statusCode).toBe(201);
    const options = await request('GET', '/user/balance/bank-transfer', customer);
    expect(options.statusCode).toBe(200);
    expect(options.json().data).toEqual({
      bank: { account_holder: 'Gezgin İletişim A.Ş.', bank_name: 'Örnek Bankası', iban: VALID_IBAN },
      max: 500,
      max_cents: 500_00,
    });
    expect((await request('GET', '/user/balance/bank-transfer', person(4))).statusCode).toBe(403);
    expect((await putSettings({ deposit_max: 100_000 })).statusCode).toBe(200);
  });
});

describe('confirming a big deposit takes the amount typed again', () => {
  it('above the threshold: missing and wrong amounts are refused naming amount, the right one confirms once, a replay moves nothing', async () => {
    const customer = person(1);
    const deposit = (await askDeposit(customer, 1_000.01)).json().data;
    const listed = (await request('GET', '/admin/deposits?status=pending', admin)).json().data;
    expect(listed.find((t: { id: string }) => t.id === deposit.id)).toMatchObject({ amount_retype_required: true });
    const transfers = await countRows(app.db, 'transfers');

    const missing = await confirm(deposit.id);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'deposit_amount_retype_required',
      errors: [{ path: 'amount', message: 'Bu tutarda bir yüklemeyi onaylamak için tutarı yeniden yazın' }],
    });
    const emptyBody = await confirm(deposit.id, {});
    expect(emptyBody.json().code).toBe('deposit_amount_retype_required');
    const wrong = await confirm(deposit.id, { amount: 1_000.1 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'deposit_amount_mismatch',
      errors: [{ path: 'amount', message: 'Yazılan tutar talep edilen tutarla aynı değil' }],
    });
    const malformed = await confirm(deposit.id, { amount: '1000,01' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].path).toBe('amount');
    expect(await countRows(app.db, 'transfers')).toBe(transfers);
    expect((await app.db('deposits').where({ id: deposit.id }).first()).status).toBe('pending');

    const right = await confirm(deposit.id, { amount: 1_000.01 });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().data).toMatchObject({ status: 'confirmed', amount_cents: 1_000_01, decided_by: admin.id });
    expect(right.headers['idempotent-replayed']).toBeUndefined();
    // The same confirmation again answers the same and moves nothing; so does one without the amount now.
    const replay = await confirm(deposit.id, { amount: 1_000.01 });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data.transfer_id).toBe(right.json().data.transfer_id);
    expect((await confirm(deposit.id)).statusCode).toBe(200);
    // A wrong amount is never answered as if it were right.
    expect((await confirm(deposit.id, { amount: 1 })).statusCode).toBe(400);
    expect(await countRows(app.db, 'transfers')).toBe(transfers + 1);
    expect((await accountOf(app.db, spendable(customer.id).key)).balance).toBe(1_000_01);
  });

  it('at or below the threshold confirming stays one click (a typed amount is still checked)', async () => {
    const customer = person(1);
    const atThreshold = (await askDeposit(customer, 1_000)).json().data;
    const listed = (await request('GET', '/admin/deposits?status=pending', admin)).json().data;
    expect(listed.find((t: { id: string }) => t.id === atThreshold.id)).toMatchObject({
      amount_retype_required: false,
    });
    expect((await confirm(atThreshold.id)).statusCode).toBe(200);
    const small = (await askDeposit(customer, 25)).json().data;
    expect((await confirm(small.id, { amount: 26 })).statusCode).toBe(400);
    expect((await confirm(small.id, { amount: 25 })).statusCode).toBe(200);
    expect((await accountOf(app.db, spendable(customer.id).key)).balance).toBe(1_025_00);
  });

  it('follows the threshold at once, in both directions, and speaks English', async () => {
    const customer = person(1);
    const deposit = (await askDeposit(customer, 300)).json().data;
    expect((await putSettings({ confirm_retype_above: 299.99 })).statusCode).toBe(200);
    const refused = await request('POST', `/admin/deposits/${deposit.id}/confirm`, admin, undefined, {
      'accept-language': 'en',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { path: 'amount', message: 'To confirm a deposit this large, type its amount again' },
    ]);
    expect((await putSettings({ confirm_retype_above: 300 })).statusCode).toBe(200);
    expect((await confirm(deposit.id)).statusCode).toBe(200);
    expect((await putSettings({ confirm_retype_above: 1_000 })).statusCode).toBe(200);
  });
});

describe('in production mode', () => {
  it('never shows customers a placeholder IBAN: the bank-transfer option says the details are not set, until a valid one is saved', async () => {
    // The file's row has a valid IBAN by now: put the placeholder (the DEPOSIT_IBAN default) back, as on a fresh shop.
    await app.db('shop_settings').update({ account_holder: null, bank_name: null, iban: null });
    const production = await startApp({
      env: { APP_MODE: 'production', INTERNAL_SERVICE_TOKEN: 'a-real-internal-secret-of-32-chars!' },
    });
    try {
      const customer = person(1);
      const boss = person(3);
      const call = async (method: 'GET' | 'POST' | 'PUT', url: string, who: Person, payload?: unknown, extra = {}) =>
        production.app.inject({
          method,
          url,
          headers: await production.as(who, extra),
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
      const options = await call('GET', '/user/balance/bank-transfer', customer);
      expect(options.json().data).toEqual({ bank: null, max: 100_000, max_cents: 100_000_00 });
      const asked = await call('POST', '/user/balance/add', customer, { amount: 50 }, { 'idempotency-key': key() });
      expect(asked.statusCode).toBe(409);
      expect(asked.json()).toMatchObject({
        code: 'bank_details_not_set',
        message: 'Banka hesap bilgilerimiz henüz girilmedi; havale/EFT ile yükleme şu an yapılamıyor',
      });
      expect(JSON.stringify(asked.json())).not.toContain('TR00');
      expect(await production.app.db('deposits').where({ user_id: customer.id }).count({ n: '*' })).toEqual([{ n: 0 }]);
      // The admin is told: the settings say customers do not see the account.
      expect((await call('GET', '/admin/balance/settings', boss)).json().data).toMatchObject({
        iban_valid: false,
        bank_details_shown: false,
      });

      expect((await call('PUT', '/admin/balance/settings', boss, { iban: VALID_IBAN })).statusCode).toBe(200);
      expect((await call('GET', '/user/balance/bank-transfer', customer)).json().data.bank).toEqual({
        account_holder: 'Yelkovan Demo Teknoloji A.Ş.',
        bank_name: 'Demo Bank A.Ş.',
        iban: VALID_IBAN,
      });
      const paid = await call('POST', '/user/balance/add', customer, { amount: 50 }, { 'idempotency-key': key() });
      expect(paid.statusCode).toBe(201);
      expect(paid.json().data.bank.iban).toBe(VALID_IBAN);
    } finally {
      await production.app.close();
    }
  });
});

describe('the DEPOSIT_* settings under their old TOP_UP_* names', () => {
  it('takes an old name while its new one is unset, and the new one when both are set', () => {
    const config = loadBalanceConfig({
      ...process.env,
      TOP_UP_IBAN: VALID_IBAN,
      TOP_UP_BANK_NAME: 'Eski Banka',
      DEPOSIT_BANK_NAME: 'Yeni Banka',
      CARD_TOP_UP_MAX_EUROS: '300',
      CARD_TOP_UP_DAILY_MAX_EUROS: '600',
    });
    expect(config).toMatchObject({
      DEPOSIT_IBAN: VALID_IBAN,
      DEPOSIT_BANK_NAME: 'Yeni Banka',
      CARD_DEPOSIT_MAX_EUROS: 300,
      CARD_DEPOSIT_DAILY_MAX_EUROS: 600,
    });
  });
});
