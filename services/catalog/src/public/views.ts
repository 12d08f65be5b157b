import { centsToEuros, type Locale } from '@esim/contracts';
import { notFound } from '@esim/platform';
import { REGIONS, type Region } from '../countries/reference';
import type { CountryRow } from '../countries/rows';
import { foldForSearch, matchRank } from '../countries/search';
import { publicPackage, sortPackages, type PackageSort } from '@esim/contracts';
import type { CatalogSnapshot } from './snapshot';

/** The public responses, built from the in-memory snapshot (pure: no I/O). */

const collators = { tr: new Intl.Collator('tr'), en: new Intl.Collator('en') };
const REGION_NAMES: Record<Region, { tr: string; en: string }> = {
  europe: { tr: 'Avrupa', en: 'Europe' },
  asia: { tr: 'Asya', en: 'Asia' },
  americas: { tr: 'Amerika', en: 'Americas' },
  africa: { tr: 'Afrika', en: 'Africa' },
  oceania: { tr: 'Okyanusya', en: 'Oceania' },
};
/** The home page shows 7-day prices, so a destination's price is its cheapest 7-day package. */
export const HOME_PRICE_DAYS = 7;

const nameOf = (country: CountryRow, locale: Locale) => (locale === 'tr' ? country.name_tr : country.name_en);
const namesOf = (snapshot: CatalogSnapshot) => (a2: string, locale: Locale) => {
  const country = snapshot.byCode.get(a2);
  return country && nameOf(country, locale);
};
const byName = (locale: Locale) => (a: CountryRow, b: CountryRow) =>
  collators[locale].compare(nameOf(a, locale), nameOf(b, locale));

function localPackages(snapshot: CatalogSnapshot, country: CountryRow) {
  return (snapshot.packagesByCountry.get(country.a2) ?? []).filter((p) => p.type === 'local');
}

/**
 * A country's "from" price: its cheapest 7-day local package; without one, the cheapest package of
 * any kind covering it (a country sold only by a regional plan has a price, not "coming soon").
 */
function priceFrom(snapshot: CatalogSnapshot, country: CountryRow): { price: number | null; days: number } {
  const weekly = localPackages(snapshot, country).filter((p) => p.validity_days === HOME_PRICE_DAYS);
  const candidates = weekly.length ? weekly : (snapshot.packagesByCountry.get(country.a2) ?? []);
  const cheapest = candidates.reduce<(typeof candidates)[number] | undefined>(
    (best, p) => (!best || p.retail_price_cents < best.retail_price_cents ? p : best),
    undefined,
  );
  return cheapest
    ? { price: centsToEuros(cheapest.retail_price_cents), days: cheapest.validity_days }
    : { price: null, days: HOME_PRICE_DAYS };
}

/**
 * What the site says of a country, from what is on sale: covered when any active package covers
 * it (local, regional or global), coming soon only when none does and the shop announced it.
 */
export function coverageOf(snapshot: CatalogSnapshot, country: CountryRow): CountryRow['coverage_status'] {
  if ((snapshot.packagesByCountry.get(country.a2)?.length ?? 0) > 0) return 'covered';
  return country.coverage_status === 'coming_soon' ? 'coming_soon' : 'not_available';
}

function countryEntry(snapshot: CatalogSnapshot, country: CountryRow, locale: Locale) {
  const from = priceFrom(snapshot, country);
  return {
    code: country.a2,
    a3: country.a3,
    name: nameOf(country, locale),
    name_tr: country.name_tr,
    name_en: country.name_en,
    slug: country.slug,
    flag: country.a2.toLowerCase(),
    region: country.region,
    coverage_status: coverageOf(snapshot, country),
    // Any active package covering it (a regional one counts: its page lists those too).
    has_packages: (snapshot.packagesByCountry.get(country.a2)?.length ?? 0) > 0,
    price_from: from.price,
    price_validity_days: from.days,
    currency: 'EUR' as const,
  };
}

function mapInfo(country: CountryRow, locale: Locale) {
  return {
    price_per_day: country.daily_price_cents === null ? null : centsToEuros(country.daily_price_cents),
    speed: country.speed,
    features: country.features.map((feature) => feature[locale]),
  };
}

