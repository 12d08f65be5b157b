/**
 * The search text of countries and regions, apart from the catalog's views and zod schemas so the
 * storefront's searches bundle only these few lines.
 */

const LIGATURES: Record<string, string> = { ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', đ: 'd', ł: 'l', þ: 'th' };

/**
 * Text folding for country search. Turkish first: `toLocaleLowerCase('tr-TR')` maps İ→i and
 * I→ı, then the ASCII fold maps ı→i and strips accents (ü→u, ç→c, ş→s, ğ→g, é→e), so 'TÜRKİYE',
 * 'türkiye', 'Turkiye' and English 'ITALY' all fold the same way whichever keyboard typed them.
 * The same function builds the stored `search_text` column and folds the query.
 */
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

/** The stored search column: every name a visitor might type, folded, separated so words never run together. */
export function searchTextOf(names: readonly string[]): string {
  const folded = new Set(names.map(foldForSearch).filter(Boolean));
  return `|${[...folded].join('|')}|`;
}
