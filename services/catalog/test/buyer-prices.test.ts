import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER, DEALER, setup, type Fixture } from './support';

/** Prices per buyer: one package, a dealer's override for one caller and retail for another; the internal quote. */
let f: Fixture;
let standard: string;
const SERVICE = { 'x-service-token': 'demo-internal-service-token-change-me' };

beforeAll(async () => {
  f = await setup();
  standard = await f.packageId('US-15D-5GB');
  // The admin gives the dealer their own price for US Standard (retail 24.99).
  const res = await f.app.inject({
    method: 'PUT',
    url: `/admin/dealers/${DEALER.id}/packages/${standard}`,
    headers: f.auth(f.tokens.admin),
    payload: { price: 21.5 },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await f.app.close();
});

const myPackages = async (token: string, query = '') => {
  const res = await f.app.inject({ url: `/user/packages${query}`, headers: f.auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Array<Record<string, unknown>>;
};

describe('GET /user/packages', () => {
  it('gives the dealer their override and a retail customer the retail price, for the same package', async () => {
    const dealer = (await myPackages(f.tokens.dealer, '?limit=100')).find((p) => p.id === standard);
    const customer = (await myPackages(f.tokens.customer, '?limit=100')).find((p) => p.id === standard);
    expect(dealer).toMatchObject({
      code: 'US-15D-5GB',
      price: 21.5,
      retail_price: 24.99,
      dealer_price: 21.5,
      price_source: 'dealer',
    });
    expect(customer).toMatchObject({
      code: 'US-15D-5GB',
      price: 24.99,
      retail_price: 24.99,
      dealer_price: null,
      price_source: 'retail',
    });
  });

  it('lists every active package, filtered by country (code or slug) and type', async () => {
    const all = await myPackages(f.tokens.customer, '?limit=100');
    expect(all).toHaveLength(27 + 8 + 1);
    expect((await myPackages(f.tokens.customer, '?country=united-states&type=local')).map((p) => p.code)).toEqual([
      'US-7D-3GB',
      'US-15D-5GB',
      'US-30D-10GB',
    ]);
    expect((await myPackages(f.tokens.customer, '?country=it')).map((p) => p.code)).toEqual([
      'EUROPE-15D-5GB',
      'EUROPE-30D-20GB',
      'GLOBAL-30D-10GB',
    ]);
    const bad = await f.app.inject({ url: '/user/packages?type=satellite', headers: f.auth(f.tokens.customer) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('type');
    // A sort field every object inherits is no sort field: the default order.
    const inherited = await f.app.inject({
      url: '/user/packages?sort=__proto__&order=desc',
      headers: f.auth(f.tokens.customer),
    });
    expect(inherited.statusCode, inherited.body).toBe(200);
  });

  it('pages, sorts and filters on the server as react-admin simple-rest asks (range, sort, filter, Content-Range)', async () => {
    const page = await f.app.inject({
      url: `/user/packages?range=${encodeURIComponent('[5,9]')}&sort=${encodeURIComponent('["price","DESC"]')}`,
      headers: f.auth(f.tokens.dealer),
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-range']).toBe('packages 5-9/36');
    expect(page.headers['x-total-count']).toBe('36');
    expect(page.json().meta).toEqual({ total: 36, page: 2, limit: 5 });
    const everyPrice = (
      await myPackages(f.tokens.dealer, `?limit=100&sort=${encodeURIComponent('["price","DESC"]')}`)
    ).map((p) => p.price as number);
    expect(everyPrice).toEqual([...everyPrice].sort((a, b) => b - a));
    expect(page.json().data.map((p: { price: number }) => p.price)).toEqual(everyPrice.slice(5, 10));

    // The dealer's own price sorts where the dealer pays it (21.50, below the 24.99 retail).
    const byPrice = (
      await myPackages(
        f.tokens.dealer,
        `?limit=100&sort=${encodeURIComponent('["price","ASC"]')}&filter=${encodeURIComponent('{"country":"us"}')}`,
      )
    ).map((p) => [p.code, p.price]);
    expect(byPrice).toContainEqual(['US-15D-5GB', 21.5]);
    expect(byPrice.map(([, price]) => price)).toEqual(
      [...byPrice.map(([, price]) => price as number)].sort((a, b) => a - b),
    );

    const filtered = await f.app.inject({
      url: `/user/packages?filter=${encodeURIComponent('{"type":"global","q":"global"}')}`,
      headers: f.auth(f.tokens.customer),
    });
    expect(filtered.json().data.map((p: { code: string }) => p.code)).toEqual(['GLOBAL-30D-10GB']);
    expect(filtered.headers['x-total-count']).toBe('1');
    // A country's own name finds the packages that cover it (Italy: the local-less country of the seed).
    expect((await myPackages(f.tokens.customer, `?q=${encodeURIComponent('İtalya')}`)).map((p) => p.code)).toEqual([
      'EUROPE-15D-5GB',
      'EUROPE-30D-20GB',
      'GLOBAL-30D-10GB',
    ]);

    // getMany: filter={"id":[...]} answers exactly those packages.
    const ids = (await myPackages(f.tokens.customer, '?limit=3')).map((p) => p.id as string);
    const many = await myPackages(
      f.tokens.customer,
      `?filter=${encodeURIComponent(JSON.stringify({ id: [ids[2], ids[0]] }))}`,
    );
    expect(many.map((p) => p.id).sort()).toEqual([ids[0], ids[2]].sort());

    const unknown = await f.app.inject({
      url: `/user/packages?filter=${encodeURIComponent('{"colour":"red"}')}`,
      headers: f.auth(f.tokens.customer),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('filter.colour');
  });

  it('needs a signed-in customer or admin', async () => {
    expect((await f.app.inject('/user/packages')).statusCode).toBe(401);
    expect((await f.app.inject({ url: '/user/packages', headers: f.auth(f.tokens.salesManager) })).statusCode).toBe(
      403,
    );
  });
});

describe('POST /internal/quote', () => {
  const quote = (payload: unknown, headers: Record<string, string> = SERVICE) =>
    f.app.inject({ method: 'POST', url: '/internal/quote', headers, payload: payload as object });

  it('quotes the caller price times the quantity, with a package snapshot', async () => {
    const dealer = await quote({ user_id: DEALER.id, package_id: standard, quantity: 3 });
    expect(dealer.statusCode, dealer.body).toBe(200);
    expect(dealer.json().data).toMatchObject({
      unit_price_cents: 2150,
      total_cents: 6450,
      quantity: 3,
      currency: 'EUR',
      price_source: 'dealer',
      package: {
        id: standard,
        code: 'US-15D-5GB',
        name_en: 'Standard',
        type: 'local',
        countries: ['US'],
        data_mb: 5120,
        validity_days: 15,
        retail_price_cents: 2499,
      },
    });
    const customer = await quote({ user_id: CUSTOMER.id, package_id: standard, quantity: 1 });
    expect(customer.json().data).toMatchObject({ unit_price_cents: 2499, total_cents: 2499, price_source: 'retail' });
  });

  it('refuses an unknown package (404) and an inactive one (422) with clear codes', async () => {
    const unknown = await quote({
      user_id: CUSTOMER.id,
      package_id: '00000000-0000-4000-8000-00000000ffff',
      quantity: 1,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'package_not_found', message: 'Paket bulunamadı' });

    const premium = await f.packageId('TH-30D-10GB');
    const off = await f.app.inject({
      method: 'DELETE',
      url: `/admin/packages/${premium}`,
      headers: f.auth(f.tokens.admin),
    });
    expect(off.statusCode).toBe(200);
    const inactive = await quote(
      { user_id: CUSTOMER.id, package_id: premium, quantity: 1 },
      { ...SERVICE, 'accept-language': 'en' },
    );
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json()).toMatchObject({ code: 'package_inactive', message: 'This package is no longer on sale' });
  });

  it('refuses bad input with a 400 naming the field, and callers without the service credential', async () => {
    for (const [payload, path] of [
      [{ user_id: CUSTOMER.id, package_id: 'nope', quantity: 1 }, 'package_id'],
      [{ user_id: CUSTOMER.id, package_id: standard, quantity: 0 }, 'quantity'],
      [{ user_id: CUSTOMER.id, package_id: standard, quantity: 1.5 }, 'quantity'],
      [{ package_id: standard, quantity: 1 }, 'user_id'],
    ] as const) {
      const res = await quote(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe(path);
    }
    expect((await quote({ user_id: CUSTOMER.id, package_id: standard, quantity: 1 }, {})).statusCode).toBe(401);
    expect(
      (await quote({ user_id: CUSTOMER.id, package_id: standard, quantity: 1 }, f.auth(f.tokens.admin))).statusCode,
    ).toBe(401);
  });

  it('serves the same prices to other services as a list', async () => {
    const res = await f.app.inject({
      url: `/internal/packages?user_id=${DEALER.id}&country=US&type=local`,
      headers: SERVICE,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((p: { code: string; price: number }) => [p.code, p.price])).toEqual([
      ['US-7D-3GB', 14.99],
      ['US-15D-5GB', 21.5],
      ['US-30D-10GB', 39.99],
    ]);
  });
});
