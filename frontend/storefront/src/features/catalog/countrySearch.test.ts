import { describe, expect, it } from 'vitest';
import { searchCountries } from './countrySearch';

const country = (code: string, a3: string, name_tr: string, name_en: string) => ({ code, a3, name_tr, name_en });
// The coverage list's order: by name.
const LIST = [
  country('US', 'USA', 'Amerika Birleşik Devletleri', 'United States'),
  country('AS', 'ASM', 'Amerikan Samoası', 'American Samoa'),
  country('AL', 'ALB', 'Arnavutluk', 'Albania'),
  country('GB', 'GBR', 'Birleşik Krallık', 'United Kingdom'),
  country('CZ', 'CZE', 'Çekya', 'Czechia'),
  country('AU', 'AUS', 'Avustralya', 'Australia'),
  country('LU', 'LUX', 'Lüksemburg', 'Luxembourg'),
  country('UA', 'UKR', 'Ukrayna', 'Ukraine'),
];

describe('coverage list search', () => {
  it('UK, İngiltere and Britanya find the United Kingdom alone; USA the United States', () => {
    expect(searchCountries(LIST, 'UK').map((c) => c.code)).toEqual(['GB']);
    expect(searchCountries(LIST, 'İngiltere').map((c) => c.code)).toEqual(['GB']);
    expect(searchCountries(LIST, 'INGILTERE').map((c) => c.code)).toEqual(['GB']);
    expect(searchCountries(LIST, 'britanya').map((c) => c.code)).toEqual(['GB']);
    expect(searchCountries(LIST, 'usa').map((c) => c.code)).toEqual(['US']);
    expect(searchCountries(LIST, 'America').map((c) => c.code)).toEqual(['US', 'AS']);
    expect(searchCountries(LIST, 'ukr').map((c) => c.code)).toEqual(['UA']);
  });

  it('matches Turkish and English names Turkish-aware, from a name’s or a word’s start, never inside a word', () => {
    expect(searchCountries(LIST, 'çek').map((c) => c.code)).toEqual(['CZ']);
    expect(searchCountries(LIST, 'CZECH').map((c) => c.code)).toEqual(['CZ']);
    expect(searchCountries(LIST, 'kingdom').map((c) => c.code)).toEqual(['GB']);
    expect(searchCountries(LIST, 'burg')).toEqual([]);
    expect(searchCountries(LIST, ' ')).toHaveLength(LIST.length);
    expect(searchCountries(LIST, 'zzz')).toEqual([]);
  });
});
