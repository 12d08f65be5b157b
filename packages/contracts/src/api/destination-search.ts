import type { Region } from './catalog';
import { COUNTRY_ABBREVIATIONS, COUNTRY_ALIASES, COUNTRY_COMMON_NAMES, type SearchRegion } from './destination-aliases';

/**
 * Ranked matching of a visitor's destination query (already folded with `foldForSearch`), shared by
 * the catalog's searches and the storefront's coverage list so they cannot rank differently:
 * 0 a whole name, alias or code, 1 a name starting with the query, 2 a word of a name starting with
 * it. Nothing matches inside a word, so 'uk' never finds 'Lüksemburg' or 'Arnavutluk'.
 */

/** What a country is searched by: its codes and `|name|name|` (its names and spellings, folded). */
export interface Searchable {
  a2: string;
  a3: string;
  search_text: string;
}

/** How well a country matches a folded query, best first; undefined: no match. An empty query matches all (rank 3). */
export function matchRank(country: Searchable, folded: string): number | undefined {
  if (!folded) return 3;
  const code = folded.toUpperCase();
  if (COUNTRY_ALIASES[folded] === country.a2) return 0;
  if (country.a2 === code || country.a3 === code || country.search_text.includes(`|${folded}|`)) return 0;
  // 'UK' is the United Kingdom alone: not Ukraine, whose names merely start with it.
  if (COUNTRY_ABBREVIATIONS[folded]) return undefined;
  const names = country.search_text + (COUNTRY_COMMON_NAMES[country.a2] ?? '');
  if (names.includes(`|${folded}`)) return 1;
  if (names.includes(` ${folded}`)) return 2;
  return undefined;
}

/** How well folded names match a folded query: 0 whole, 1 from the start, 2 from a word's start; undefined: no match. */
export function namesRank(names: readonly string[], folded: string): number | undefined {
  if (!folded) return undefined;
  if (names.includes(folded)) return 0;
  if (names.some((name) => name.startsWith(folded))) return 1;
  if (names.some((name) => name.includes(` ${folded}`))) return 2;
  return undefined;
}

/** A plan found by a region must cover at least this share of the region's countries on sale. */
export const REGION_PLAN_MIN_SHARE = 0.5;

/** What the region test reads of the catalogue: each country's continent and the countries anything on sale covers. */
export interface RegionFacts {
  countries: ReadonlyArray<{ a2: string; region: Region }>;
  sold: (a2: string) => boolean;
}

/**
 * Whether a regional or global plan (its type and covered alpha-2 codes) serves a region: `global`
 * takes the worldwide plans, any other region the plans covering at least half of its countries on
 * sale, so 'Balkanlar' finds a Europe plan covering the Balkans and 'Orta Doğu' an Asia plan
 * covering the Gulf. A local plan serves no region: its country is found by name.
 */
export function planServesRegion(
  plan: { type: string; countries: readonly string[] },
  region: SearchRegion,
  facts: RegionFacts,
): boolean {
  if (plan.type === 'local') return false;
  if (region.countries === 'global') return plan.type === 'global';
  const continent = region.countries;
  const members =
    typeof continent === 'string'
      ? facts.countries.filter((country) => country.region === continent).map((country) => country.a2)
      : continent;
  const sold = members.filter(facts.sold);
  if (sold.length === 0) return false;
  const covered = new Set(plan.countries);
  const served = sold.filter((a2) => covered.has(a2)).length;
  return served >= Math.ceil(sold.length * REGION_PLAN_MIN_SHARE);
}

/** Most suggestions the destination search answers. */
export const DESTINATION_SEARCH_LIMIT = 20;