export function countriesView(snapshot: CatalogSnapshot, locale: Locale, query: { search?: string; region?: Region }) {
  const folded = foldForSearch(query.search ?? '');
  const ranked: Array<{ country: CountryRow; rank: number }> = [];
  for (const country of snapshot.countries) {
    if (query.region && country.region !== query.region) continue;
    const rank = matchRank(country, folded);
    if (rank !== undefined) ranked.push({ country, rank });
  }
  const compare = byName(locale);
  ranked.sort((a, b) => a.rank - b.rank || compare(a.country, b.country));
  return ranked.map(({ country }) => countryEntry(snapshot, country, locale));
}

function countryBySlug(snapshot: CatalogSnapshot, slug: string): CountryRow {
  const country = snapshot.bySlug.get(slug);
  if (!country) throw notFound('country_not_found');
  return country;
}

export function countryView(snapshot: CatalogSnapshot, locale: Locale, slug: string) {
  const country = countryBySlug(snapshot, slug);
  const all = snapshot.packagesByCountry.get(country.a2) ?? [];
  return {
    ...countryEntry(snapshot, country, locale),
    ...mapInfo(country, locale),
    package_count: all.filter((p) => p.type === 'local').length,
    regional_package_count: all.filter((p) => p.type !== 'local').length,
  };
}

/**
 * A country's packages: its own (local) ones, which the spec's table lists, and separately the
 * regional and global ones that also cover it.
 */
export function countryPackagesView(
  snapshot: CatalogSnapshot,
  locale: Locale,
  query: { slug: string; sort: PackageSort; order: 'asc' | 'desc' },
) {
  const country = countryBySlug(snapshot, query.slug);
  const all = snapshot.packagesByCountry.get(country.a2) ?? [];
  const sorted = (type: 'local' | 'wider') =>
    sortPackages(
      all.filter((p) => (type === 'local' ? p.type === 'local' : p.type !== 'local')),
      query.sort,
      query.order,
    ).map((p) => publicPackage(p, locale, namesOf(snapshot)));
  return {
    country: {
      code: country.a2,
      a3: country.a3,
      name: nameOf(country, locale),
      slug: country.slug,
      flag: country.a2.toLowerCase(),
    },
    sort: query.sort,
    order: query.order,
    packages: sorted('local'),
    regional_packages: sorted('wider'),
  };
}

export function destinationsView(snapshot: CatalogSnapshot, locale: Locale) {
  const ordered = (order: (c: CountryRow) => number | null) =>
    snapshot.countries
      .filter((c) => order(c) !== null)
      .sort((a, b) => order(a)! - order(b)! || a.slug.localeCompare(b.slug))
      .map((c) => countryEntry(snapshot, c, locale));
  // The home page's country figure, counted from what is on sale so it never promises more.
  const countryCount = snapshot.countries.filter((c) => (snapshot.packagesByCountry.get(c.a2)?.length ?? 0) > 0).length;
  return {
    quick: ordered((c) => c.quick_order),
    featured: ordered((c) => c.featured_order),
    country_count: countryCount,
  };
}

export function regionsView(snapshot: CatalogSnapshot, locale: Locale) {
  return REGIONS.filter((region) => (snapshot.regionCounts.get(region) ?? 0) > 0).map((region) => ({
    region,
    name: REGION_NAMES[region][locale],
    country_count: snapshot.regionCounts.get(region)!,
  }));
}

/** Map data: covered countries with their popup info, then those coming soon; the rest are "not available". */
export function coverageView(snapshot: CatalogSnapshot, locale: Locale) {
  const compare = byName(locale);
  const withStatus = (status: 'covered' | 'coming_soon') =>
    snapshot.countries
      .filter((c) => coverageOf(snapshot, c) === status)
      .sort(compare)
      .map((c) => ({
        code: c.a2,
        a3: c.a3,
        name: nameOf(c, locale),
        name_tr: c.name_tr,
        name_en: c.name_en,
        slug: c.slug,
        flag: c.a2.toLowerCase(),
        region: c.region,
        coverage_status: status,
        ...mapInfo(c, locale),
      }));
  return {
    countries: [...withStatus('covered'), ...withStatus('coming_soon')],
    default_status: 'not_available' as const,
  };
}
