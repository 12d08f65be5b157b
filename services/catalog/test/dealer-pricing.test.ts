import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDealer, DEALER, DEALER_2, otherSalesManager, setup, type Fixture } from './support';

/** Dealer pricing: single, bulk and percentage prices, cost floor, ownership, history, events. */
let f: Fixture;
let ids: Record<string, string>;
const FOREIGN_DEALER = '00000000-0000-4000-8000-0000000000bb';

beforeAll(async () => {
  f = await setup();
  ids = Object.fromEntries(
    await Promise.all(
      ['US-7D-3GB', 'US-15D-5GB', 'US-30D-10GB', 'TR-7D-3GB', 'EUROPE-15D-5GB'].map(async (code) => [
        code,
        await f.packageId(code),
      ]),
    ),
  );
  await addDealer(f.app, { userId: FOREIGN_DEALER, salesManagerId: otherSalesManager.id });
});
afterAll(async () => {
  await f.app.close();
});

type Json = Record<string, unknown>;
const put = (url: string, payload: unknown, token = f.tokens.admin, headers: Record<string, string> = {}) =>
  f.app.inject({ method: 'PUT', url, headers: f.auth(token, headers), payload: payload as object });
const list = async (dealerId: string, token = f.tokens.admin, prefix = '/admin') => {
  const res = await f.app.inject({ url: `${prefix}/dealers/${dealerId}/packages`, headers: f.auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json[];
};
const row = async (dealerId: string, code: string) => (await list(dealerId)).find((p) => p.code === code)!;
const outbox = async () =>
  (await f.app.db('outbox').where({ type: 'catalog.dealer-price.changed' }).orderBy('position')).map(
    (r) => r.envelope.payload,
  );

describe('admin: one package', () => {
  it('lists every package with base and dealer price (cost for admins only)', async () => {
    const rows = await list(DEALER_2.id);
    // 36 eSIM packages and the 3 demo Plus packages (physical cards): dealers get prices for both kinds.
    expect(rows).toHaveLength(36 + 3);
    expect(rows[0]).toMatchObject({
      code: 'DE-7D-3GB',
      type: 'local',
      base_price: 11.99,
      cost_price: 7.19,
      dealer_price: null,
      price: 11.99,
      price_source: 'retail',
    });
  });

  it('sets, changes and removes a dealer price; each change in the history and on the outbox', async () => {
    const url = `/admin/dealers/${DEALER_2.id}/packages/${ids['US-7D-3GB']}`;
    const set = await put(url, { price: 13.49 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      code: 'dealer_price_updated',
      message: 'Bayi fiyatı güncellendi',
      data: { base_price: 14.99, dealer_price: 13.49, price: 13.49 },
    });
    expect((await put(url, { price: 13.49 })).statusCode).toBe(200); // the same price again: no new history row
    expect((await put(url, { price: 12.99 })).statusCode).toBe(200);
    const removed = await put(url, { price: null }, f.tokens.admin, { 'accept-language': 'en' });
    expect(removed.json()).toMatchObject({
      code: 'dealer_price_removed',
      data: { dealer_price: null, price: 14.99, price_source: 'retail' },
    });

    const history = await f.app.inject({
      url: `/admin/dealers/${DEALER_2.id}/price-history`,
      headers: f.auth(f.tokens.admin),
    });
    expect(history.statusCode).toBe(200);
    expect(history.headers['x-total-count']).toBe('3');
    expect(
      history.json().data.map((h: Json) => [h.old_price, h.new_price, h.source, h.changed_by, h.package_code]),
    ).toEqual([
      [12.99, null, 'single', expect.any(String), 'US-7D-3GB'],
      [13.49, 12.99, 'single', expect.any(String), 'US-7D-3GB'],
      [null, 13.49, 'single', expect.any(String), 'US-7D-3GB'],
    ]);
    expect(history.json().data[0]).toMatchObject({ changed_by_role: 'admin', changed_at: expect.any(String) });
    const events = (await outbox()).filter((e) => e.dealerId === DEALER_2.id);
    expect(events.map((e) => [e.oldPriceCents, e.newPriceCents])).toEqual([
      [null, 1349],
      [1349, 1299],
      [1299, null],
    ]);
  });

  it('refuses a price below cost with a clear 422, unless the admin allows it', async () => {
    const url = `/admin/dealers/${DEALER_2.id}/packages/${ids['US-15D-5GB']}`; // cost 14.99
    const below = await put(url, { price: 14.98 });
    expect(below.statusCode).toBe(422);
    expect(below.json()).toMatchObject({
      code: 'dealer_price_below_cost',
      message: 'Fiyat maliyetin altında olamaz: US-15D-5GB',
    });
    expect((await row(DEALER_2.id, 'US-15D-5GB')).dealer_price).toBeNull();
    expect((await put(url, { price: 14.99 })).statusCode).toBe(200); // at cost is allowed
    const allowed = await put(url, { price: 9.99, allow_below_cost: true });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().data.dealer_price).toBe(9.99);
  });

  it('answers 404 for an unknown dealer or package', async () => {
    const unknownDealer = await put(`/admin/dealers/no-such-dealer/packages/${ids['US-7D-3GB']}`, { price: 20 });
    expect(unknownDealer.statusCode).toBe(404);
    expect(unknownDealer.json().code).toBe('dealer_not_found');
    expect(
      (await f.app.inject({ url: '/admin/dealers/no-such-dealer/packages', headers: f.auth(f.tokens.admin) }))
        .statusCode,
    ).toBe(404);
    const unknownPackage = await put(`/admin/dealers/${DEALER_2.id}/packages/00000000-0000-4000-8000-00000000ffff`, {
      price: 20,
    });
    expect(unknownPackage.statusCode).toBe(404);
    expect(unknownPackage.json().code).toBe('package_not_found');
  });

  it('refuses bad input with a 400 naming the field and changes nothing', async () => {
    const url = `/admin/dealers/${DEALER_2.id}/packages/${ids['TR-7D-3GB']}`;
    for (const [payload, path] of [
      [{ price: 10.001 }, 'price'],
      [{ price: -1 }, 'price'],
      [{ price: '10' }, 'price'],
      [{}, 'price'],
      [{ price: 10, allow_below_cost: 'yes' }, 'allow_below_cost'],
    ] as const) {
      const res = await put(url, payload, f.tokens.admin, { 'accept-language': 'en' });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors[0].path).toBe(path);
    }
    expect((await put(`/admin/dealers/${DEALER_2.id}/packages/not-a-uuid`, { price: 10 })).json().errors[0].path).toBe(
      'packageId',
    );
    expect(
      (await put(`/admin/dealers/bad%20id/packages/${ids['TR-7D-3GB']}`, { price: 10 })).json().errors[0].path,
    ).toBe('id');
    expect((await row(DEALER_2.id, 'TR-7D-3GB')).dealer_price).toBeNull();
  });
});

