import { describe, expect, it } from 'vitest';
import { spendable } from '../src/ledger/accounts';
import { accountOf, app, as, countRows, given, key, person, useBalanceApp, type Person } from './support';

/**
 * Reconciliation of bank deposits: finding one by its reference code or its customer, and deciding many
 * at once, each by the single decision's rule (a big amount only on its own, with its amount retyped).
 */
const admin = person(3);
useBalanceApp();

const post = async (url: string, who: Person, payload: unknown, extra: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, headers: await as(who, extra), payload: payload as object });
const get = async (url: string, who: Person = admin) => app.inject({ url, headers: await as(who) });

/** A customer the balance service knows by name (from auth's event), with a pending bank deposit of `amount` euros. */
async function customerWithDeposit(amount: number, fullName = 'Ayşe Yılmaz') {
  const customer = person(1);
  await given(app.db, 'auth.user.registered', {
    userId: customer.id,
    email: customer.email,
    fullName,
    userType: 1,
    status: 'active',
  });
  const deposit = (
    await post('/user/balance/add', customer, { amount, method: 'bank_transfer' }, { 'idempotency-key': key() })
  ).json().data as { id: string; reference_code: string };
  return { customer, deposit };
}

const listed = async (filter: Record<string, string>) =>
  (await get(`/admin/deposits?filter=${encodeURIComponent(JSON.stringify({ status: 'all', ...filter }))}`)).json()
    .data as Array<{ id: string }>;

