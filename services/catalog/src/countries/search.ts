import { COUNTRY_ALIASES } from '@esim/contracts';

/**
 * Text folding for country search. Turkish first: `toLocaleLowerCase('tr-TR')` maps İ→i and
 * I→ı, then the ASCII fold maps ı→i and strips accents (ü→u, ç→c, ş→s, ğ→g, é→e), so 'TÜRKİYE',
 * 'türkiye', 'Turkiye' and English 'ITALY' all fold the same way whichever keyboard typed them.
 * The same function builds the stored `search_text` column and folds the query.
 */
const LIGATURES: Record<string, string> = { ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', đ: 'd', ł: 'l', þ: 'th' };

export function foldForSearch(text: string): string {
  return text
    .toLocaleLowerCase('tr-TR')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ı/g, 'i')
    .replace(/[ßæøœđłþ]/g, (ch) => LIGATURES[ch] ?? ch)
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Kebab-case ASCII slug of an English name: "Bosnia and Herzegovina" → "bosnia-and-herzegovina". */
export function slugify(name: string): string {
  return foldForSearch(name).replace(/ /g, '-');
}

/** The stored search column: every name a visitor might type, folded, separated so words never run together. */
export function searchTextOf(names: readonly string[]): string {
  const folded = new Set(names.map(foldForSearch).filter(Boolean));
  return `|${[...folded].join('|')}|`;
}

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
