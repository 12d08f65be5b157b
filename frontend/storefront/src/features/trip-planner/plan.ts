import type { CountryPackages, PublicPackage } from '../catalog/types';

export interface TripOption {
  kind: 'single' | 'locals';
  /** What to buy: one package, or one per country (with the country it is for). */
  items: Array<{ pkg: PublicPackage; countrySlug: string }>;
  total: number;
}

/** The longest trip the planner plans (no package lasts longer). */
export const MAX_TRIP_DAYS = 365;

/** The typed trip length: whole days from 1 to 365, else undefined (the page says why instead of guessing). */
export function parseTripDays(raw: string): number | undefined {
  if (!/^\s*\d+\s*$/.test(raw)) return undefined;
  const days = Number.parseInt(raw, 10);
  return days >= 1 && days <= MAX_TRIP_DAYS ? days : undefined;
}

const cheapest = (packages: PublicPackage[]) =>
  packages.reduce<PublicPackage | undefined>((best, p) => (!best || p.price < best.price ? p : best), undefined);

/**
 * The cheapest ways to cover every chosen country for the whole trip: each regional or global
 * package that covers all of them (it appears in every country's list) and lasts long enough,
 * and the set of cheapest long-enough local packages, one per country. Cheapest first.
 */
export function planTrip(answers: CountryPackages[], days: number): TripOption[] {
  if (answers.length === 0) return [];
  const options: TripOption[] = [];

  const [first, ...rest] = answers;
  for (const pkg of first!.regional_packages) {
    if (pkg.duration < days) continue;
    if (!rest.every((a) => a.regional_packages.some((p) => p.id === pkg.id))) continue;
    options.push({ kind: 'single', items: [{ pkg, countrySlug: first!.country.slug }], total: pkg.price });
  }
  // One country alone: its own cheapest local package is a "single" option as well.
  const locals = answers.map((a) => ({
    slug: a.country.slug,
    pkg: cheapest(a.packages.filter((p) => p.duration >= days)),
  }));
  if (locals.every((l) => l.pkg)) {
    const items = locals.map((l) => ({ pkg: l.pkg!, countrySlug: l.slug }));
    const totalCents = items.reduce((sum, item) => sum + Math.round(item.pkg.price * 100), 0);
    options.push({ kind: answers.length === 1 ? 'single' : 'locals', items, total: totalCents / 100 });
  }
  return options.sort((a, b) => a.total - b.total || a.items.length - b.items.length);
}
