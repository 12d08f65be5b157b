import {
  countryPackagesSchema,
  coverageSchema,
  destinationSearchSchema,
  destinationsSchema,
  publicCountryDetailSchema,
  publicCountrySchema,
  regionCountSchema,
  successSchema,
} from '@esim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setup, type Fixture } from './support';

/** The public site's reads against the seeded demo catalog: its figures (docs/product.md, The demo catalogue), search, sorting, caching headers. */
let f: Fixture;
beforeAll(async () => {
  f = await setup();
});
afterAll(async () => {
  await f.app.close();
});

const get = (url: string, headers: Record<string, string> = {}) => f.app.inject({ url, headers });
const data = async (url: string, headers: Record<string, string> = {}) => {
  const res = await get(url, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const codes = (items: Array<{ code: string }>) => items.map((c) => c.code);

describe('country search', () => {
  it.each(['türkiye', 'TÜRKİYE', 'Türkiye', 'turkiye', 'tur', 'TUR', 'TR', 'tr', 'Turkey', 'TURKEY'])(
    'finds Turkey by %s, first',
    async (search) => {
      const found = await data(`/public/countries?search=${encodeURIComponent(search)}`);
      expect(found[0]).toMatchObject({
        code: 'TR',
        a3: 'TUR',
        slug: 'turkey',
        name: 'Türkiye',
        name_en: 'Turkey',
        flag: 'tr',
        region: 'europe',
      });
    },
  );

  it('matches Turkish and English names and both codes, case-insensitively', async () => {
    expect(codes(await data('/public/countries?search=almanya'))).toEqual(['DE']);
    expect(codes(await data('/public/countries?search=GERMANY'))).toEqual(['DE']);
    expect(codes(await data('/public/countries?search=deu'))[0]).toBe('DE');
    expect(codes(await data('/public/countries?search=%C4%B0TALYA'))).toEqual(['IT']); // İTALYA
    expect(codes(await data('/public/countries?search=ITALY'))).toEqual(['IT']); // dotless ı in Turkish lower case
    expect(codes(await data('/public/countries?search=g%C3%BCney%20kore'))).toEqual(['KR']);
    expect(codes(await data('/public/countries?search=usa'))[0]).toBe('US');
    expect(codes(await data('/public/countries?search=abd'))[0]).toBe('US');
    expect(await data('/public/countries?search=zzzz')).toEqual([]);
    // Punctuation is not part of any name: 'türkiye!' is 'türkiye'.
    expect(codes(await data('/public/countries?search=t%C3%BCrkiye!'))[0]).toBe('TR');
  });

  it('lists every ISO country, sorted by name in the caller language, and filters by region', async () => {
    const all = await data('/public/countries');
    expect(all).toHaveLength(249);
    const names = all.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('tr').compare));
    const english = await data('/public/countries', { 'accept-language': 'en' });
    expect(english[0].name).toBe('Afghanistan');
    const africa = await data('/public/countries?region=africa');
    expect(africa.length).toBeGreaterThan(50);
    expect(africa.every((c: { region: string }) => c.region === 'africa')).toBe(true);
    expect(codes(await data('/public/countries?region=asia&search=tur'))).toEqual(['TM']); // Turkey is in Europe; Türkmenistan in Asia
  });

  it('refuses bad filters with a 400 naming the field, in the caller language', async () => {
    const tr = await get('/public/countries?region=antarctica');
    expect(tr.statusCode).toBe(400);
    expect(tr.json()).toMatchObject({ success: false, code: 'validation_error', errors: [{ path: 'region' }] });
    const en = await get(`/public/countries?search=${'x'.repeat(101)}`, { 'accept-language': 'en' });
    expect(en.statusCode).toBe(400);
    expect(en.json().errors[0].path).toBe('search');
    expect(en.json().message).toMatch(/^The request contains invalid fields/);
  });
});

