import { describe, expect, it } from 'vitest';
import { buildReferenceCountries } from '../src/countries/reference';
import {
  DEMO_PACKAGES,
  foldForSearch,
  planServesRegion,
  publicCatalogFacts,
  SEARCH_REGIONS,
  slugify,
  type DestinationHit,
} from '@esim/contracts';
import { matchRank } from '../src/countries/search';
import { destinationSearchView } from '../src/public/views';
import type { CountryRow } from '../src/countries/rows';
import type { PackageRow } from '../src/packages/rows';
import type { CatalogSnapshot } from '../src/public/snapshot';

/** The reference countries a query finds, best first (the order the public search answers in). */
function search(query: string): string[] {
  const folded = foldForSearch(query);
  return buildReferenceCountries()
    .map((country) => ({ country, rank: matchRank(country, folded) }))
    .filter((found): found is { country: (typeof found)['country']; rank: number } => found.rank !== undefined)
    .sort((a, b) => a.rank - b.rank || a.country.name_en.localeCompare(b.country.name_en))
    .map(({ country }) => country.a2);
}

describe('search folding', () => {
  it('folds Turkish dotted and dotless I, accents and case to one form', () => {
    expect(foldForSearch('TÜRKİYE')).toBe('turkiye');
    expect(foldForSearch('türkiye')).toBe('turkiye');
    expect(foldForSearch('Türkiye')).toBe('turkiye');
    // English capital I (dotless in Turkish lower case) still folds to i.
    expect(foldForSearch('ITALY')).toBe('italy');
    expect(foldForSearch('İtalya')).toBe('italya');
    expect(foldForSearch('ıtalya')).toBe('italya');
    expect(foldForSearch('Çin Şili Güney Kore')).toBe('cin sili guney kore');
    expect(foldForSearch("Côte d'Ivoire")).toBe('cote divoire');
    expect(foldForSearch('  Åland   Islands ')).toBe('aland islands');
  });

  it('makes kebab-case ASCII slugs', () => {
    expect(slugify('Bosnia and Herzegovina')).toBe('bosnia-and-herzegovina');
    expect(slugify('São Tomé and Príncipe')).toBe('sao-tome-and-principe');
  });

  it('ranks an exact code, name or alias first, then name starts, then word starts; never inside a word', () => {
    const turkey = { a2: 'TR', a3: 'TUR', search_text: '|turkiye|turkey|' };
    const korea = { a2: 'KR', a3: 'KOR', search_text: '|guney kore|south korea|' };
    expect(matchRank(turkey, 'tr')).toBe(0);
    expect(matchRank(turkey, 'tur')).toBe(0);
    expect(matchRank(turkey, 'turkey')).toBe(0);
    expect(matchRank(turkey, 'turk')).toBe(1);
    expect(matchRank(korea, 'kore')).toBe(0); // a common alias of South Korea
    expect(matchRank(korea, 'kor')).toBe(0); // its alpha-3 code
    expect(matchRank(korea, 'sout')).toBe(1);
    expect(matchRank({ a2: 'ZA', a3: 'ZAF', search_text: '|guney afrika|south africa|' }, 'afrika')).toBe(2);
    expect(matchRank(turkey, 'key')).toBeUndefined();
    expect(matchRank(korea, 'tur')).toBeUndefined();
  });
});

describe('common names and abbreviations', () => {
  it('UK, İngiltere and Britanya find the United Kingdom first; UK nothing else (not Ukraine, Luxembourg, Albania)', () => {
    for (const query of ['UK', 'uk', 'İngiltere', 'INGILTERE', 'ingiltere', 'Birleşik Krallık', 'Great Britain'])
      expect(search(query), query).toEqual(['GB']);
    // Then the territories named after it, by a word of their names.
    expect(search('Britanya')).toEqual(['GB', 'IO', 'VG']);
    expect(search('Ukr')).toEqual(['UA']);
    // A common name is also found by its beginning.
    expect(search('ingil')).toEqual(['GB']);
    expect(search('Brit')).toContain('GB');
  });

  it('USA, ABD and US are the United States alone; Amerika and America find it first, then other names', () => {
    expect(search('USA')).toEqual(['US']);
    expect(search('ABD')).toEqual(['US']);
    expect(search('us')).toEqual(['US']);
    expect(search('Amerika')[0]).toBe('US');
    expect(search('America').slice(0, 2)).toEqual(['US', 'AS']);
  });

  it('names travellers use for a country find it first, in Turkish and English', () => {
    expect(search('England')).toEqual(['GB']);
    expect(search('Holland')[0]).toBe('NL');
    expect(search('Hollanda')).toEqual(['NL', 'BQ']); // then Hollanda Karayipleri
    expect(search('Korea')[0]).toBe('KR');
    expect(search('Dubai')).toEqual(['AE']);
    expect(search('BAE')).toEqual(['AE']);
    expect(search('Çek')[0]).toBe('CZ');
  });

  it('a two-letter code still lets a name be typed on: "al" is Albania first, then Almanya', () => {
    const al = search('al');
    expect(al[0]).toBe('AL');
    expect(al).toContain('DE');
  });
});

