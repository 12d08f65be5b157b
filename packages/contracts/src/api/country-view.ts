import type { Locale, LocalizedText } from '../messages/types';
import { centsToEuros } from '../money';
import { REGIONS, type CoverageStatus, type PackageSort, type Region } from './catalog';
import { publicPackage, sortPackages, type CountryNames, type PackageFacts } from './package-view';
import { foldForSearch, searchTextOf } from './search-text';

/**
 * Countries as the catalog's public answers show them, made from their facts: the catalog serves
 * these from its snapshot, and the storefront's prerender makes the demo catalogue's answers with
 * the same functions (lists, destinations, regions, the coverage map), so a prerendered page
 * carries exactly what the API answers after the demo seed.
 */

// ── folding and the ISO reference data ──

/** Kebab-case ASCII slug of an English name: "Bosnia and Herzegovina" → "bosnia-and-herzegovina". */
export function slugify(name: string): string {
  return foldForSearch(name).replace(/ /g, '-');
}

export interface ReferenceCountry {
  a2: string;
  a3: string;
  name_tr: string;
  name_en: string;
  slug: string;
  region: Region;
  search_text: string;
}

/** What the reference data reads of a world-countries entry. */
export interface WorldCountrySource {
  cca2: string;
  cca3: string;
  status: string;
  region: string;
  name: { common: string; official: string };
  altSpellings: string[];
  translations: Record<string, { common: string } | undefined>;
}

/** What it reads of i18n-iso-countries (with its Turkish and English locales registered). */
export interface IsoCountriesSource {
  getAlpha2Codes(): Record<string, string>;
  getName(code: string, language: string): string | undefined;
}

/** Slugs and English names the public pages use ('korea', 'turkey', 'Turkey'); the packages spell them differently. */
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

/** world-countries writes a few Turkish names in lower case ('çekya', 'şili'): a name starts with a capital, Turkish-aware (i → İ). */
export function capitalizeTurkish(name: string): string {
  return name.charAt(0).toLocaleUpperCase('tr-TR') + name.slice(1);
}

/**
 * ISO 3166-1 reference data built from two maintained packages: i18n-iso-countries is the list
 * of officially assigned codes and adds its own Turkish and English names as search aliases;
 * world-countries gives alpha-3, the region, the common English name, the Turkish translation
 * and alternative spellings ("USA", "UK"). The caller passes the packages in (the catalog's
 * migration loads them with Node's require, the storefront's prerender through its bundler).
 */