describe('admin: bulk list', () => {
  it('sets and removes several prices at once, from the plain list shape', async () => {
    const res = await put(`/admin/dealers/${DEALER_2.id}/packages`, [
      { package_id: ids['TR-7D-3GB'], price: 8.99 },
      { package_id: ids['EUROPE-15D-5GB'], price: 22.5 },
      { package_id: ids['US-15D-5GB'], price: null },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.changed).toBe(3);
    const byCode = Object.fromEntries(res.json().data.packages.map((p: Json) => [p.code, p.dealer_price]));
    expect(byCode).toMatchObject({ 'TR-7D-3GB': 8.99, 'EUROPE-15D-5GB': 22.5, 'US-15D-5GB': null });
  });

  it('is all or nothing: one price below cost or one unknown package refuses the whole list', async () => {
    const below = await put(`/admin/dealers/${DEALER_2.id}/packages`, {
      packages: [
        { package_id: ids['TR-7D-3GB'], price: 9.5 },
        { package_id: ids['US-30D-10GB'], price: 5 },
      ],
    });
    expect(below.statusCode).toBe(422);
    expect(below.json().message).toBe('Fiyat maliyetin altında olamaz: US-30D-10GB');
    const unknown = await put(`/admin/dealers/${DEALER_2.id}/packages`, [
      { package_id: ids['TR-7D-3GB'], price: 9.5 },
      { package_id: '00000000-0000-4000-8000-00000000ffff', price: 9.5 },
    ]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      code: 'dealer_price_unknown_packages',
      message: 'Bilinmeyen paket: 00000000-0000-4000-8000-00000000ffff',
    });
    expect((await row(DEALER_2.id, 'TR-7D-3GB')).dealer_price).toBe(8.99);
  });

  it('refuses bad lists with a 400 naming the field', async () => {
    const url = `/admin/dealers/${DEALER_2.id}/packages`;
    const cases: Array<[unknown, string]> = [
      [[], 'packages'],
      [[{ package_id: ids['TR-7D-3GB'], price: 1.234 }], 'packages.0.price'],
      [[{ package_id: 'x', price: 10 }], 'packages.0.package_id'],
      [
        [
          { package_id: ids['TR-7D-3GB'], price: 10 },
          { package_id: ids['TR-7D-3GB'], price: 11 },
        ],
        'packages.1.package_id',
      ],
      [{ packages: 'all' }, 'packages'],
    ];
    for (const [payload, path] of cases) {
      const res = await put(url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors[0].path).toBe(path);
    }
  });
});

