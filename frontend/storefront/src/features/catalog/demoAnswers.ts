import {
  allCountriesView,
  countryPackagesView,
  coverageView,
  DEMO_COMING_SOON,
  DEMO_COVERED_COUNTRIES,
  DEMO_FEATURED_DESTINATIONS,
  DEMO_OPERATORS,
  DEMO_PACKAGES,
  DEMO_QUICK_DESTINATIONS,
  destinationsView,
  publicCatalogFacts,
  referenceCountries,
  regionsView,
  type CountryFacts,
  type PackageFacts,
  type PublicCatalogFacts,
} from '@esim/contracts';
// The library's own entry: its Node entry requires every language file by a computed path, which a bundle cannot hold.
import isoCountries from 'i18n-iso-countries/index';
import isoTr from 'i18n-iso-countries/langs/tr.json';
import isoEn from 'i18n-iso-countries/langs/en.json';
import worldCountries from 'world-countries';
import type { Language } from '../../i18n/options';
import type { CountryPackages } from './types';

/**
 * The answers of the demo catalogue (what the catalog serves after its demo seed), made with the
 * views the catalog serves its answers with, for the prerender step only: a prerendered page then
 * carries its lists, plans and prices in its HTML, and hydration meets the same rows. Package ids
 * are the codes (the database makes the real ids), so a page offers no purchase until the API's
 * own answer has replaced these.
 */

/** The demo seed's settings of a country (the catalog's seed writes the same into its table). */
function demoCountry(reference: ReturnType<typeof referenceCountries>[number]): CountryFacts {
  const settings = DEMO_COVERED_COUNTRIES[reference.a2];
  const order = (list: readonly string[]) => (list.includes(reference.a2) ? list.indexOf(reference.a2) + 1 : null);
  return {
    ...reference,
    coverage_status: settings?.coverage ?? (DEMO_COMING_SOON.includes(reference.a2) ? 'coming_soon' : 'not_available'),
    daily_price_cents: settings?.dailyPriceCents ?? null,
    speed: settings?.speed ?? null,
    features: settings?.features ?? [],
    featured_order: order(DEMO_FEATURED_DESTINATIONS),
    quick_order: order(DEMO_QUICK_DESTINATIONS),
  };
}

const demoPackages: PackageFacts[] = DEMO_PACKAGES.map((pkg) => ({
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

let facts: PublicCatalogFacts | undefined;
/** The demo catalogue's countries and packages, built on first use (the ISO data is large). */
function demoFacts(): PublicCatalogFacts {
  if (!facts) {
    isoCountries.registerLocale(isoTr);
    isoCountries.registerLocale(isoEn);
    const countries = referenceCountries(worldCountries, isoCountries).map(demoCountry);
    // The catalog keeps its packages ordered by code.
    const packages = [...demoPackages].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
    facts = publicCatalogFacts(countries, packages);
  }
  return facts;
}

/** GET /public/countries/<slug>/packages as the demo catalogue answers it (default sort); undefined for a country it does not know. */
export function demoCountryPackages(slug: string, lng: Language): CountryPackages | undefined {
  const country = demoFacts().bySlug.get(slug);
  return country && countryPackagesView(demoFacts(), country, lng, { sort: 'duration', order: 'asc' });
}

/** GET /public/countries (no search, no region). */
export const demoCountries = (lng: Language) => allCountriesView(demoFacts(), lng);
/** GET /public/destinations. */
export const demoDestinations = (lng: Language) => destinationsView(demoFacts(), lng);
/** GET /public/regions. */
export const demoRegions = (lng: Language) => regionsView(demoFacts(), lng);
/** GET /public/coverage. */
export const demoCoverage = (lng: Language) => coverageView(demoFacts(), lng);
