import { countryPackagesSchema, listSchema, buyerPackageSchema, successSchema } from '@esim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setup, type Fixture } from './support';

/**
 * Plan details before buying: network, hotspot, when the validity starts and the operators per
 * covered country, seeded for the demo plans, answered by the public and buyer routes and edited by
 * admins.
 */
let f: Fixture;
beforeAll(async () => {
  f = await setup();
});
afterAll(async () => {
  await f.app.close();
});

type Json = Record<string, unknown>;
const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  f.app.inject({
    method,
    url,
    headers: f.auth(f.tokens.admin, headers),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const packagesOf = async (slug: string, lang = 'tr') => {
  const res = await f.app.inject({ url: `/public/countries/${slug}/packages`, headers: { 'accept-language': lang } });
  expect(res.statusCode, res.body).toBe(200);
  return successSchema(countryPackagesSchema).parse(res.json()).data;
};

describe('plan details on the public site', () => {
  it('a Czech traveller sees the Europe plan’s network, hotspot, validity start and every covered country with its operators', async () => {
    const czechia = await packagesOf('czechia');
    const europe = czechia.regional_packages.find((p) => p.code === 'EUROPE-15D-5GB')!;
    expect(europe).toMatchObject({
      network: '5G',
      hotspot: true,
      validity_start: 'first_connection',
      country_count: 40,
    });
    expect(europe.coverage).toHaveLength(40);
    expect(europe.coverage.find((c) => c.code === 'CZ')).toEqual({
      code: 'CZ',
      name: 'Çekya',
      operators: ['T-Mobile', 'O2'],
    });
    // Sorted by name in the caller's language.
    const names = europe.coverage.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('tr').compare));
    const english = (await packagesOf('czechia', 'en')).regional_packages.find((p) => p.code === 'EUROPE-15D-5GB')!;
    expect(english.coverage.find((c) => c.code === 'CZ')!.name).toBe('Czechia');
  });

  it('the largest country answer stays small enough for the gateway to keep in one piece (64 KiB)', async () => {
    // Germany: three local plans, two European ones (40 countries each) and the global one.
    const res = await f.app.inject({ url: '/public/countries/germany/packages' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(64 * 1024);
  });

  it('local plans name their country’s operators; the seeded plans differ where the networks do', async () => {
    const us = await packagesOf('united-states');
    expect(us.packages.map((p) => [p.network, p.hotspot, p.coverage])).toEqual(
      us.packages.map(() => [
        '5G',
        true,
        [{ code: 'US', name: 'Amerika Birleşik Devletleri', operators: ['AT&T', 'T-Mobile'] }],
      ]),
    );
    expect((await packagesOf('turkey')).packages[0]).toMatchObject({ network: '4G', hotspot: true });
    const africa = (await packagesOf('kenya')).regional_packages.find((p) => p.code === 'AFRICA-15D-5GB')!;
    expect(africa).toMatchObject({ network: '4G', hotspot: false, country_count: 25 });
  });

  it('the buyer’s price list carries the same details', async () => {
    const res = await f.app.inject({
      url: '/user/packages?country=czechia&limit=100',
      headers: f.auth(f.tokens.customer),
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = listSchema(buyerPackageSchema).parse(res.json()).data;
    const europe = rows.find((p) => p.code === 'EUROPE-30D-20GB')!;
    expect(europe).toMatchObject({ network: '5G', hotspot: true, validity_start: 'first_connection' });
    expect(europe.coverage.find((c) => c.code === 'CZ')).toEqual({
      code: 'CZ',
      name: 'Çekya',
      operators: ['T-Mobile', 'O2'],
    });
  });
});

describe('plan details in the back office', () => {
  it('an admin creates a plan with its details, edits them, and the public site shows the change at once', async () => {
    const created = await admin('POST', '/admin/packages', {
      code: 'BALTIC-10D-3GB',
      name_tr: 'Baltık 10 Gün',
      name_en: 'Baltics 10 Days',
      type: 'regional',
      countries: ['ee', 'lv', 'lt'],
      data_mb: 3072,
      validity_days: 10,
      retail_price: 12.99,
      cost_price: 7,
      network: '5G',
      hotspot: false,
      validity_start: 'purchase',
      operators: [
        { country: 'ee', names: ['Telia', 'Elisa'] },
        { country: 'LV', names: ['LMT'] },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    expect(created.json().data).toMatchObject({
      network: '5G',
      hotspot: false,
      validity_start: 'purchase',
      operators: [
        { country: 'EE', names: ['Telia', 'Elisa'] },
        { country: 'LV', names: ['LMT'] },
      ],
    });
    const latvia = async () => (await packagesOf('latvia')).regional_packages.find((p) => p.code === 'BALTIC-10D-3GB')!;
    expect(await latvia()).toMatchObject({ network: '5G', hotspot: false, validity_start: 'purchase' });
    expect((await latvia()).coverage.map((c) => [c.code, c.operators])).toEqual([
      ['EE', ['Telia', 'Elisa']],
      ['LV', ['LMT']],
      ['LT', []],
    ]);

    const updated = await admin('PUT', `/admin/packages/${id}`, {
      hotspot: true,
      operators: [{ country: 'LT', names: ['Telia', 'Bitė'] }],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.operators).toEqual([{ country: 'LT', names: ['Telia', 'Bitė'] }]);
    expect((await latvia()).hotspot).toBe(true);

    // Countries taken off the plan take their operators with them; the others keep theirs.
    const narrowed = await admin('PUT', `/admin/packages/${id}`, { countries: ['LT', 'LV'] });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect(narrowed.json().data.operators).toEqual([{ country: 'LT', names: ['Telia', 'Bitė'] }]);
    expect((await admin('GET', `/admin/packages/${id}`)).json().data).toMatchObject({
      countries: ['LT', 'LV'],
      network: '5G',
      validity_start: 'purchase',
    });
  });

  it('refuses operators of a country the plan does not cover (422) and bad details (400 naming the field)', async () => {
    const id = await f.packageId('DE-7D-3GB');
    const uncovered = await admin('PUT', `/admin/packages/${id}`, {
      operators: [{ country: 'FR', names: ['Orange'] }],
    });
    expect(uncovered.statusCode).toBe(422);
    expect(uncovered.json()).toMatchObject({
      code: 'package_operators_not_covered',
      message: 'Operatör girilen ülkeler paketin kapsamında değil: FR',
    });
    for (const [payload, path] of [
      [{ network: '6G' }, 'network'],
      [{ hotspot: 'yes' }, 'hotspot'],
      [{ validity_start: 'tomorrow' }, 'validity_start'],
      [{ operators: [{ country: 'DE', names: [''] }] }, 'operators.0.names.0'],
      [
        {
          operators: [
            { country: 'DE', names: ['A'] },
            { country: 'de', names: ['B'] },
          ],
        },
        'operators.1.country',
      ],
    ] as Array<[Json, string]>) {
      const res = await admin('PUT', `/admin/packages/${id}`, payload, { 'accept-language': 'en' });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().errors[0].path, path).toBe(path);
    }
    // Nothing changed.
    expect((await admin('GET', `/admin/packages/${id}`)).json().data).toMatchObject({
      network: '5G',
      hotspot: true,
      operators: [{ country: 'DE', names: ['Telekom', 'Vodafone'] }],
    });
  });
});