describe('admin: percentage', () => {
  it('prices every active package at retail × (1 + p/100), rounded half-up to the cent', async () => {
    const res = await put(`/admin/dealers/${DEALER.id}/packages/percentage`, { percentage: 10.5 });
    expect(res.statusCode, res.body).toBe(200);
    const byCode = Object.fromEntries(res.json().data.packages.map((p: Json) => [p.code, p.dealer_price]));
    expect(byCode['US-7D-3GB']).toBe(16.56); // 14.99 × 1.105 = 16.56395
    expect(byCode['US-15D-5GB']).toBe(27.61); // 24.99 × 1.105 = 27.61395
    expect(byCode['US-30D-10GB']).toBe(44.19); // 39.99 × 1.105 = 44.18895
    // Every package, the 3 Plus packages (physical cards) too.
    expect(res.json().data.changed).toBe(36 + 3);
    // The same percentage again changes nothing (it is applied to retail, not to the dealer price).
    expect(
      (await put(`/admin/dealers/${DEALER.id}/packages/percentage`, { percentage: 10.5 })).json().data.changed,
    ).toBe(0);
  });

  it('can target some packages, and rounds exact half cents up', async () => {
    const res = await put(`/admin/dealers/${DEALER.id}/packages/percentage`, {
      percentage: 50,
      package_ids: [ids['US-7D-3GB']],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.changed).toBe(1);
    expect((await row(DEALER.id, 'US-7D-3GB')).dealer_price).toBe(22.49); // 22.485 → 22.49
    expect((await row(DEALER.id, 'US-15D-5GB')).dealer_price).toBe(27.61);
  });

  it('refuses a discount below cost, listing the packages, unless allowed', async () => {
    const refused = await put(
      `/admin/dealers/${DEALER.id}/packages/percentage`,
      { percentage: -45, package_ids: [ids['US-7D-3GB'], ids['US-15D-5GB']] },
      f.tokens.admin,
      {
        'accept-language': 'en',
      },
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'dealer_price_below_cost',
      message: 'The price must not be below cost: US-7D-3GB, US-15D-5GB',
    });
    expect((await row(DEALER.id, 'US-7D-3GB')).dealer_price).toBe(22.49);
    const allowed = await put(`/admin/dealers/${DEALER.id}/packages/percentage`, {
      percentage: -45,
      package_ids: [ids['US-7D-3GB']],
      allow_below_cost: true,
    });
    expect(allowed.statusCode).toBe(200);
    expect((await row(DEALER.id, 'US-7D-3GB')).dealer_price).toBe(8.24); // 14.99 × 0.55 = 8.2445
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const url = `/admin/dealers/${DEALER.id}/packages/percentage`;
    const cases: Array<[unknown, string, string?]> = [
      [{ percentage: 10.555 }, 'percentage', 'The percentage may have at most two decimals'],
      [{ percentage: -101 }, 'percentage', 'The percentage must be between -100 and 1000'],
      [{ percentage: 1001 }, 'percentage'],
      [{ percentage: '10' }, 'percentage'],
      [{}, 'percentage'],
      [{ percentage: 5, package_ids: [] }, 'package_ids'],
      [{ percentage: 5, package_ids: ['x'] }, 'package_ids.0'],
    ];
    for (const [payload, path, message] of cases) {
      const res = await put(url, payload, f.tokens.admin, { 'accept-language': 'en' });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors[0].path).toBe(path);
      if (message) expect(res.json().errors[0].message).toBe(message);
    }
    const unknown = await put(url, { percentage: 5, package_ids: ['00000000-0000-4000-8000-00000000ffff'] });
    expect(unknown.statusCode).toBe(422);
  });

  it('lists a paused package as not on sale, and leaves it out of a percentage over every package', async () => {
    const dealerId = '00000000-0000-4000-8000-0000000000cc';
    await addDealer(f.app, { userId: dealerId, salesManagerId: otherSalesManager.id });
    await f.app
      .db('packages')
      .where({ code: 'TR-7D-3GB' })
      .update({ paused_reason: 'cost_above_price', paused_at: new Date() });
    try {
      expect(await row(dealerId, 'TR-7D-3GB')).toMatchObject({
        active: true,
        paused_reason: 'cost_above_price',
        on_sale: false,
      });
      expect(await row(dealerId, 'US-7D-3GB')).toMatchObject({ active: true, paused_reason: null, on_sale: true });
      const res = await put(`/admin/dealers/${dealerId}/packages/percentage`, { percentage: 5 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.changed).toBe(36 + 3 - 1);
      expect((await row(dealerId, 'TR-7D-3GB')).dealer_price).toBeNull();
    } finally {
      await f.app.db('packages').where({ code: 'TR-7D-3GB' }).update({ paused_reason: null, paused_at: null });
    }
  });
});

