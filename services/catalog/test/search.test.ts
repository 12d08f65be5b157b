import { describe, expect, it } from 'vitest';
import { buildReferenceCountries } from '../src/countries/reference';
import { foldForSearch, slugify } from '@esim/contracts';
import { matchRank } from '../src/countries/search';

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

  it('ranks an exact code or name first, then name starts, word starts, substrings', () => {
    const turkey = { a2: 'TR', a3: 'TUR', search_text: '|turkiye|turkey|' };
    const korea = { a2: 'KR', a3: 'KOR', search_text: '|guney kore|south korea|' };
    expect(matchRank(turkey, 'tr')).toBe(0);
    expect(matchRank(turkey, 'tur')).toBe(0);
    expect(matchRank(turkey, 'turkey')).toBe(0);
    expect(matchRank(turkey, 'turk')).toBe(1);
    expect(matchRank(korea, 'kore')).toBe(0); // a common alias of South Korea
    expect(matchRank({ a2: 'ZA', a3: 'ZAF', search_text: '|guney afrika|south africa|' }, 'afrika')).toBe(2);
    expect(matchRank(turkey, 'key')).toBe(3);
    expect(matchRank(korea, 'tur')).toBeUndefined();
  });
});

describe('common aliases', () => {
  it('UK and USA find the United Kingdom and the United States first, then other matches', () => {
    expect(search('UK').slice(0, 2)).toEqual(['GB', 'UA']);
    expect(search('uk')[0]).toBe('GB');
    expect(search('USA')[0]).toBe('US');
    expect(search('US')[0]).toBe('US');
    expect(search('US').length).toBeGreaterThan(1);
  });

  it('names travellers use for a country find it first, in Turkish and English', () => {
    expect(search('America').slice(0, 2)).toEqual(['US', 'AS']);
    expect(search('Amerika')[0]).toBe('US');
    expect(search('England')).toEqual(['GB']);
    expect(search('İngiltere')).toEqual(['GB']);
    expect(search('Korea')[0]).toBe('KR');
    expect(search('Dubai')).toEqual(['AE']);
    expect(search('Çek')[0]).toBe('CZ');
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

  it('uses the spec slugs and names', () => {
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