/** The demo catalogue as the catalog's snapshot holds it after the demo seed (ids are the codes). */
function demoSnapshot(): CatalogSnapshot {
  const countries = buildReferenceCountries().map((reference): CountryRow => ({
    ...reference,
    coverage_status: 'not_available',
    daily_price_cents: null,
    speed: null,
    features: [],
    featured_order: null,
    quick_order: null,
    updated_at: new Date(0),
  }));
  const packages = DEMO_PACKAGES.map(
    (pkg) =>
      ({
        id: pkg.code,
        code: pkg.code,
        name_tr: pkg.nameTr,
        name_en: pkg.nameEn,
        type: pkg.type,
        data_mb: pkg.dataMb,
        validity_days: pkg.validityDays,
        retail_price_cents: pkg.retailCents,
        recommended: pkg.recommended,
        features: pkg.features,
        network: pkg.network,
        hotspot: pkg.hotspot,
        validity_start: pkg.validityStart,
        countries: pkg.countries,
        operators: {},
      }) as unknown as PackageRow,
  );
  return publicCatalogFacts(countries, packages);
}

const label = (hit: DestinationHit) => (hit.type === 'country' ? hit.country.code : hit.plan.code);

describe('destination search (GET /public/search) over the demo catalogue', () => {
  const snapshot = demoSnapshot();
  const find = (query: string, locale: 'tr' | 'en' = 'tr') => destinationSearchView(snapshot, locale, query).map(label);

  it('regions find the regional plans serving them, cheapest first', () => {
    const europe = ['EUROPE-15D-5GB', 'EUROPE-30D-20GB'];
    for (const query of ['Avrupa', 'avrupa', 'AVRUPA', 'Europe', 'Schengen', 'Balkanlar', 'Balkans', 'İskandinavya'])
      expect(find(query), query).toEqual(europe);
    expect(find('Asya')).toEqual(['ASIA-15D-5GB', 'ASIA-30D-20GB']);
    // The Asia plan covers the Gulf: most of the Middle East on sale.
    expect(find('Orta Doğu')).toEqual(['ASIA-15D-5GB', 'ASIA-30D-20GB']);
    expect(find('Latin Amerika')).toEqual(['AMERICAS-15D-5GB', 'AMERICAS-30D-20GB']);
    expect(find('Global')).toEqual(['GLOBAL-30D-10GB']);
    expect(find('Dünya')).toEqual(['GLOBAL-30D-10GB']);
    expect(find('World', 'en')).toEqual(['GLOBAL-30D-10GB']);
  });

  it('a region named like countries lists its plans first, then the countries by rank', () => {
    const africa = find('Afrika');
    expect(africa.slice(0, 2)).toEqual(['AFRICA-15D-5GB', 'AFRICA-30D-20GB']);
    expect(africa).toContain('ZA'); // Güney Afrika, by a word of its name
  });

  it('a country named exactly comes before plans; only countries on sale are suggested', () => {
    expect(find('UK')).toEqual(['GB']);
    expect(find('İngiltere')).toEqual(['GB']);
    expect(find('Britanya')).toEqual(['GB']);
    expect(find('USA')).toEqual(['US']);
    const amerika = find('Amerika');
    expect(amerika[0]).toBe('US');
    expect(amerika).toContain('AMERICAS-15D-5GB');
    // North Korea has no plan: it is not a destination.
    expect(find('Kuzey Kore')).toEqual([]);
    expect(find('')).toEqual([]);
    expect(find('zzzz')).toEqual([]);
  });

  it('answers at most 20 suggestions', () => {
    expect(find('a').length).toBeLessThanOrEqual(20);
  });
});

