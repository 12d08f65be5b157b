import { createRequire } from 'node:module';
import type * as IsoCountries from 'i18n-iso-countries';
import type { Countries } from 'world-countries';
import { referenceCountries, type ReferenceCountry } from '@esim/contracts';

/**
 * ISO 3166-1 reference data (contracts' referenceCountries) from the two packages it is built of,
 * i18n-iso-countries and world-countries.
 *
 * The migration that inserts the countries calls this once; changing it later needs a new
 * migration (landed migrations are never edited and do not run again).
 */
// Regions and coverage statuses are part of the API: their lists live in contracts.
export { COVERAGE_STATUSES, REGIONS, type CoverageStatus, type Region } from '@esim/contracts';

// Loaded through require: world-countries' ES entry imports JSON without an import attribute,
// which Node's own loader (the migration runner outside vitest/tsx) refuses.
const require = createRequire(import.meta.url);
const worldCountries = require('world-countries') as Countries;
const isoCountries = require('i18n-iso-countries') as typeof IsoCountries;
isoCountries.registerLocale(require('i18n-iso-countries/langs/tr.json'));
isoCountries.registerLocale(require('i18n-iso-countries/langs/en.json'));

export function buildReferenceCountries(): ReferenceCountry[] {
  return referenceCountries(worldCountries, isoCountries);
}
