import { describe, expect, it } from 'vitest';
import { spendable } from '../src/ledger/accounts';
import { accountOf, app, as, countRows, given, key, person, useBalanceApp, type Person } from './support';

/**
 * Reconciliation of bank top-ups: finding one by its reference code or its customer, and deciding many
 * at once, each by the single decision's rule (a big amount only on its own, with its amount retyped).
 */
const admin = person(3);
useBalanceApp();

const post = async (url: string, who: Person, payload: unknown, extra: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, headers: await as(who, extra), payload: payload as object });
const get = async (url: string, who: Person = admin) => app.inject({ url, headers: await as(who) });

/** A customer the balance service knows by name (from auth's event), with a pending bank top-up of `amount` euros. */
async function customerWithTopUp(amount: number, fullName = 'Ayşe Yılmaz') {
  const customer = person(1);
  await given(app.db, 'auth.user.registered', {
    userId: customer.id,
    email: customer.email,
    fullName,
    userType: 1,
    status: 'active',
  });
  const topUp = (
    await post('/user/balance/add', customer, { amount, method: 'bank_transfer' }, { 'idempotency-key': key() })
  ).json().data as { id: string; reference_code: string };
  return { customer, topUp };
}

const listed = async (filter: Record<string, string>) =>
  (await get(`/admin/top-ups?filter=${encodeURIComponent(JSON.stringify({ status: 'all', ...filter }))}`)).json()
    .data as Array<{ id: string }>;

