import {
  allCountriesView,
  byCountryName,
  countryDetailView,
  countryEntry,
  countryNamesOf,
  countryPackagesView as packagesOfCountry,
  DESTINATION_SEARCH_LIMIT,
  foldForSearch,
  namesRank,
  planServesRegion,
  publicPackage,
  SEARCH_REGIONS,
  type DestinationHit,
  type Locale,
  type PackageSort,
} from '@esim/contracts';
import { notFound } from '@esim/platform';
import type { Region } from '../countries/reference';
import type { CountryRow } from '../countries/rows';
import type { PackageRow } from '../packages/rows';
import { matchRank } from '../countries/search';
import type { CatalogSnapshot } from './snapshot';

/**
 * The public responses, built from the in-memory snapshot (pure: no I/O) with contracts' views,
 * which the storefront's prerender uses for the demo catalogue's answers too.
 */
export { coverageView, destinationsView, regionsView } from '@esim/contracts';

export function countriesView(snapshot: CatalogSnapshot, locale: Locale, query: { search?: string; region?: Region }) {
  if (!query.search && !query.region) return allCountriesView(snapshot, locale);
  const folded = foldForSearch(query.search ?? '');
  const ranked: Array<{ country: CountryRow; rank: number }> = [];
  for (const country of snapshot.countries) {
    if (query.region && country.region !== query.region) continue;
    const rank = matchRank(country, folded);
    if (rank !== undefined) ranked.push({ country, rank });
  }
  const compare = byCountryName(locale);
  ranked.sort((a, b) => a.rank - b.rank || compare(a.country, b.country));
  return ranked.map(({ country }) => countryEntry(snapshot, country, locale));
}

/**
 * GET /public/search: what a visitor's query finds on sale, best match first (contracts'
 * destination-search ranks): countries any package covers, and regional or global plans, found by
 * their own name or by a region they serve ('Avrupa', 'Schengen', 'Balkanlar'). At equal rank a
 * country comes before a plan, countries by name, plans by price.
 */
export function destinationSearchView(snapshot: CatalogSnapshot, locale: Locale, search: string): DestinationHit[] {
  const folded = foldForSearch(search);
  if (!folded) return [];
  const sold = (a2: string) => (snapshot.packagesByCountry.get(a2)?.length ?? 0) > 0;
  const countries: Array<{ country: CountryRow; rank: number }> = [];
  for (const country of snapshot.countries) {
    const rank = sold(country.a2) ? matchRank(country, folded) : undefined;
    if (rank !== undefined) countries.push({ country, rank });
  }
  const compare = byCountryName(locale);
  countries.sort((a, b) => a.rank - b.rank || compare(a.country, b.country));

  const regions = SEARCH_REGIONS.flatMap((region) => {
    const rank = namesRank(region.names, folded);
    return rank === undefined ? [] : [{ region, rank }];
  });
  const facts = { countries: snapshot.countries, sold };
  const wider = new Map<string, PackageRow>();
  for (const packages of snapshot.packagesByCountry.values())
    for (const pkg of packages) if (pkg.type !== 'local') wider.set(pkg.id, pkg);
  const plans: Array<{ pkg: PackageRow; rank: number }> = [];
  for (const pkg of wider.values()) {
    const ranks = [
      namesRank([foldForSearch(pkg.name_tr), foldForSearch(pkg.name_en)], folded),
      ...regions.filter(({ region }) => planServesRegion(pkg, region, facts)).map(({ rank }) => rank),
    ].filter((rank) => rank !== undefined);
    if (ranks.length) plans.push({ pkg, rank: Math.min(...ranks) });
  }
  plans.sort(
    (a, b) =>
      a.rank - b.rank || a.pkg.retail_price_cents - b.pkg.retail_price_cents || a.pkg.code.localeCompare(b.pkg.code),
  );

  const names = countryNamesOf(snapshot);
  const found: Array<{ rank: number; hit: () => DestinationHit }> = [
    ...countries.map(({ country, rank }) => ({
      rank,
      hit: () => ({ type: 'country' as const, country: countryEntry(snapshot, country, locale) }),
    })),
    ...plans.map(({ pkg, rank }) => ({
      rank,
      hit: () => ({ type: 'plan' as const, plan: publicPackage(pkg, locale, names) }),
    })),
  ];
  // A stable sort: within a rank the countries, listed first, stay before the plans.
  return found
    .sort((a, b) => a.rank - b.rank)
    .slice(0, DESTINATION_SEARCH_LIMIT)
    .map(({ hit }) => hit());
}

function countryBySlug(snapshot: CatalogSnapshot, slug: string): CountryRow {
  const country = snapshot.bySlug.get(slug);
  if (!country) throw notFound('country_not_found');
  return country;
}

export function countryView(snapshot: CatalogSnapshot, locale: Locale, slug: string) {
  return countryDetailView(snapshot, countryBySlug(snapshot, slug), locale);
}

export function countryPackagesView(
  snapshot: CatalogSnapshot,
  locale: Locale,
  query: { slug: string; sort: PackageSort; order: 'asc' | 'desc' },
) {
  return packagesOfCountry(snapshot, countryBySlug(snapshot, query.slug), locale, query);
}
