import { COUNTRY_ALIASES } from '@esim/contracts';
import { foldForSearch } from '../../lib/format';

interface Searchable {
  code: string;
  a3: string;
  name_tr: string;
  name_en: string;
}

/** How well a country matches a folded query, best first (the catalog's search ranks the same way); undefined: no match. */
function rankOf(country: Searchable, needle: string): number | undefined {
  if (
    COUNTRY_ALIASES[needle] === country.code ||
    country.code.toLowerCase() === needle ||
    country.a3.toLowerCase() === needle
  )
    return 0;
  const names = [foldForSearch(country.name_tr), foldForSearch(country.name_en)];
  if (names.includes(needle)) return 0;
  if (names.some((name) => name.startsWith(needle))) return 1;
  if (names.some((name) => name.includes(` ${needle}`))) return 2;
  if (names.some((name) => name.includes(needle))) return 3;
  return undefined;
}

/** The countries a visitor's query finds, best first ("UK" → the United Kingdom, then Ukraine); all of them for an empty query. */
export function searchCountries<T extends Searchable>(countries: readonly T[], query: string): T[] {
  const needle = foldForSearch(query);
  if (!needle) return [...countries];
  return countries
    .map((country, index) => ({ country, index, rank: rankOf(country, needle) }))
    .filter((found): found is { country: T; index: number; rank: number } => found.rank !== undefined)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ country }) => country);
}