describe('sales manager', () => {
  it('prices their own dealer, without seeing cost', async () => {
    const rows = await list(DEALER_2.id, f.tokens.salesManager, '/sales-manager');
    expect(rows[0]).not.toHaveProperty('cost_price');
    const res = await put(
      `/sales-manager/dealers/${DEALER_2.id}/packages/${ids['US-30D-10GB']}`,
      { price: 35 },
      f.tokens.salesManager,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ dealer_price: 35, base_price: 39.99 });
    const bulk = await put(
      `/sales-manager/dealers/${DEALER_2.id}/packages`,
      [{ package_id: ids['US-30D-10GB'], price: 34 }],
      f.tokens.salesManager,
    );
    expect(bulk.statusCode).toBe(200);
    const history = await f.app
      .db('price_history')
      .where({ dealer_id: DEALER_2.id, package_id: ids['US-30D-10GB'] })
      .orderBy('id');
    expect(history.map((h) => [h.changed_by_role, h.source, h.new_price_cents])).toEqual([
      ['sales-manager', 'single', 3500],
      ['sales-manager', 'bulk', 3400],
    ]);
  });

  it("is refused on another sales manager's dealer (403), and on unknown dealers (404)", async () => {
    const read = await f.app.inject({
      url: `/sales-manager/dealers/${FOREIGN_DEALER}/packages`,
      headers: f.auth(f.tokens.salesManager),
    });
    expect(read.statusCode).toBe(403);
    expect(read.json()).toMatchObject({ code: 'dealer_not_yours', message: 'Bu bayi size bağlı değil' });
    expect(
      (
        await put(
          `/sales-manager/dealers/${FOREIGN_DEALER}/packages/${ids['US-7D-3GB']}`,
          { price: 20 },
          f.tokens.salesManager,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await put(
          `/sales-manager/dealers/${FOREIGN_DEALER}/packages`,
          [{ package_id: ids['US-7D-3GB'], price: 20 }],
          f.tokens.salesManager,
        )
      ).statusCode,
    ).toBe(403);
    expect((await f.app.db('dealer_prices').where({ dealer_id: FOREIGN_DEALER })).length).toBe(0);
    expect(
      (await f.app.inject({ url: '/sales-manager/dealers/ghost/packages', headers: f.auth(f.tokens.salesManager) }))
        .statusCode,
    ).toBe(404);
    // The other sales manager may.
    const owner = await f.keys.token(otherSalesManager);
    expect(
      (await put(`/sales-manager/dealers/${FOREIGN_DEALER}/packages/${ids['US-7D-3GB']}`, { price: 20 }, owner))
        .statusCode,
    ).toBe(200);
  });

  it('may not go below cost even when asking to, and has no percentage or history routes', async () => {
    const res = await put(
      `/sales-manager/dealers/${DEALER_2.id}/packages/${ids['US-30D-10GB']}`,
      { price: 1, allow_below_cost: true },
      f.tokens.salesManager,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('dealer_price_below_cost_admin_only');
    // Without costs to see, the sales manager is told which prices were refused, each under its own row's field.
    const bulk = await put(
      `/sales-manager/dealers/${DEALER_2.id}/packages`,
      [
        { package_id: ids['US-7D-3GB'], price: 13 },
        { package_id: ids['US-30D-10GB'], price: 1 },
      ],
      f.tokens.salesManager,
      { 'accept-language': 'en' },
    );
    expect(bulk.statusCode).toBe(422);
    expect(bulk.json()).toMatchObject({
      code: 'dealer_price_below_cost',
      message: 'The price must not be below cost: US-30D-10GB',
      errors: [{ path: 'packages.1.price', message: 'The price must not be below cost: US-30D-10GB' }],
    });
    expect(bulk.json().errors).toHaveLength(1);
    expect((await row(DEALER_2.id, 'US-7D-3GB')).dealer_price).not.toBe(13);
    const single = await put(
      `/sales-manager/dealers/${DEALER_2.id}/packages/${ids['US-30D-10GB']}`,
      { price: 1 },
      f.tokens.salesManager,
    );
    expect(single.json().errors).toEqual([{ path: 'price', message: 'Fiyat maliyetin altında olamaz: US-30D-10GB' }]);
    expect(
      (await put(`/admin/dealers/${DEALER_2.id}/packages/percentage`, { percentage: 5 }, f.tokens.salesManager))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await f.app.inject({
          url: `/admin/dealers/${DEALER_2.id}/price-history`,
          headers: f.auth(f.tokens.salesManager),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const single = await put(
      `/sales-manager/dealers/${DEALER_2.id}/packages/${ids['US-30D-10GB']}`,
      { price: 'free' },
      f.tokens.salesManager,
    );
    expect(single.statusCode).toBe(400);
    expect(single.json().errors[0].path).toBe('price');
    const bulk = await put(
      `/sales-manager/dealers/${DEALER_2.id}/packages`,
      [{ package_id: ids['US-30D-10GB'] }],
      f.tokens.salesManager,
    );
    expect(bulk.statusCode).toBe(400);
    expect(bulk.json().errors[0].path).toBe('packages.0.price');
  });

  it('dealers and customers cannot price at all', async () => {
    expect(
      (await f.app.inject({ url: `/admin/dealers/${DEALER.id}/packages`, headers: f.auth(f.tokens.dealer) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await f.app.inject({ url: `/sales-manager/dealers/${DEALER.id}/packages`, headers: f.auth(f.tokens.customer) }))
        .statusCode,
    ).toBe(403);
    expect((await f.app.inject({ url: `/admin/dealers/${DEALER.id}/packages` })).statusCode).toBe(401);
  });
});