describe('GET /admin/deposits: reference code and customer', () => {
  it('finds a deposit by part of its reference code, and by part of the customer name or e-mail', async () => {
    const { customer, deposit } = await customerWithDeposit(40, 'Şükrü Çağlayan');
    const other = await customerWithDeposit(41, 'Başka Müşteri');
    expect((await listed({ q: deposit.reference_code.slice(2, 8).toLowerCase() })).map((t) => t.id)).toEqual([
      deposit.id,
    ]);
    expect((await listed({ customer: 'çağlay' })).map((t) => t.id)).toEqual([deposit.id]);
    expect((await listed({ customer: customer.email.slice(0, 6) })).map((t) => t.id)).toEqual([deposit.id]);
    expect((await listed({ customer: 'Başka' })).map((t) => t.id)).toEqual([other.deposit.id]);
    // LIKE's wildcards are the customer's letters, not patterns.
    expect(await listed({ customer: '%' })).toEqual([]);
  });

  it('refuses an empty or too long customer filter naming it, in the caller language', async () => {
    const refused = await app.inject({
      url: `/admin/deposits?filter=${encodeURIComponent(JSON.stringify({ customer: 'x'.repeat(201) }))}`,
      headers: await as(admin, { 'accept-language': 'en' }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].path).toBe('filter.customer');
  });

  it('is the admin list: a customer may not search it', async () => {
    const { customer } = await customerWithDeposit(10);
    expect((await get('/admin/deposits?customer=Ay', customer)).statusCode).toBe(403);
    expect((await post('/admin/deposits/bulk-reject', customer, { ids: [customer.id], reason: 'x' })).statusCode).toBe(
      403,
    );
  });
});

describe('POST /admin/deposits/bulk-confirm and bulk-reject', () => {
  it('confirms each once and rejects with the reason, refusing a big amount in the bulk with its reason', async () => {
    const a = await customerWithDeposit(100);
    const b = await customerWithDeposit(250.5);
    const big = await customerWithDeposit(1_500);
    const c = await customerWithDeposit(30);
    const transfers = await countRows(app.db, 'transfers');

    const confirmed = await post('/admin/deposits/bulk-confirm', admin, {
      ids: [a.deposit.id, b.deposit.id, big.deposit.id],
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({ decided: 2, already: 0, refused: 1 });
    expect(confirmed.json().data.results).toEqual([
      { id: a.deposit.id, outcome: 'decided', code: 'deposit_confirmed', message: 'Bakiye yükleme onaylandı' },
      { id: b.deposit.id, outcome: 'decided', code: 'deposit_confirmed', message: 'Bakiye yükleme onaylandı' },
      {
        id: big.deposit.id,
        outcome: 'refused',
        code: 'deposit_bulk_retype_required',
        message: 'Büyük tutar toplu onaylanamaz: tek başına, tutarı yeniden yazarak onaylayın',
      },
    ]);
    expect(await countRows(app.db, 'transfers')).toBe(transfers + 2);
    expect((await accountOf(app.db, spendable(a.customer.id).key)).balance).toBe(100_00);
    expect((await accountOf(app.db, spendable(b.customer.id).key)).balance).toBe(250_50);
    expect((await accountOf(app.db, spendable(big.customer.id).key)).balance).toBe(0);

    const rejected = await post(
      '/admin/deposits/bulk-reject',
      admin,
      { ids: [c.deposit.id, a.deposit.id], reason: 'Havale gelmedi' },
      { 'accept-language': 'en' },
    );
    expect(rejected.json().data.results).toEqual([
      { id: c.deposit.id, outcome: 'decided', code: 'deposit_rejected', message: 'Deposit rejected' },
      // A confirmed deposit is not rejected afterwards: its money has moved.
      {
        id: a.deposit.id,
        outcome: 'refused',
        code: 'deposit_not_pending',
        message: 'This deposit request has already been decided',
      },
    ]);
    expect(await app.db('deposits').where({ id: c.deposit.id }).first('status', 'reason')).toEqual({
      status: 'rejected',
      reason: 'Havale gelmedi',
    });
  });

  it('a replay of the same ids (and an id twice in one request) moves the money once', async () => {
    const a = await customerWithDeposit(60);
    const transfers = await countRows(app.db, 'transfers');
    const first = await post('/admin/deposits/bulk-confirm', admin, { ids: [a.deposit.id, a.deposit.id] });
    expect(first.json().data).toMatchObject({ decided: 1, already: 0, refused: 0 });
    const replay = await post('/admin/deposits/bulk-confirm', admin, { ids: [a.deposit.id] });
    expect(replay.json().data.results).toEqual([
      {
        id: a.deposit.id,
        outcome: 'already',
        code: 'bulk_already_decided',
        message: 'Zaten bu şekilde sonuçlanmıştı; hiçbir şey değişmedi',
      },
    ]);
    expect(await countRows(app.db, 'transfers')).toBe(transfers + 1);
    expect((await accountOf(app.db, spendable(a.customer.id).key)).balance).toBe(60_00);
  });

  it('two bulks racing over the same deposits decide each exactly once', async () => {
    const deposits = await Promise.all([20, 21, 22, 23].map((amount) => customerWithDeposit(amount)));
    const ids = deposits.map((t) => t.deposit.id);
    const transfers = await countRows(app.db, 'transfers');
    const [confirm, reject] = await Promise.all([
      post('/admin/deposits/bulk-confirm', admin, { ids }),
      post('/admin/deposits/bulk-reject', admin, { ids: [...ids].reverse(), reason: 'Yarış' }),
    ]);
    const outcomes = [...confirm.json().data.results, ...reject.json().data.results];
    // Every deposit decided by exactly one of the two, the other told it was decided already.
    for (const id of ids) {
      expect(outcomes.filter((r) => r.id === id && r.outcome === 'decided')).toHaveLength(1);
      expect(outcomes.filter((r) => r.id === id && r.outcome === 'refused')).toHaveLength(1);
    }
    const confirmedNow = confirm.json().data.decided as number;
    expect(await countRows(app.db, 'transfers')).toBe(transfers + confirmedNow);
    const statuses = await app.db('deposits').whereIn('id', ids).pluck('status');
    expect(statuses.filter((s) => s === 'confirmed')).toHaveLength(confirmedNow);
    expect(statuses.filter((s) => s === 'rejected')).toHaveLength(4 - confirmedNow);
  });

  it('refuses bad input naming the field and changes nothing', async () => {
    const a = await customerWithDeposit(15);
    const cases = [
      [{ ids: [] }, 'ids'],
      [{ ids: ['not-a-uuid'] }, 'ids.0'],
      [{ ids: Array.from({ length: 101 }, () => a.deposit.id) }, 'ids'],
    ] as const;
    for (const [payload, path] of cases) {
      const refused = await post('/admin/deposits/bulk-confirm', admin, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0].path).toBe(path);
    }
    const noReason = await post('/admin/deposits/bulk-reject', admin, { ids: [a.deposit.id], reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0].path).toBe('reason');
    expect((await app.db('deposits').where({ id: a.deposit.id }).first('status')).status).toBe('pending');
  });
});

describe('GET /admin/accounts/names', () => {
  it('names the accounts an export shows (unknown ones without a name), for admins only', async () => {
    const { customer } = await customerWithDeposit(5, 'Çiğdem Öztürk');
    const unknown = person(1);
    const named = await get(`/admin/accounts/names?ids=${customer.id},${unknown.id}`);
    expect(named.json().data).toEqual([
      { id: customer.id, name: 'Çiğdem Öztürk', email: customer.email },
      { id: unknown.id, name: null, email: null },
    ]);
    expect((await get('/admin/accounts/names?ids=nope')).statusCode).toBe(400);
    expect((await get(`/admin/accounts/names?ids=${customer.id}`, customer)).statusCode).toBe(403);
  });
});

describe('the deposits’ old /top-ups paths', () => {
  it('answer as the /deposits paths do, for the same callers, and are marked deprecated in the OpenAPI document', async () => {
    const { customer, deposit } = await customerWithDeposit(12);
    const other = await customerWithDeposit(13);
    const filter = encodeURIComponent(JSON.stringify({ status: 'pending', q: deposit.reference_code }));
    const fresh = await get(`/admin/deposits?filter=${filter}`);
    const old = await get(`/admin/top-ups?filter=${filter}`);
    expect(old.statusCode).toBe(200);
    expect(old.json().data).toEqual(fresh.json().data);
    expect((await get('/admin/top-ups', customer)).statusCode).toBe(403);
    expect((await get('/user/balance/top-ups', customer)).json().data).toEqual(
      (await get('/user/balance/deposits', customer)).json().data,
    );

    const confirmed = await post(`/admin/top-ups/${deposit.id}/confirm`, admin, {});
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      message: expect.any(String),
      data: { id: deposit.id, status: 'confirmed' },
    });
    // The same deposit confirmed again through the new path is the replay: the money moved once.
    const replay = await post(`/admin/deposits/${deposit.id}/confirm`, admin, {});
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await accountOf(app.db, spendable(customer.id).key)).toMatchObject({ balance: 1200 });
    const rejected = await post('/admin/top-ups/bulk-reject', admin, { ids: [other.deposit.id], reason: 'Havale yok' });
    expect(rejected.json().data).toMatchObject({ decided: 1 });

    const paths = (await get('/openapi.json')).json().paths as Record<string, Record<string, { deprecated?: boolean }>>;
    expect(paths['/admin/top-ups']!.get!.deprecated).toBe(true);
    expect(paths['/admin/top-ups/{id}/confirm']!.post!.deprecated).toBe(true);
    expect(paths['/user/balance/top-ups']!.get!.deprecated).toBe(true);
    expect(paths['/admin/deposits']!.get!.deprecated).toBeUndefined();
    expect(paths['/admin/deposits/bulk-confirm']!.post!.deprecated).toBeUndefined();
  });
});