export function referenceCountries(
  worldCountries: readonly WorldCountrySource[],
  isoCountries: IsoCountriesSource,
): ReferenceCountry[] {
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

// ── the public views ──

/** A country as the catalog keeps it: the reference data plus the shop's own settings for it. */
export interface CountryFacts extends ReferenceCountry {
  coverage_status: CoverageStatus;
  daily_price_cents: number | null;
  speed: string | null;
  features: LocalizedText[];
  featured_order: number | null;
  quick_order: number | null;
}

/** What the public answers are made from: every country and the active packages covering each. */
export interface PublicCatalogFacts<C extends CountryFacts = CountryFacts, P extends PackageFacts = PackageFacts> {
  countries: C[];
  bySlug: Map<string, C>;
  byCode: Map<string, C>;
  /** Active packages covering each country (alpha-2). */
  packagesByCountry: Map<string, P[]>;
  /** Distinct countries per region covered by at least one active package. */
  regionCounts: Map<Region, number>;
}

/** The facts from lists of countries and active packages (the catalog loads its own from the database). */
export function publicCatalogFacts<C extends CountryFacts, P extends PackageFacts>(
  countries: C[],
  packages: readonly P[],
): PublicCatalogFacts<C, P> {
  const byCode = new Map(countries.map((country) => [country.a2, country]));
  const packagesByCountry = new Map<string, P[]>();
  for (const pkg of packages) {
    for (const a2 of pkg.countries) {
      const list = packagesByCountry.get(a2) ?? [];
      list.push(pkg);
      packagesByCountry.set(a2, list);
    }
  }
  const regionCounts = new Map<Region, number>();
  for (const a2 of packagesByCountry.keys()) {
    const region = byCode.get(a2)?.region;
    if (region) regionCounts.set(region, (regionCounts.get(region) ?? 0) + 1);
  }
  return {
    countries,
    bySlug: new Map(countries.map((country) => [country.slug, country])),
    byCode,
    packagesByCountry,
    regionCounts,
  };
}

export const REGION_NAMES: Record<Region, { tr: string; en: string }> = {
  europe: { tr: 'Avrupa', en: 'Europe' },
  asia: { tr: 'Asya', en: 'Asia' },
  americas: { tr: 'Amerika', en: 'Americas' },
  africa: { tr: 'Afrika', en: 'Africa' },
  oceania: { tr: 'Okyanusya', en: 'Oceania' },
};
/** The home page shows 7-day prices, so a destination's price is its cheapest 7-day package. */
export const HOME_PRICE_DAYS = 7;

// Made on first use: building a collator loads locale data.
const collators: Partial<Record<Locale, Intl.Collator>> = {};
const collator = (locale: Locale) => (collators[locale] ??= new Intl.Collator(locale));

const nameOf = (country: CountryFacts, locale: Locale) => (locale === 'tr' ? country.name_tr : country.name_en);

/** A country's name by alpha-2 code from the facts (the package views name the countries they cover). */
export const countryNamesOf =
  (facts: PublicCatalogFacts): CountryNames =>
  (a2, locale) => {
    const country = facts.byCode.get(a2);
    return country && nameOf(country, locale);
  };

/** Orders countries by their name in a language. */
export const byCountryName = (locale: Locale) => (a: CountryFacts, b: CountryFacts) =>
  collator(locale).compare(nameOf(a, locale), nameOf(b, locale));

const hasPackages = (facts: PublicCatalogFacts, country: CountryFacts) =>
  (facts.packagesByCountry.get(country.a2)?.length ?? 0) > 0;

/**
 * A country's "from" price: its cheapest 7-day local package; without one, the cheapest package of
 * any kind covering it (a country sold only by a regional plan has a price, not "coming soon").
 */
function priceFrom(facts: PublicCatalogFacts, country: CountryFacts): { price: number | null; days: number } {
  const all = facts.packagesByCountry.get(country.a2) ?? [];
  const weekly = all.filter((p) => p.type === 'local' && p.validity_days === HOME_PRICE_DAYS);
  const candidates = weekly.length ? weekly : all;
  const cheapest = candidates.reduce<PackageFacts | undefined>(
    (best, p) => (!best || p.retail_price_cents < best.retail_price_cents ? p : best),
    undefined,
  );
  return cheapest
    ? { price: centsToEuros(cheapest.retail_price_cents), days: cheapest.validity_days }
    : { price: null, days: HOME_PRICE_DAYS };
}

/**
 * What the site says of a country, from what is on sale: covered when any active package covers
 * it (local, regional or global), coming soon only when none does and the shop announced it.
 */
export function coverageOf(facts: PublicCatalogFacts, country: CountryFacts): CoverageStatus {
  if (hasPackages(facts, country)) return 'covered';
  return country.coverage_status === 'coming_soon' ? 'coming_soon' : 'not_available';
}

/** A country in the public lists (GET /public/countries, the home page's destinations). */
export function countryEntry(facts: PublicCatalogFacts, country: CountryFacts, locale: Locale) {
  const from = priceFrom(facts, country);
  return {
    code: country.a2,
    a3: country.a3,
    name: nameOf(country, locale),
    name_tr: country.name_tr,
    name_en: country.name_en,
    slug: country.slug,
    flag: country.a2.toLowerCase(),
    region: country.region,
    coverage_status: coverageOf(facts, country),
    // Any active package covering it (a regional one counts: its page lists those too).
    has_packages: hasPackages(facts, country),
    price_from: from.price,
    price_validity_days: from.days,
    currency: 'EUR' as const,
  };
}

function mapInfo(country: CountryFacts, locale: Locale) {
  return {
    price_per_day: country.daily_price_cents === null ? null : centsToEuros(country.daily_price_cents),
    speed: country.speed,
    features: country.features.map((feature) => feature[locale]),
  };
}

/** GET /public/countries without a search or region: every country by name. */
export function allCountriesView(facts: PublicCatalogFacts, locale: Locale) {
  return [...facts.countries].sort(byCountryName(locale)).map((country) => countryEntry(facts, country, locale));
}

/** GET /public/countries/:slug for a known country. */
export function countryDetailView(facts: PublicCatalogFacts, country: CountryFacts, locale: Locale) {
  const all = facts.packagesByCountry.get(country.a2) ?? [];
  return {
    ...countryEntry(facts, country, locale),
    ...mapInfo(country, locale),
    package_count: all.filter((p) => p.type === 'local').length,
    regional_package_count: all.filter((p) => p.type !== 'local').length,
  };
}

/**
 * GET /public/countries/:slug/packages for a known country: its own (local) packages, which the
 * country page's package table lists, and separately the regional and global ones that also cover it.
 */
export function countryPackagesView(
  facts: PublicCatalogFacts,
  country: CountryFacts,
  locale: Locale,
  query: { sort: PackageSort; order: 'asc' | 'desc' },
) {
  const all = facts.packagesByCountry.get(country.a2) ?? [];
  const names = countryNamesOf(facts);
  const sorted = (local: boolean) =>
    sortPackages(
      all.filter((p) => (p.type === 'local') === local),
      query.sort,
      query.order,
    ).map((p) => publicPackage(p, locale, names));
  return {
    country: {
      code: country.a2,
      a3: country.a3,
      name: nameOf(country, locale),
      slug: country.slug,
      flag: country.a2.toLowerCase(),
    },
    sort: query.sort,
    order: query.order,
    packages: sorted(true),
    regional_packages: sorted(false),
  };
}

/** GET /public/destinations: the home page's quick buttons and featured countries, and its country figure. */
export function destinationsView(facts: PublicCatalogFacts, locale: Locale) {
  const ordered = (order: (c: CountryFacts) => number | null) =>
    facts.countries
      .filter((c) => order(c) !== null)
      .sort((a, b) => order(a)! - order(b)! || a.slug.localeCompare(b.slug))
      .map((c) => countryEntry(facts, c, locale));
  return {
    quick: ordered((c) => c.quick_order),
    featured: ordered((c) => c.featured_order),
    // Counted from what is on sale, so it never promises more.
    country_count: facts.countries.filter((c) => hasPackages(facts, c)).length,
  };
}

/** GET /public/regions: the regions with countries on sale and how many. */
export function regionsView(facts: PublicCatalogFacts, locale: Locale) {
  return REGIONS.filter((region) => (facts.regionCounts.get(region) ?? 0) > 0).map((region) => ({
    region,
    name: REGION_NAMES[region][locale],
    country_count: facts.regionCounts.get(region)!,
  }));
}

/** GET /public/coverage: covered countries with their popup info, then those coming soon; the rest are "not available". */
export function coverageView(facts: PublicCatalogFacts, locale: Locale) {
  const compare = byCountryName(locale);
  const withStatus = (status: 'covered' | 'coming_soon') =>
    facts.countries
      .filter((c) => coverageOf(facts, c) === status)
      .sort(compare)
      .map((c) => ({
        code: c.a2,
        a3: c.a3,
        name: nameOf(c, locale),
        name_tr: c.name_tr,
        name_en: c.name_en,
        slug: c.slug,
        flag: c.a2.toLowerCase(),
        region: c.region,
        coverage_status: status,
        ...mapInfo(c, locale),
      }));
  return {
    countries: [...withStatus('covered'), ...withStatus('coming_soon')],
    default_status: 'not_available' as const,
  };
}