describe('GET /admin/top-ups: reference code and customer', () => {
  it('finds a top-up by part of its reference code, and by part of the customer name or e-mail', async () => {
    const { customer, topUp } = await customerWithTopUp(40, 'Şükrü Çağlayan');
    const other = await customerWithTopUp(41, 'Başka Müşteri');
    expect((await listed({ q: topUp.reference_code.slice(2, 8).toLowerCase() })).map((t) => t.id)).toEqual([topUp.id]);
    expect((await listed({ customer: 'çağlay' })).map((t) => t.id)).toEqual([topUp.id]);
    expect((await listed({ customer: customer.email.slice(0, 6) })).map((t) => t.id)).toEqual([topUp.id]);
    expect((await listed({ customer: 'Başka' })).map((t) => t.id)).toEqual([other.topUp.id]);
    // LIKE's wildcards are the customer's letters, not patterns.
    expect(await listed({ customer: '%' })).toEqual([]);
  });

  it('refuses an empty or too long customer filter naming it, in the caller language', async () => {
    const refused = await app.inject({
      url: `/admin/top-ups?filter=${encodeURIComponent(JSON.stringify({ customer: 'x'.repeat(201) }))}`,
      headers: await as(admin, { 'accept-language': 'en' }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].path).toBe('filter.customer');
  });

  it('is the admin list: a customer may not search it', async () => {
    const { customer } = await customerWithTopUp(10);
    expect((await get('/admin/top-ups?customer=Ay', customer)).statusCode).toBe(403);
    expect((await post('/admin/top-ups/bulk-reject', customer, { ids: [customer.id], reason: 'x' })).statusCode).toBe(
      403,
    );
  });
});

describe('POST /admin/top-ups/bulk-confirm and bulk-reject', () => {
  it('confirms each once and rejects with the reason, refusing a big amount in the bulk with its reason', async () => {
    const a = await customerWithTopUp(100);
    const b = await customerWithTopUp(250.5);
    const big = await customerWithTopUp(1_500);
    const c = await customerWithTopUp(30);
    const transfers = await countRows(app.db, 'transfers');

    const confirmed = await post('/admin/top-ups/bulk-confirm', admin, { ids: [a.topUp.id, b.topUp.id, big.topUp.id] });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({ decided: 2, already: 0, refused: 1 });
    expect(confirmed.json().data.results).toEqual([
      { id: a.topUp.id, outcome: 'decided', code: 'top_up_confirmed', message: 'Bakiye yükleme onaylandı' },
      { id: b.topUp.id, outcome: 'decided', code: 'top_up_confirmed', message: 'Bakiye yükleme onaylandı' },
      {
        id: big.topUp.id,
        outcome: 'refused',
        code: 'top_up_bulk_retype_required',
        message: 'Büyük tutar toplu onaylanamaz: tek başına, tutarı yeniden yazarak onaylayın',
      },
    ]);
    expect(await countRows(app.db, 'transfers')).toBe(transfers + 2);
    expect((await accountOf(app.db, spendable(a.customer.id).key)).balance).toBe(100_00);
    expect((await accountOf(app.db, spendable(b.customer.id).key)).balance).toBe(250_50);
    expect((await accountOf(app.db, spendable(big.customer.id).key)).balance).toBe(0);

    const rejected = await post(
      '/admin/top-ups/bulk-reject',
      admin,
      { ids: [c.topUp.id, a.topUp.id], reason: 'Havale gelmedi' },
      { 'accept-language': 'en' },
    );
    expect(rejected.json().data.results).toEqual([
      { id: c.topUp.id, outcome: 'decided', code: 'top_up_rejected', message: 'Top-up rejected' },
      // A confirmed top-up is not rejected afterwards: its money has moved.
      {
        id: a.topUp.id,
        outcome: 'refused',
        code: 'top_up_not_pending',
        message: 'This top-up request has already been decided',
      },
    ]);
    expect(await app.db('top_ups').where({ id: c.topUp.id }).first('status', 'reason')).toEqual({
      status: 'rejected',
      reason: 'Havale gelmedi',
    });
  });

  it('a replay of the same ids (and an id twice in one request) moves the money once', async () => {
    const a = await customerWithTopUp(60);
    const transfers = await countRows(app.db, 'transfers');
    const first = await post('/admin/top-ups/bulk-confirm', admin, { ids: [a.topUp.id, a.topUp.id] });
    expect(first.json().data).toMatchObject({ decided: 1, already: 0, refused: 0 });
    const replay = await post('/admin/top-ups/bulk-confirm', admin, { ids: [a.topUp.id] });
    expect(replay.json().data.results).toEqual([
      {
        id: a.topUp.id,
        outcome: 'already',
        code: 'bulk_already_decided',
        message: 'Zaten bu şekilde sonuçlanmıştı; hiçbir şey değişmedi',
      },
    ]);
    expect(await countRows(app.db, 'transfers')).toBe(transfers + 1);
    expect((await accountOf(app.db, spendable(a.customer.id).key)).balance).toBe(60_00);
  });

  it('two bulks racing over the same top-ups decide each exactly once', async () => {
    const topUps = await Promise.all([20, 21, 22, 23].map((amount) => customerWithTopUp(amount)));
    const ids = topUps.map((t) => t.topUp.id);
    const transfers = await countRows(app.db, 'transfers');
    const [confirm, reject] = await Promise.all([
      post('/admin/top-ups/bulk-confirm', admin, { ids }),
      post('/admin/top-ups/bulk-reject', admin, { ids: [...ids].reverse(), reason: 'Yarış' }),
    ]);
    const outcomes = [...confirm.json().data.results, ...reject.json().data.results];
    // Every top-up decided by exactly one of the two, the other told it was decided already.
    for (const id of ids) {
      expect(outcomes.filter((r) => r.id === id && r.outcome === 'decided')).toHaveLength(1);
      expect(outcomes.filter((r) => r.id === id && r.outcome === 'refused')).toHaveLength(1);
    }
    const confirmedNow = confirm.json().data.decided as number;
    expect(await countRows(app.db, 'transfers')).toBe(transfers + confirmedNow);
    const statuses = await app.db('top_ups').whereIn('id', ids).pluck('status');
    expect(statuses.filter((s) => s === 'confirmed')).toHaveLength(confirmedNow);
    expect(statuses.filter((s) => s === 'rejected')).toHaveLength(4 - confirmedNow);
  });

  it('refuses bad input naming the field and changes nothing', async () => {
    const a = await customerWithTopUp(15);
    const cases = [
      [{ ids: [] }, 'ids'],
      [{ ids: ['not-a-uuid'] }, 'ids.0'],
      [{ ids: Array.from({ length: 101 }, () => a.topUp.id) }, 'ids'],
    ] as const;
    for (const [payload, path] of cases) {
      const refused = await post('/admin/top-ups/bulk-confirm', admin, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0].path).toBe(path);
    }
    const noReason = await post('/admin/top-ups/bulk-reject', admin, { ids: [a.topUp.id], reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0].path).toBe('reason');
    expect((await app.db('top_ups').where({ id: a.topUp.id }).first('status')).status).toBe('pending');
  });
});

describe('GET /admin/accounts/names', () => {
  it('names the accounts an export shows (unknown ones without a name), for admins only', async () => {
    const { customer } = await customerWithTopUp(5, 'Çiğdem Öztürk');
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
