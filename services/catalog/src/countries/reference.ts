import { createRequire } from 'node:module';
import type * as IsoCountries from 'i18n-iso-countries';
import type { Countries } from 'world-countries';
import type { Region } from '@esim/contracts';
import { searchTextOf, slugify } from './search';

/**
 * ISO 3166-1 reference data built from two maintained packages: i18n-iso-countries is the list
 * of officially assigned codes and adds its own Turkish and English names as search aliases;
 * world-countries gives alpha-3, the region, the common English name, the Turkish translation
 * and alternative spellings ("USA", "UK").
 *
 * The migration that inserts the countries calls this once; changing it later needs a new
 * migration (landed migrations are never edited and do not run again).
 */
// Regions and coverage statuses are part of the API: their lists live in contracts.
export { COVERAGE_STATUSES, REGIONS, type CoverageStatus, type Region } from '@esim/contracts';

export interface ReferenceCountry {
  a2: string;
  a3: string;
  name_tr: string;
  name_en: string;
  slug: string;
  region: Region;
  search_text: string;
}

/** Slugs and English names as the spec uses them (the packages spell them differently). */
const SLUG_OVERRIDES: Record<string, string> = { KR: 'korea', TR: 'turkey' };
const ENGLISH_NAME_OVERRIDES: Record<string, string> = { TR: 'Turkey' };

/**
 * world-countries' "Antarctic" group is not a region a shop sells by: these follow the UN M49
 * geoscheme (Bouvet and South Georgia in South America, Heard Island in Oceania, the French
 * Southern Territories in Africa); Antarctica itself, which M49 leaves out, goes to Oceania.
 * Turkey is listed under Europe, where Turkish travellers and eSIM shops look for it.
 */
const REGION_OVERRIDES: Record<string, Region> = {
  BV: 'americas',
  GS: 'americas',
  HM: 'oceania',
  TF: 'africa',
  AQ: 'oceania',
  TR: 'europe',
};
const REGION_OF: Record<string, Region> = {
  Europe: 'europe',
  Asia: 'asia',
  Americas: 'americas',
  Africa: 'africa',
  Oceania: 'oceania',
};

// Loaded through require: world-countries' ES entry imports JSON without an import attribute,
// which Node's own loader (the migration runner outside vitest/tsx) refuses.
const require = createRequire(import.meta.url);
const worldCountries = require('world-countries') as Countries;
const isoCountries = require('i18n-iso-countries') as typeof IsoCountries;
isoCountries.registerLocale(require('i18n-iso-countries/langs/tr.json'));
isoCountries.registerLocale(require('i18n-iso-countries/langs/en.json'));

/** world-countries writes a few Turkish names in lower case ('çekya', 'şili'): a name starts with a capital, Turkish-aware (i → İ). */
export function capitalizeTurkish(name: string): string {
  return name.charAt(0).toLocaleUpperCase('tr-TR') + name.slice(1);
}

export function buildReferenceCountries(): ReferenceCountry[] {
  const byA2 = new Map(worldCountries.map((country) => [country.cca2, country]));
  const rows: ReferenceCountry[] = [];
  for (const a2 of Object.keys(isoCountries.getAlpha2Codes()).sort()) {
    const source = byA2.get(a2);
    // XK (Kosovo) is user-assigned, not part of ISO 3166-1.
    if (!source || source.status !== 'officially-assigned') continue;
    const region = REGION_OVERRIDES[a2] ?? REGION_OF[source.region];
    if (!region) throw new Error(`No region for ${a2} (${source.region})`);
    const nameEn = ENGLISH_NAME_OVERRIDES[a2] ?? source.name.common;
    const nameTr = capitalizeTurkish(source.translations.tur?.common ?? isoCountries.getName(a2, 'tr') ?? nameEn);
    const aliases = [
      source.name.common,
      source.name.official,
      ...source.altSpellings.filter((alias) => alias !== a2 && alias !== source.cca3),
      isoCountries.getName(a2, 'tr') ?? '',
      isoCountries.getName(a2, 'en') ?? '',
    ];
    rows.push({
      a2,
      a3: source.cca3,
      name_tr: nameTr,
      name_en: nameEn,
      slug: SLUG_OVERRIDES[a2] ?? slugify(nameEn),
      region,
      search_text: searchTextOf([nameTr, nameEn, ...aliases]),
    });
  }
  return rows;
}
