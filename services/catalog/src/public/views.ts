import {
  allCountriesView,
  byCountryName,
  countryDetailView,
  countryEntry,
  countryPackagesView as packagesOfCountry,
  foldForSearch,
  type Locale,
  type PackageSort,
} from '@esim/contracts';
import { notFound } from '@esim/platform';
import type { Region } from '../countries/reference';
import type { CountryRow } from '../countries/rows';
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
