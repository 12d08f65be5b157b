import { describe, expect, it } from 'vitest';
import type { CountryPackages, PublicPackage } from '../catalog/types';
import { parseTripDays, planTrip } from './plan';

const pkg = (id: string, type: PublicPackage['type'], duration: number, price: number): PublicPackage => ({
  id,
  code: id,
  name: id,
  name_tr: id,
  name_en: id,
  type,
  duration,
  data: '5 GB',
  data_mb: 5120,
  unlimited: false,
  price,
  currency: 'EUR',
  recommended: false,
  features: [],
  country_count: 1,
  network: '4G',
  hotspot: true,
  validity_start: 'first_connection',
  coverage: [],
});
const country = (slug: string, packages: PublicPackage[], regional: PublicPackage[]): CountryPackages => ({
  country: { code: slug.slice(0, 2).toUpperCase(), a3: 'XXX', name: slug, slug, flag: 'xx' },
  sort: 'duration',
  order: 'asc',
  packages,
  regional_packages: regional,
});

const EU15 = pkg('EU-15', 'regional', 15, 24.99);
const EU30 = pkg('EU-30', 'regional', 30, 49.99);
const WORLD = pkg('WORLD-30', 'global', 30, 69.99);
const germany = country(
  'germany',
  [pkg('DE-7', 'local', 7, 9.99), pkg('DE-15', 'local', 15, 17.99)],
  [EU15, EU30, WORLD],
);
const france = country(
  'france',
  [pkg('FR-7', 'local', 7, 11.99), pkg('FR-15', 'local', 15, 19.99)],
  [EU15, EU30, WORLD],
);
const japan = country('japan', [pkg('JP-15', 'local', 15, 21.99)], [WORLD]);

describe("trip planner's choice", () => {
  it('two European countries for 10 days: one regional package beats two local ones', () => {
    const options = planTrip([germany, france], 10);
    expect(options[0]).toMatchObject({ kind: 'single', total: 24.99 });
    expect(options[0]!.items[0]!.pkg.id).toBe('EU-15');
    const locals = options.find((o) => o.kind === 'locals')!;
    expect(locals.items.map((i) => i.pkg.id)).toEqual(['DE-15', 'FR-15']);
    expect(locals.total).toBe(37.98);
  });

  it('Europe and Japan: only the global package covers both, against the local set', () => {
    const options = planTrip([germany, japan], 14);
    expect(options.map((o) => [o.kind, o.total])).toEqual([
      ['locals', 39.98],
      ['single', 69.99],
    ]);
  });

  it('a trip longer than any local package leaves only the wide ones; longer than all, nothing', () => {
    expect(planTrip([germany, france], 20).map((o) => o.items[0]!.pkg.id)).toEqual(['EU-30', 'WORLD-30']);
    expect(planTrip([germany], 60)).toEqual([]);
    expect(planTrip([], 7)).toEqual([]);
  });

  it('one country: its cheapest long-enough local package comes first', () => {
    expect(planTrip([germany], 7)[0]).toMatchObject({ kind: 'single', total: 9.99 });
  });
});

describe('trip length', () => {
  it('is whole days from 1 to 365; 0, negative, fractional or empty is refused, not guessed', () => {
    expect(parseTripDays('7')).toBe(7);
    expect(parseTripDays(' 365 ')).toBe(365);
    for (const raw of ['0', '-3', '366', '2.5', '', 'abc']) expect(parseTripDays(raw), raw).toBeUndefined();
  });
});
