import { DEMO_OPERATORS, DEMO_PACKAGES, publicPackage, sortPackages, type PackageFacts } from '@esim/contracts';
import type { Language } from '../../i18n/options';
import { PRERENDERED_COUNTRIES } from './prerendered';
import type { CountryPackages } from './types';

/**
 * The answers of the demo catalogue (what the catalog serves after its demo seed), made with the
 * formatting the catalog serves its answers with, for the prerender step only: a prerendered country page then carries
 * its plans and prices in its HTML. Package ids are the codes (the database makes the real ids),
 * so the page offers no purchase until the API's own answer has replaced these.
 */
const rows: PackageFacts[] = DEMO_PACKAGES.map((pkg) => ({
  id: pkg.code,
  code: pkg.code,
  name_tr: pkg.nameTr,
  name_en: pkg.nameEn,
  type: pkg.type,
  data_mb: pkg.dataMb,
  validity_days: pkg.validityDays,
  retail_price_cents: pkg.retailCents,
  recommended: pkg.recommended,
  features: pkg.features,
  network: pkg.network,
  hotspot: pkg.hotspot,
  validity_start: pkg.validityStart,
  countries: pkg.countries,
  operators: Object.fromEntries(
    pkg.countries.filter((code) => DEMO_OPERATORS[code]).map((code) => [code, DEMO_OPERATORS[code]!]),
  ),
}));

// The prerender has no catalogue to ask for names: the runtime's (ICU) names stand in until the API's answer replaces them.
const displayNames = {
  tr: new Intl.DisplayNames(['tr'], { type: 'region' }),
  en: new Intl.DisplayNames(['en'], { type: 'region' }),
};
const countryName = (code: string, lng: Language) => displayNames[lng].of(code);

/** GET /public/countries/<slug>/packages as the demo catalogue answers it (default sort), for the prerendered countries. */
export function demoCountryPackages(slug: string, lng: Language): CountryPackages | undefined {
  const known = PRERENDERED_COUNTRIES[slug];
  if (!known) return undefined;
  const code = known.flag.toUpperCase();
  const covering = rows.filter((row) => row.countries.includes(code));
  const list = (local: boolean) =>
    sortPackages(
      covering.filter((row) => (row.type === 'local') === local),
      'duration',
      'asc',
    ).map((row) => publicPackage(row, lng, countryName));
  return {
    country: { code, a3: known.a3, name: known[lng], slug, flag: known.flag },
    sort: 'duration',
    order: 'asc',
    packages: list(true),
    regional_packages: list(false),
  };
}
