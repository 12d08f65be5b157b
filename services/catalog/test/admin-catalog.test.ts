import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setup, type Fixture } from './support';

/** Admin catalog management in react-admin's simple-rest shape: packages CRUD and country settings. */
let f: Fixture;
beforeAll(async () => {
  f = await setup();
});
afterAll(async () => {
  await f.app.close();
});

type Json = Record<string, unknown>;
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  f.app.inject({
    method,
    url,
    headers: f.auth(f.tokens.admin, headers),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const newPackage = (overrides: Json = {}) => ({
  code: 'it-7d-1gb',
  name_tr: 'İtalya Mini',
  name_en: 'Italy Mini',
  type: 'local',
  countries: ['it'],
  data_mb: 1024,
  validity_days: 7,
  retail_price: 6.99,
  cost_price: 3.5,
  features: [{ tr: 'Anında kurulum', en: 'Instant setup' }],
  ...overrides,
});

describe('packages', () => {
  it('lists with simple-rest sort, range and filter, and Content-Range', async () => {
    const res = await call(
      'GET',
      `/admin/packages?sort=${q(['retail_price', 'DESC'])}&range=${q([0, 4])}&filter=${q({ type: 'local' })}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-range']).toBe('packages 0-4/27');
    const items = res.json().data as Json[];
    expect(items.map((p) => p.retail_price)).toEqual([39.99, 37.99, 35.99, 34.99, 32.99]);
    expect(items[0]).toMatchObject({
      id: expect.any(String),
      code: 'US-30D-10GB',
      countries: ['US'],
      cost_price: 23.99,
      active: true,
    });

    const search = await call('GET', `/admin/packages?filter=${q({ q: 'europe', active: true })}`);
    expect(search.json().data.map((p: Json) => p.code)).toEqual(['EUROPE-15D-5GB', 'EUROPE-30D-20GB']);
    const byCountry = await call(
      'GET',
      `/admin/packages?filter=${q({ country: 'jp', type: 'local' })}&sort=${q(['validity_days', 'ASC'])}`,
    );
    expect(byCountry.json().data.map((p: Json) => p.code)).toEqual(['JP-7D-3GB', 'JP-15D-5GB', 'JP-30D-10GB']);
    const many = await call('GET', `/admin/packages?filter=${q({ id: [items[0]!.id, items[1]!.id] })}`);
    expect(many.json().meta.total).toBe(2);
  });

  it('refuses bad list parameters with a 400 naming the field', async () => {
    for (const [query, path] of [
      [`filter=${q({ type: 'satellite' })}`, 'filter.type'],
      [`filter=${q({ active: 'yes' })}`, 'filter.active'],
      [`filter=${q({ id: ['x'] })}`, 'filter.id.0'],
      ['range=[5,1]', 'range'],
      ['sort=nope nope', 'sort'],
      ['filter=notjson', 'filter'],
    ]) {
      const res = await call('GET', `/admin/packages?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0].path).toBe(path);
    }
  });

  it('creates a package (201), shows it on the public site, and announces it', async () => {
    const res = await call('POST', '/admin/packages', newPackage());
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(res.json()).toMatchObject({ code: 'package_created', message: 'Paket oluşturuldu' });
    expect(created).toMatchObject({
      code: 'IT-7D-1GB',
      countries: ['IT'],
      retail_price: 6.99,
      cost_price: 3.5,
      recommended: false,
      active: true,
      provider_ref: null,
    });
    expect((await call('GET', `/admin/packages/${created.id}`)).json().data).toEqual(created);

    const page = (await f.app.inject('/public/countries/italy/packages')).json().data;
    expect(page.packages.map((p: Json) => [p.code, p.data, p.price])).toEqual([['IT-7D-1GB', '1 GB', 6.99]]);
    const [event] = await f.app.db('outbox').where({ type: 'catalog.package.upserted', aggregate_id: created.id });
    expect(event.envelope.payload).toMatchObject({
      packageId: created.id,
      code: 'IT-7D-1GB',
      retailPriceCents: 699,
      dataMb: 1024,
      active: true,
    });
  });

  it('creates a Plus package when asked (kind plus): listed under kind=plus with its kind, never on the public site; the default kind is esim', async () => {
    const res = await call(
      'POST',
      '/admin/packages',
      newPackage({ code: 'PLUS-IT-7D', kind: 'plus', name_tr: 'Plus İtalya', name_en: 'Plus Italy' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const plus = res.json().data;
    expect(plus).toMatchObject({ code: 'PLUS-IT-7D', kind: 'plus' });
    const plusList = (await call('GET', `/admin/packages?filter=${q({ kind: 'plus' })}`)).json().data as Json[];
    expect(plusList.map((p) => p.id)).toContain(plus.id);
    expect(plusList.every((p) => p.kind === 'plus')).toBe(true);
    const esimList = (await call('GET', `/admin/packages?range=[0,499]`)).json().data as Json[];
    expect(esimList.map((p) => p.id)).not.toContain(plus.id);
    expect(esimList.every((p) => p.kind === 'esim')).toBe(true);
    const page = (await f.app.inject('/public/countries/italy/packages')).json().data;
    expect(page.packages.map((p: Json) => p.code)).not.toContain('PLUS-IT-7D');
    expect(
      (await call('POST', '/admin/packages', newPackage({ code: 'X-KIND', kind: 'card' }))).json().errors[0].path,
    ).toBe('kind');
  });

  it('replays a create retried with the same Idempotency-Key, and refuses a taken code', async () => {
    const body = newPackage({ code: 'ES-7D-1GB', countries: ['ES'], name_en: 'Spain Mini', name_tr: 'İspanya Mini' });
    const headers = { 'idempotency-key': 'create-es-7d-1gb-0001' };
    const first = await call('POST', '/admin/packages', body, headers);
    const second = await call('POST', '/admin/packages', body, headers);
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().data.id).toBe(first.json().data.id);
    expect((await call('POST', '/admin/packages', { ...body, retail_price: 7.99 }, headers)).statusCode).toBe(409);
    const taken = await call('POST', '/admin/packages', body, { 'accept-language': 'en' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'package_code_taken', message: 'This package code is already in use' });
  });

  it('refuses packages that break the catalog rules with a 422', async () => {
    const cases: Array<[Json, string]> = [
      [{ code: 'X-1', cost_price: 7 }, 'package_cost_above_retail'],
      [{ code: 'X-2', countries: ['IT', 'FR'] }, 'package_local_one_country'],
      [{ code: 'X-3', type: 'regional', countries: ['IT'] }, 'package_needs_countries'],
      [{ code: 'X-4', countries: ['QQ'] }, 'unknown_countries'],
    ];
    for (const [overrides, code] of cases) {
      const res = await call('POST', '/admin/packages', newPackage(overrides));
      expect(res.statusCode, code).toBe(422);
      expect(res.json().code).toBe(code);
    }
    expect((await call('POST', '/admin/packages', newPackage({ code: 'X-4', countries: ['QQ'] }))).json().message).toBe(
      'Bilinmeyen ülke kodu: QQ',
    );
    expect((await f.app.db('packages').whereLike('code', 'X-%')).length).toBe(0);
  });

  it('refuses bad fields with a 400 naming each one, in the caller language', async () => {
    const cases: Array<[Json, string]> = [
      [{ code: 'a b' }, 'code'],
      [{ name_tr: '' }, 'name_tr'],
      [{ type: 'galactic' }, 'type'],
      [{ countries: [] }, 'countries'],
      [{ countries: ['ITA'] }, 'countries.0'],
      [{ data_mb: 0 }, 'data_mb'],
      [{ data_mb: undefined }, 'data_mb'],
      [{ validity_days: 1.5 }, 'validity_days'],
      [{ retail_price: 0 }, 'retail_price'],
      [{ retail_price: 6.999 }, 'retail_price'],
      [{ cost_price: -1 }, 'cost_price'],
      [{ features: [{ tr: 'x' }] }, 'features.0.en'],
      [{ recommended: 'yes' }, 'recommended'],
    ];
    for (const [overrides, path] of cases) {
      const res = await call('POST', '/admin/packages', newPackage({ code: 'BAD-1', ...overrides }), {
        'accept-language': 'en',
      });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().errors[0].path).toBe(path);
    }
    const tr = await call('POST', '/admin/packages', newPackage({ code: 'a b' }));
    expect(tr.json().errors[0].message).toBe('Paket kodu büyük harf, rakam ve tire içerebilir (2-40 karakter)');
  });

  it('updates partially (react-admin sends the whole record: extra keys are ignored) and checks the result', async () => {
    const id = await f.packageId('SG-7D-3GB');
    const current = (await call('GET', `/admin/packages/${id}`)).json().data;
    const res = await call('PUT', `/admin/packages/${id}`, {
      ...current,
      retail_price: 11.49,
      recommended: true,
      data_mb: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ retail_price: 11.49, recommended: true, data_mb: null, code: 'SG-7D-3GB' });
    const page = (
      await f.app.inject({ url: '/public/countries/singapore/packages', headers: { 'accept-language': 'en' } })
    ).json().data;
    expect(page.packages[0]).toMatchObject({ code: 'SG-7D-3GB', price: 11.49, data: 'Unlimited', unlimited: true });

    expect((await call('PUT', `/admin/packages/${id}`, { cost_price: 12 })).json().code).toBe(
      'package_cost_above_retail',
    );
    expect((await call('PUT', `/admin/packages/${id}`, { code: 'US-7D-3GB' })).statusCode).toBe(409);
    expect((await call('PUT', `/admin/packages/${id}`, { validity_days: 0 })).statusCode).toBe(400);
    expect(
      (await call('PUT', '/admin/packages/00000000-0000-4000-8000-00000000ffff', { validity_days: 8 })).statusCode,
    ).toBe(404);
    expect((await call('PUT', '/admin/packages/nope', { validity_days: 8 })).statusCode).toBe(400);
  });

  it('DELETE deactivates: off the public site and the price list, announced, still readable by the admin', async () => {
    const id = await f.packageId('JP-30D-10GB');
    const res = await call('DELETE', `/admin/packages/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 'package_deactivated', data: { active: false } });
    const page = (await f.app.inject('/public/countries/japan/packages')).json().data;
    expect(page.packages.map((p: Json) => p.code)).toEqual(['JP-7D-3GB', 'JP-15D-5GB']);
    expect((await call('GET', `/admin/packages/${id}`)).json().data.active).toBe(false);
    expect(await f.app.db('outbox').where({ type: 'catalog.package.deactivated', aggregate_id: id })).toHaveLength(1);
    // Deleting again changes nothing and announces nothing new.
    expect((await call('DELETE', `/admin/packages/${id}`)).statusCode).toBe(200);
    expect(await f.app.db('outbox').where({ type: 'catalog.package.deactivated', aggregate_id: id })).toHaveLength(1);
    expect((await call('DELETE', '/admin/packages/00000000-0000-4000-8000-00000000ffff')).statusCode).toBe(404);
    const bad = await call('DELETE', '/admin/packages/nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('id');
  });

  it('is for admins only', async () => {
    expect((await f.app.inject({ url: '/admin/packages', headers: f.auth(f.tokens.salesManager) })).statusCode).toBe(
      403,
    );
    expect(
      (
        await f.app.inject({
          method: 'POST',
          url: '/admin/packages',
          headers: f.auth(f.tokens.customer),
          payload: newPackage(),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await f.app.inject({ method: 'PUT', url: '/admin/countries/DE', payload: { speed: '6G' } })).statusCode,
    ).toBe(401);
  });
});

describe('countries', () => {
  it('lists with search (Turkish-aware), filters, sort and Content-Range', async () => {
    const all = await call('GET', `/admin/countries?range=${q([0, 9])}`);
    expect(all.headers['content-range']).toBe('countries 0-9/249');
    const search = await call('GET', `/admin/countries?filter=${q({ q: 'TÜRKİYE' })}`);
    expect(search.json().data.map((c: Json) => c.id)).toEqual(['TR']);
    expect((await call('GET', '/admin/countries?search=tur')).json().data.map((c: Json) => c.id)).toContain('TR');
    const covered = await call(
      'GET',
      `/admin/countries?filter=${q({ coverage_status: 'covered' })}&sort=${q(['daily_price', 'DESC'])}`,
    );
    expect(covered.json().data.map((c: Json) => [c.a3, c.daily_price])).toEqual([
      ['USA', 15],
      ['JPN', 14],
      ['KOR', 13],
      ['FRA', 12],
      ['GBR', 11],
      ['DEU', 10],
      ['ITA', 10],
      ['ESP', 9],
      ['TUR', 8],
    ]);
    const featured = await call(
      'GET',
      `/admin/countries?filter=${q({ featured: true })}&sort=${q(['featured_order', 'ASC'])}`,
    );
    expect(featured.json().data.map((c: Json) => c.slug)).toEqual([
      'united-states',
      'united-kingdom',
      'germany',
      'france',
      'turkey',
      'japan',
      'korea',
      'singapore',
      'thailand',
    ]);
    const turkishOrder = await call(
      'GET',
      `/admin/countries?filter=${q({ region: 'europe' })}&sort=${q(['name_tr', 'ASC'])}&range=${q([0, 2])}`,
    );
    expect(turkishOrder.json().data.map((c: Json) => c.name_tr)).toEqual(['Åland', 'Almanya', 'Andorra']);
    expect((await call('GET', `/admin/countries?filter=${q({ region: 'mars' })}`)).json().errors[0].path).toBe(
      'filter.region',
    );
  });

  it('reads and updates a country (coverage, daily price, speed, features, home-page order)', async () => {
    expect((await call('GET', '/admin/countries/tr')).json().data).toMatchObject({
      id: 'TR',
      a3: 'TUR',
      daily_price: 8,
      coverage_status: 'covered',
      featured_order: 5,
      quick_order: 5,
    });
    const res = await call('PUT', '/admin/countries/NL', {
      coverage_status: 'covered',
      daily_price: 9.5,
      speed: '5G',
      features: [{ tr: '5G hız', en: '5G speed' }],
      featured_order: 10,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      code: 'country_updated',
      data: { id: 'NL', daily_price: 9.5, featured_order: 10 },
    });
    const coverage = (await f.app.inject({ url: '/public/coverage', headers: { 'accept-language': 'en' } })).json()
      .data;
    expect(coverage.countries.find((c: Json) => c.a3 === 'NLD')).toMatchObject({
      coverage_status: 'covered',
      price_per_day: 9.5,
      features: ['5G speed'],
    });
    const destinations = (await f.app.inject('/public/destinations')).json().data;
    expect(destinations.featured.at(-1).code).toBe('NL');
  });

  it('refuses a covered country without a daily price (422) and bad fields (400)', async () => {
    const res = await call('PUT', '/admin/countries/PL', { coverage_status: 'covered' }, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'country_covered_needs_price',
      message: 'A covered country needs a daily price',
    });
    expect((await call('PUT', '/admin/countries/DE', { daily_price: null })).json().code).toBe(
      'country_covered_needs_price',
    );
    for (const [payload, path] of [
      [{ coverage_status: 'maybe' }, 'coverage_status'],
      [{ daily_price: 1.005 }, 'daily_price'],
      [{ speed: '' }, 'speed'],
      [{ featured_order: 0 }, 'featured_order'],
      [{ quick_order: 'first' }, 'quick_order'],
      [{ features: 'fast' }, 'features'],
    ] as const) {
      const bad = await call('PUT', '/admin/countries/DE', payload);
      expect(bad.statusCode, path).toBe(400);
      expect(bad.json().errors[0].path).toBe(path);
    }
    expect((await call('PUT', '/admin/countries/DEU', { speed: '5G' })).json().errors[0].path).toBe('id');
    expect((await call('PUT', '/admin/countries/QQ', { speed: '5G' })).statusCode).toBe(404);
    expect((await call('GET', '/admin/countries/DE')).json().data).toMatchObject({ daily_price: 10, speed: '5G' });
  });
});
