import { describe, expect, it } from 'vitest';
import {
  allCountriesView,
  coverageView,
  destinationsView,
  publicCatalogFacts,
  regionsView,
  type CountryFacts,
  type PackageFacts,
} from '../src';

const country = (a2: string, name_tr: string, name_en: string, settings: Partial<CountryFacts> = {}): CountryFacts => ({
  a2,
  a3: `${a2}X`,
  name_tr,
  name_en,
  slug: name_en.toLowerCase(),
  region: 'europe',
  search_text: '',
  coverage_status: 'not_available',
  daily_price_cents: null,
  speed: null,
  features: [],
  featured_order: null,
  quick_order: null,
  ...settings,
});

const pkg = (code: string, type: PackageFacts['type'], days: number, cents: number, countries: string[]) =>
  ({ id: code, code, type, validity_days: days, retail_price_cents: cents, countries }) as PackageFacts;

const facts = publicCatalogFacts(
  [
    country('DE', 'Almanya', 'Germany', { quick_order: 2, featured_order: 1 }),
    country('IS', 'İzlanda', 'Iceland', { quick_order: 1 }),
    country('CH', 'İsviçre', 'Switzerland', { coverage_status: 'coming_soon' }),
    country('JP', 'Japonya', 'Japan', {
      region: 'asia',
      daily_price_cents: 14_00,
      speed: '5G',
      features: [{ tr: '5G hız', en: '5G speed' }],
    }),
    country('AQ', 'Antarktika', 'Antarctica', { region: 'oceania' }),
  ],
  [
    pkg('DE-7', 'local', 7, 9_99, ['DE']),
    pkg('DE-7B', 'local', 7, 8_99, ['DE']),
    pkg('DE-15', 'local', 15, 4_99, ['DE']),
    pkg('EU-30', 'regional', 30, 29_99, ['DE', 'IS']),
    pkg('JP-15', 'local', 15, 19_99, ['JP']),
  ],
);

describe('the public country views', () => {
  it('prices a country from its cheapest 7-day local plan, else from its cheapest plan of any kind', () => {
    const byCode = Object.fromEntries(allCountriesView(facts, 'en').map((c) => [c.code, c]));
    expect(byCode.DE).toMatchObject({ price_from: 8.99, price_validity_days: 7, has_packages: true });
    expect(byCode.IS).toMatchObject({ price_from: 29.99, price_validity_days: 30, coverage_status: 'covered' });
    expect(byCode.CH).toMatchObject({ price_from: null, has_packages: false, coverage_status: 'coming_soon' });
    expect(byCode.AQ).toMatchObject({ coverage_status: 'not_available', flag: 'aq' });
  });

  it('orders countries by their name in the language asked for', () => {
    expect(allCountriesView(facts, 'tr').map((c) => c.name)).toEqual([
      'Almanya',
      'Antarktika',
      'İsviçre',
      'İzlanda',
      'Japonya',
    ]);
    expect(allCountriesView(facts, 'en').map((c) => c.name)).toEqual([
      'Antarctica',
      'Germany',
      'Iceland',
      'Japan',
      'Switzerland',
    ]);
  });

  it('counts the countries on sale per region and for the home page', () => {
    expect(regionsView(facts, 'tr')).toEqual([
      { region: 'europe', name: 'Avrupa', country_count: 2 },
      { region: 'asia', name: 'Asya', country_count: 1 },
    ]);
    const destinations = destinationsView(facts, 'en');
    expect(destinations.quick.map((c) => c.code)).toEqual(['IS', 'DE']);
    expect(destinations.featured.map((c) => c.code)).toEqual(['DE']);
    expect(destinations.country_count).toBe(3);
  });

  it('maps covered countries with their popup figures, then those coming soon', () => {
    const coverage = coverageView(facts, 'tr');
    expect(coverage.countries.map((c) => [c.code, c.coverage_status])).toEqual([
      ['DE', 'covered'],
      ['IS', 'covered'],
      ['JP', 'covered'],
      ['CH', 'coming_soon'],
    ]);
    expect(coverage.countries[2]).toMatchObject({ price_per_day: 14, speed: '5G', features: ['5G hız'] });
    expect(coverage.default_status).toBe('not_available');
  });
});
