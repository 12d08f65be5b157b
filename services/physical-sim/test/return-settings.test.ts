import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEALER, PLUS_EU, setup, type Fixture } from './support';

/**
 * The returns' settings (GET/PUT /admin/physical-sim/settings): the return window in days and the
 * auto-approval of never-activated cards, one row the next return and card view read at once.
 */
let f: Fixture;
beforeAll(async () => {
  f = await setup();
});
afterAll(async () => {
  await f.stop();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object, extra = {}) =>
  f.app.inject({ method, url, headers: f.auth(token, extra), ...(payload ? { payload } : {}) });
const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, extra = {}) =>
  call(method, url, f.tokens.admin, payload, extra);
const settings = async () => (await admin('GET', '/admin/physical-sim/settings')).json().data;
const DAY = 24 * 3600 * 1000;

/** A free PLUS_EU card handed to the dealer `daysAgo` days ago. */
async function cardTransferred(daysAgo: number): Promise<{ id: string; at: Date }> {
  const [id] = await f.app
    .db('cards')
    .whereNull('deleted_at')
    .whereNull('owner_user_id')
    .where({ status: 'in_stock', package_id: PLUS_EU.id })
    .orderBy('id')
    .limit(1)
    .pluck('id');
  const moved = await admin('POST', '/admin/physical-sim/stock/transfer-to-dealer', {
    dealer_id: DEALER.id,
    card_ids: [id],
  });
  expect(moved.statusCode, moved.body).toBe(200);
  const at = new Date(Date.now() - daysAgo * DAY);
  await f.app.db('cards').where({ id }).update({ transferred_at: at });
  return { id, at };
}

const myCard = async (id: string) =>
  (
    await call(
      'GET',
      `/user/physical-sim/my-cards?filter=${encodeURIComponent(JSON.stringify({ id: [id] }))}`,
      f.tokens.dealer,
    )
  ).json().data[0];
const returnCard = (id: string, extra = {}) =>
  call('POST', '/user/physical-sim/return', f.tokens.dealer, { card_ids: [id], reason: 'Müşteri vazgeçti' }, extra);

describe('GET/PUT /admin/physical-sim/settings', () => {
  it('starts from the refund policy: 15 days, returns waiting for an admin', async () => {
    expect(await settings()).toEqual({
      return_window_days: 15,
      auto_approve_unactivated_returns: false,
      updated_by: null,
      updated_at: null,
    });
  });

  it('is for admins only', async () => {
    for (const token of [f.tokens.dealer, f.tokens.customer, f.tokens.salesManager]) {
      expect((await call('GET', '/admin/physical-sim/settings', token)).statusCode).toBe(403);
      expect((await call('PUT', '/admin/physical-sim/settings', token, { return_window_days: 30 })).statusCode).toBe(
        403,
      );
    }
    expect((await f.app.inject({ url: '/admin/physical-sim/settings' })).statusCode).toBe(401);
    expect((await settings()).return_window_days).toBe(15);
  });

  it('refuses bad input with a 400 naming the field in the caller’s language, and changes nothing', async () => {
    const cases: Array<[object, string]> = [
      [{ return_window_days: 0 }, 'return_window_days'],
      [{ return_window_days: 366 }, 'return_window_days'],
      [{ return_window_days: 7.5 }, 'return_window_days'],
      [{ return_window_days: '30' }, 'return_window_days'],
      [{ auto_approve_unactivated_returns: 'yes' }, 'auto_approve_unactivated_returns'],
      [{ return_window_days: 30, auto_approve_unactivated_returns: 1 }, 'auto_approve_unactivated_returns'],
    ];
    for (const [body, field] of cases) {
      const res = await admin('PUT', '/admin/physical-sim/settings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].path, JSON.stringify(body)).toBe(field);
    }
    const turkish = await admin('PUT', '/admin/physical-sim/settings', { return_window_days: 366 });
    const english = await admin(
      'PUT',
      '/admin/physical-sim/settings',
      { return_window_days: 366 },
      { 'accept-language': 'en' },
    );
    expect(turkish.json().errors[0].message).toMatch(/365/);
    expect(english.json().errors[0].message).toMatch(/365/);
    expect(turkish.json().errors[0].message).not.toBe(english.json().errors[0].message);
    expect(await settings()).toMatchObject({ return_window_days: 15, auto_approve_unactivated_returns: false });
  });

  it('saves what it is given and keeps the rest; audited', async () => {
    const res = await admin('PUT', '/admin/physical-sim/settings', { return_window_days: 20 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      return_window_days: 20,
      auto_approve_unactivated_returns: false,
      updated_by: expect.any(String),
      updated_at: expect.any(String),
    });
    await expect
      .poll(async () =>
        f.app.db('audit_log').where({ route: '/admin/physical-sim/settings', status_code: 200 }).first(),
      )
      .toMatchObject({ method: 'PUT', actor_role: 'admin' });
    expect((await admin('PUT', '/admin/physical-sim/settings', { return_window_days: 15 })).statusCode).toBe(200);
  });
});

describe('the settings take effect at once', () => {
  it('the return window: the dealer’s card list and a return follow the days set', async () => {
    const card = await cardTransferred(10);
    expect(await myCard(card.id)).toMatchObject({
      returnable: true,
      returnable_until: new Date(card.at.getTime() + 15 * DAY).toISOString(),
    });

    expect((await admin('PUT', '/admin/physical-sim/settings', { return_window_days: 7 })).statusCode).toBe(200);
    expect(await myCard(card.id)).toMatchObject({
      returnable: false,
      returnable_until: new Date(card.at.getTime() + 7 * DAY).toISOString(),
    });
    const late = await returnCard(card.id);
    expect(late.statusCode).toBe(422);
    expect(late.json().code).toBe('return_cards_not_returnable');
    expect(late.json().message).toContain('7 günlük süre geçmiş');
    expect((await returnCard(card.id, { 'accept-language': 'en' })).json().message).toContain('past the 7 days');
    // The admin's stock view counts the same window.
    const stock = await admin('GET', `/admin/physical-sim/stock/${card.id}`);
    expect(stock.json().data.returnable_until).toBe(new Date(card.at.getTime() + 7 * DAY).toISOString());

    expect((await admin('PUT', '/admin/physical-sim/settings', { return_window_days: 11 })).statusCode).toBe(200);
    expect((await myCard(card.id)).returnable).toBe(true);
    const inTime = await returnCard(card.id);
    expect(inTime.statusCode, inTime.body).toBe(201);
    expect(inTime.json().data.status).toBe('pending');
    expect((await admin('PUT', '/admin/physical-sim/settings', { return_window_days: 15 })).statusCode).toBe(200);
  });

  it('auto-approval: on, the next return of never-activated cards is approved at once; off, it waits again', async () => {
    expect(
      (await admin('PUT', '/admin/physical-sim/settings', { auto_approve_unactivated_returns: true })).statusCode,
    ).toBe(200);
    const first = await returnCard((await cardTransferred(1)).id);
    expect(first.json()).toMatchObject({
      code: 'return_auto_approved',
      data: { status: 'approved', auto_approved: true },
    });
    // The window was not touched by saving the other setting.
    expect((await settings()).return_window_days).toBe(15);

    expect(
      (await admin('PUT', '/admin/physical-sim/settings', { auto_approve_unactivated_returns: false })).statusCode,
    ).toBe(200);
    const second = await returnCard((await cardTransferred(1)).id);
    expect(second.json()).toMatchObject({ code: 'return_placed', data: { status: 'pending', auto_approved: false } });
  });
});