describe('regions and plans', () => {
  const region = (key: string) => SEARCH_REGIONS.find((r) => r.key === key)!;
  const countries = [
    { a2: 'AL', region: 'europe' as const },
    { a2: 'RS', region: 'europe' as const },
    { a2: 'DE', region: 'europe' as const },
    { a2: 'FR', region: 'europe' as const },
  ];
  const facts = (sold: string[]) => ({ countries, sold: (a2: string) => sold.includes(a2) });

  it('a plan serves a region when it covers at least half of its countries on sale', () => {
    const balkans = region('balkans');
    const plan = { type: 'regional', countries: ['AL'] };
    expect(planServesRegion(plan, balkans, facts(['AL', 'RS']))).toBe(true);
    expect(planServesRegion(plan, balkans, facts(['AL', 'RS', 'BA']))).toBe(false);
    expect(planServesRegion({ type: 'local', countries: ['AL'] }, balkans, facts(['AL']))).toBe(false);
    expect(planServesRegion(plan, region('europe'), facts(['AL', 'DE', 'FR']))).toBe(false);
    expect(
      planServesRegion({ type: 'regional', countries: ['AL', 'DE'] }, region('europe'), facts(['AL', 'DE', 'FR'])),
    ).toBe(true);
    // Nothing of the region on sale: no plan serves it.
    expect(planServesRegion(plan, region('caribbean'), facts(['AL']))).toBe(false);
  });

  it('the worldwide names take the global plans only', () => {
    expect(planServesRegion({ type: 'global', countries: ['DE'] }, region('global'), facts(['DE']))).toBe(true);
    expect(
      planServesRegion({ type: 'regional', countries: ['AL', 'RS', 'DE', 'FR'] }, region('global'), facts(['DE'])),
    ).toBe(false);
  });
});

describe('ISO reference countries', () => {
  const rows = buildReferenceCountries();
  const byA2 = new Map(rows.map((row) => [row.a2, row]));

  it('has every officially assigned ISO 3166-1 country once, with unique codes and slugs', () => {
    expect(rows).toHaveLength(249);
    expect(new Set(rows.map((r) => r.a3)).size).toBe(249);
    expect(new Set(rows.map((r) => r.slug)).size).toBe(249);
    expect(byA2.has('XK')).toBe(false);
    for (const row of rows) {
      expect(row.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(['europe', 'asia', 'americas', 'africa', 'oceania']).toContain(row.region);
    }
  });

  it('uses the public slugs and names', () => {
    expect(byA2.get('US')).toMatchObject({
      a3: 'USA',
      slug: 'united-states',
      name_en: 'United States',
      name_tr: 'Amerika Birleşik Devletleri',
    });
    expect(byA2.get('GB')).toMatchObject({ a3: 'GBR', slug: 'united-kingdom', name_tr: 'Birleşik Krallık' });
    expect(byA2.get('KR')).toMatchObject({ a3: 'KOR', slug: 'korea', name_en: 'South Korea', name_tr: 'Güney Kore' });
    expect(byA2.get('TR')).toMatchObject({
      a3: 'TUR',
      slug: 'turkey',
      name_en: 'Turkey',
      name_tr: 'Türkiye',
      region: 'europe',
    });
    expect(byA2.get('DE')).toMatchObject({ slug: 'germany', name_tr: 'Almanya' });
    expect(byA2.get('AQ')?.region).toBe('oceania');
  });

  it('Turkish names start with a capital, Turkish-aware', () => {
    expect(['CZ', 'CL', 'IS', 'JO', 'TD', 'UZ'].map((a2) => byA2.get(a2)?.name_tr)).toEqual([
      'Çekya',
      'Şili',
      'İzlanda',
      'Ürdün',
      'Çad',
      'Özbekistan',
    ]);
    expect(
      rows
        .filter((row) => row.name_tr.charAt(0) !== row.name_tr.charAt(0).toLocaleUpperCase('tr-TR'))
        .map((row) => row.name_tr),
    ).toEqual([]);
  });
});