describe('the seeded figures', () => {
  it('US packages: Starter 7 days 3 GB 14.99, Standard 15 days 5 GB 24.99 (recommended), Premium 30 days 10 GB 39.99', async () => {
    const body = await data('/public/countries/united-states/packages');
    expect(body.country).toMatchObject({
      code: 'US',
      a3: 'USA',
      name: 'Amerika Birleşik Devletleri',
      slug: 'united-states',
    });
    expect(
      body.packages.map((p: Record<string, unknown>) => [p.name_en, p.duration, p.data_mb, p.price, p.recommended]),
    ).toEqual([
      ['Starter', 7, 3072, 14.99, false],
      ['Standard', 15, 5120, 24.99, true],
      ['Premium', 30, 10240, 39.99, false],
    ]);
    expect(body.packages[0]).toMatchObject({
      name: 'Başlangıç',
      data: '3 GB',
      currency: 'EUR',
      type: 'local',
      country_count: 1,
    });
    // The Americas regional packages and the global one also cover the US, listed apart.
    expect(body.regional_packages.map((p: { code: string }) => p.code).sort()).toEqual([
      'AMERICAS-15D-5GB',
      'AMERICAS-30D-20GB',
      'GLOBAL-30D-10GB',
    ]);
  });

  it('answers the packages route in the shape its declared response schema gives the OpenAPI', async () => {
    const answer = await get('/public/countries/united-states/packages', { 'accept-language': 'en' });
    const parsed = successSchema(countryPackagesSchema).parse(answer.json());
    expect(parsed.data.regional_packages.every((p) => p.type !== 'local')).toBe(true);
    const doc = (await get('/openapi.json')).json();
    const declared =
      doc.paths['/public/countries/{slug}/packages'].get.responses['200'].content['application/json'].schema;
    expect(declared.properties.data.properties.regional_packages.type).toBe('array');
  });

  it('has 7/15/30-day packages for each featured country', async () => {
    for (const slug of ['united-kingdom', 'germany', 'france', 'turkey', 'japan', 'korea', 'singapore', 'thailand']) {
      const body = await data(`/public/countries/${slug}/packages`);
      expect(
        body.packages.map((p: { duration: number }) => p.duration),
        slug,
      ).toEqual([7, 15, 30]);
    }
  });

  it('region counts come from the packages: Europe 40, Asia 35, Americas 30, Africa 25', async () => {
    expect(await data('/public/regions')).toEqual([
      { region: 'europe', name: 'Avrupa', country_count: 40 },
      { region: 'asia', name: 'Asya', country_count: 35 },
      { region: 'americas', name: 'Amerika', country_count: 30 },
      { region: 'africa', name: 'Afrika', country_count: 25 },
    ]);
    const english = await data('/public/regions', { 'accept-language': 'en' });
    expect(english.map((r: { name: string }) => r.name)).toEqual(['Europe', 'Asia', 'Americas', 'Africa']);
  });

  it('destinations: 5 quick and 9 featured in the demo order, priced by their 7-day package', async () => {
    const body = await data('/public/destinations', { 'accept-language': 'en' });
    expect(body.quick.map((c: { name: string }) => c.name)).toEqual([
      'United States',
      'United Kingdom',
      'Germany',
      'France',
      'Turkey',
    ]);
    expect(body.featured.map((c: { slug: string }) => c.slug)).toEqual([
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
    expect(body.featured[0]).toMatchObject({
      code: 'US',
      price_from: 14.99,
      price_validity_days: 7,
      currency: 'EUR',
      has_packages: true,
    });
  });

  it('coverage: every country a package covers is covered (the demo daily prices on the 9 with a daily plan); coming soon only where nothing covers it', async () => {
    const body = await data('/public/coverage', { 'accept-language': 'en' });
    const covered = body.countries.filter((c: { coverage_status: string }) => c.coverage_status === 'covered');
    expect(covered).toHaveLength(130);
    const daily = covered.filter((c: { price_per_day: number | null }) => c.price_per_day !== null);
    expect(
      Object.fromEntries(daily.map((c: { a3: string; price_per_day: number }) => [c.a3, c.price_per_day])),
    ).toEqual({
      DEU: 10,
      TUR: 8,
      FRA: 12,
      ITA: 10,
      ESP: 9,
      GBR: 11,
      USA: 15,
      JPN: 14,
      KOR: 13,
    });
    const usa = covered.find((c: { a3: string }) => c.a3 === 'USA');
    expect(usa).toMatchObject({ name: 'United States', flag: 'us', speed: '5G' });
    expect(usa.features).toContain('5G speed');
    // Czechia, Singapore and the Netherlands are sold (by the Europe and Asia plans, Singapore locally too).
    for (const a3 of ['CZE', 'SGP', 'NLD']) expect(covered.map((c: { a3: string }) => c.a3)).toContain(a3);
    expect(body.countries.filter((c: { coverage_status: string }) => c.coverage_status === 'coming_soon')).toEqual([]);
    expect(body.default_status).toBe('not_available');
  });

  it('a country only a regional plan covers has that plan and its price, not "coming soon"; one nothing covers keeps "coming soon"', async () => {
    expect(await data('/public/countries/czechia', { 'accept-language': 'en' })).toMatchObject({
      name: 'Czechia',
      coverage_status: 'covered',
      has_packages: true,
      package_count: 0,
      regional_package_count: 2,
      price_from: 24.99,
      price_validity_days: 15,
    });
    const packages = await data('/public/countries/czechia/packages');
    expect(packages.regional_packages.map((p: { code: string }) => p.code)).toEqual([
      'EUROPE-15D-5GB',
      'EUROPE-30D-20GB',
    ]);
    const czechia = (await data('/public/countries?search=czechia')).find(
      (c: { slug: string }) => c.slug === 'czechia',
    );
    expect(czechia).toMatchObject({ coverage_status: 'covered', price_from: 24.99 });

    // What is on sale decides, whatever the stored setting says.
    await f.app.db('countries').where({ a2: 'FJ' }).update({ coverage_status: 'coming_soon' });
    await f.app.db('countries').where({ a2: 'CZ' }).update({ coverage_status: 'not_available' });
    try {
      await f.app.catalogChanges.changed();
      const body = await data('/public/coverage');
      expect(body.countries.find((c: { a3: string }) => c.a3 === 'FJI')).toMatchObject({
        coverage_status: 'coming_soon',
      });
      expect(body.countries.find((c: { a3: string }) => c.a3 === 'CZE')).toMatchObject({ coverage_status: 'covered' });
    } finally {
      await f.app.db('countries').where({ a2: 'FJ' }).update({ coverage_status: 'not_available' });
      await f.app.db('countries').where({ a2: 'CZ' }).update({ coverage_status: 'not_available' });
      await f.app.catalogChanges.changed();
    }
  });

  it('destinations count the countries on sale for the home page', async () => {
    expect((await data('/public/destinations')).country_count).toBe(130);
  });

  it('Turkish names start with a capital, Turkish-aware', async () => {
    const names = Object.fromEntries(
      (await data('/public/countries')).map((c: { code: string; name: string }) => [c.code, c.name]),
    );
    expect([names.CZ, names.CL, names.IS, names.CN, names.UZ]).toEqual([
      'Çekya',
      'Şili',
      'İzlanda',
      'Çin',
      'Özbekistan',
    ]);
    expect(Object.values(names).filter((name) => name.charAt(0) !== name.charAt(0).toLocaleUpperCase('tr-TR'))).toEqual(
      [],
    );
  });

  it('UK and USA find the United Kingdom and the United States alone, nothing merely containing the letters', async () => {
    expect(codes(await data('/public/countries?search=UK'))).toEqual(['GB']);
    expect(codes(await data('/public/countries?search=USA'))).toEqual(['US']);
  });

  it('a country page: map info and package counts; an unknown slug is a 404 in the caller language', async () => {
    expect(await data('/public/countries/italy')).toMatchObject({
      code: 'IT',
      name: 'İtalya',
      coverage_status: 'covered',
      price_per_day: 10,
      package_count: 0,
      regional_package_count: 3,
      has_packages: true,
    });
    expect(await data('/public/countries/Korea')).toMatchObject({ code: 'KR', package_count: 3 });
    expect(await data('/public/countries/mongolia')).toMatchObject({
      has_packages: true,
      package_count: 0,
      price_from: 29.99,
      price_validity_days: 15,
    });
    expect(await data('/public/countries/peru')).toMatchObject({ has_packages: true });
    expect(await data('/public/countries/fiji')).toMatchObject({
      has_packages: false,
      regional_package_count: 0,
      coverage_status: 'not_available',
    });
    const missing = await get('/public/countries/atlantis', { 'accept-language': 'en' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, code: 'country_not_found', message: 'Country not found' });
    expect((await get('/public/countries/atlantis/packages')).json().message).toBe('Ülke bulunamadı');
    const bad = await get('/public/countries/not%20a%20slug');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toEqual({ path: 'slug', message: 'Geçersiz ülke adresi' });
  });
});

describe('package sorting', () => {
  const order = async (query: string, field: 'duration' | 'data_mb' | 'price') =>
    (await data(`/public/countries/united-states/packages${query}`)).packages.map(
      (p: Record<string, number>) => p[field],
    );

  it('sorts by duration, data and price, ascending or descending', async () => {
    expect(await order('', 'duration')).toEqual([7, 15, 30]);
    expect(await order('?sort=duration&order=desc', 'duration')).toEqual([30, 15, 7]);
    expect(await order('?sort=-data', 'data_mb')).toEqual([10240, 5120, 3072]);
    expect(await order('?sort=data&order=asc', 'data_mb')).toEqual([3072, 5120, 10240]);
    expect(await order('?sort=price', 'price')).toEqual([14.99, 24.99, 39.99]);
    expect(await order('?sort=price&order=DESC', 'price')).toEqual([39.99, 24.99, 14.99]);
  });

  it('refuses an unknown sort column', async () => {
    const res = await get('/public/countries/united-states/packages?sort=name', { 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'sort', message: 'Sort must be duration, data or price' }]);
    expect((await get('/public/countries/united-states/packages?order=sideways')).statusCode).toBe(400);
  });
});

describe('HTTP caching', () => {
  it('answers with a strong ETag and Cache-Control, and 304 to If-None-Match', async () => {
    const first = await get('/public/countries/united-states/packages');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(first.headers.vary).toBe('Accept-Language');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');

    const again = await get('/public/countries/united-states/packages', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(
      (await get('/public/countries/united-states/packages', { 'if-none-match': `"other", W/${etag}` })).statusCode,
    ).toBe(304);
    expect((await get('/public/countries/united-states/packages', { 'if-none-match': '"stale"' })).statusCode).toBe(
      200,
    );

    // The English body differs, and so does its tag.
    const english = await get('/public/countries/united-states/packages', {
      'accept-language': 'en',
      'if-none-match': etag,
    });
    expect(english.statusCode).toBe(200);
    expect(english.headers.etag).not.toBe(etag);
  });

  it('tags every public route', async () => {
    for (const url of [
      '/public/countries',
      '/public/countries/turkey',
      '/public/destinations',
      '/public/regions',
      '/public/coverage',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect((await get(url, { 'if-none-match': res.headers.etag as string })).statusCode, url).toBe(304);
    }
  });
});

describe('destination search', () => {
  const labels = (hits: Array<{ type: string; country?: { code: string }; plan?: { code: string } }>) =>
    hits.map((hit) => (hit.type === 'country' ? hit.country!.code : hit.plan!.code));

  it('regions find the seeded regional plans; UK is the United Kingdom alone; each answer is cached', async () => {
    expect(labels(await data('/public/search?q=Avrupa'))).toEqual(['EUROPE-15D-5GB', 'EUROPE-30D-20GB']);
    expect(labels(await data('/public/search?q=schengen'))).toEqual(['EUROPE-15D-5GB', 'EUROPE-30D-20GB']);
    expect(labels(await data('/public/search?q=BALKANLAR'))).toEqual(['EUROPE-15D-5GB', 'EUROPE-30D-20GB']);
    expect(labels(await data('/public/search?q=asya'))).toEqual(['ASIA-15D-5GB', 'ASIA-30D-20GB']);
    expect(labels(await data('/public/search?q=UK'))).toEqual(['GB']);
    expect(labels(await data(`/public/search?q=${encodeURIComponent('İngiltere')}`))).toEqual(['GB']);
    const europe = (await data('/public/search?q=Europe', { 'accept-language': 'en' }))[0];
    expect(europe).toMatchObject({
      type: 'plan',
      plan: { name: 'Europe 15 Days', type: 'regional', country_count: 40 },
    });
    expect(await data('/public/search')).toEqual([]);
    const res = await get('/public/search?q=avrupa');
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
    expect((await get('/public/search?q=avrupa', { 'if-none-match': res.headers.etag as string })).statusCode).toBe(
      304,
    );
  });

  it('refuses an over-long query with a 400 naming it', async () => {
    const res = await get(`/public/search?q=${'x'.repeat(101)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('q');
  });
});

describe('declared response schemas', () => {
  // The public answers are cached strings that fastify sends without its serializer, so nothing at
  // run time holds them to the schemas /api/docs shows: this does. Parsing strips undeclared fields,
  // so an equal result also means every field sent is declared.
  const routes: Array<[string, z.ZodType]> = [
    ['/public/countries', z.array(publicCountrySchema)],
    ['/public/countries?search=t%C3%BCrk', z.array(publicCountrySchema)],
    ['/public/countries/turkey', publicCountryDetailSchema],
    ['/public/countries/united-states/packages?sort=price&order=desc', countryPackagesSchema],
    ['/public/destinations', destinationsSchema],
    ['/public/regions', z.array(regionCountSchema)],
    ['/public/coverage', coverageSchema],
    ['/public/search?q=avrupa', destinationSearchSchema],
    ['/public/search?q=UK', destinationSearchSchema],
  ];
  it.each(routes)('%s answers exactly its declared shape, in both languages', async (url, schema) => {
    for (const language of ['tr', 'en']) {
      const body = (await get(url, { 'accept-language': language })).json();
      expect(successSchema(schema).parse(body), `${url} ${language}`).toEqual(body);
    }
  });
});
