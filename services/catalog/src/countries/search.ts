import { COUNTRY_ALIASES } from '@esim/contracts';

/** Escapes LIKE wildcards so a visitor's `%` or `_` is matched literally. */
export function likeContains(folded: string): string {
  return `%${folded.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export interface Searchable {
  a2: string;
  a3: string;
  search_text: string;
}

/**
 * How well a country matches a folded query, best first: 0 a common alias ('uk', 'america'), an
 * exact code or a whole name ('abd' → the US, not "ABD Virjin Adaları"), 1 a name starts with it, 2 a word of a name starts
 * with it ('kore' → 'Güney Kore'), 3 a name contains it; undefined: no match. The caller sorts
 * by rank, then by name.
 */
export function matchRank(country: Searchable, folded: string): number | undefined {
  if (!folded) return 3;
  const code = folded.toUpperCase();
  if (COUNTRY_ALIASES[folded] === country.a2) return 0;
  if (country.a2 === code || country.a3 === code || country.search_text.includes(`|${folded}|`)) return 0;
  if (country.search_text.includes(`|${folded}`)) return 1;
  if (country.search_text.includes(` ${folded}`)) return 2;
  if (country.search_text.includes(folded)) return 3;
  return undefined;
}
