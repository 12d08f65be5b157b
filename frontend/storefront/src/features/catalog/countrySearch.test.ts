import { describe, expect, it } from 'vitest';
import { searchCountries } from './countrySearch';

const country = (code: string, a3: string, name_tr: string, name_en: string) => ({ code, a3, name_tr, name_en });
// The coverage list's order: by name.
const LIST = [
  country('US', 'USA', 'Amerika Birleşik Devletleri', 'United States'),
  country('AS', 'ASM', 'Amerikan Samoası', 'American Samoa'),
  country('GB', 'GBR', 'Birleşik Krallık', 'United Kingdom'),
  country('CZ', 'CZE', 'Çekya', 'Czechia'),
  country('AU', 'AUS', 'Avustralya', 'Australia'),
  country('UA', 'UKR', 'Ukrayna', 'Ukraine'),
];

describe('coverage list search', () => {
  it('UK and USA find the United Kingdom and the United States first, then other matches', () => {
    expect(searchCountries(LIST, 'UK').map((c) => c.code)).toEqual(['GB', 'UA']);
    expect(searchCountries(LIST, 'usa').map((c) => c.code)[0]).toBe('US');
    expect(searchCountries(LIST, 'America').map((c) => c.code)).toEqual(['US', 'AS']);
  });

  it('matches Turkish and English names Turkish-aware, and keeps the list for an empty query', () => {
    expect(searchCountries(LIST, 'çek').map((c) => c.code)).toEqual(['CZ']);
    expect(searchCountries(LIST, 'CZECH').map((c) => c.code)).toEqual(['CZ']);
    expect(searchCountries(LIST, ' ')).toHaveLength(LIST.length);
    expect(searchCountries(LIST, 'zzz')).toEqual([]);
  });
});
