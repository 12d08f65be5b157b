import { foldForSearch, matchRank, searchTextOf } from '@esim/contracts';

interface Searchable {
  code: string;
  a3: string;
  name_tr: string;
  name_en: string;
}

/** The countries a visitor's query finds, ranked as the catalog's search ranks ("UK" → the United Kingdom alone); all of them for an empty query. */
export function searchCountries<T extends Searchable>(countries: readonly T[], query: string): T[] {
  const needle = foldForSearch(query);
  if (!needle) return [...countries];
  return countries
    .map((country, index) => ({
      country,
      index,
      rank: matchRank(
        { a2: country.code, a3: country.a3, search_text: searchTextOf([country.name_tr, country.name_en]) },
        needle,
      ),
    }))
    .filter((found): found is { country: T; index: number; rank: number } => found.rank !== undefined)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ country }) => country);
}
