import { formatBytes } from '../bytes';
import type { Locale, LocalizedText } from '../messages/types';
import { centsToEuros } from '../money';
import type { Network, PackageSort, PackageType, ValidityStart } from './catalog';

/**
 * A package as the catalog's public answers show it, made from its facts: the catalog serves these,
 * and the storefront's prerender makes the demo catalogue's answers with the same functions.
 */
export interface PackageFacts {
  id: string;
  code: string;
  name_tr: string;
  name_en: string;
  type: PackageType;
  data_mb: number | null;
  validity_days: number;
  retail_price_cents: number;
  recommended: boolean;
  features: LocalizedText[];
  network: Network;
  hotspot: boolean;
  validity_start: ValidityStart;
  /** Alpha-2 codes of the countries it covers. */
  countries: string[];
  /** Operator names by covered country (alpha-2). */
  operators: Record<string, string[]>;
}

const UNLIMITED = { tr: 'Sınırsız', en: 'Unlimited' } as const;

/** Data allowance for people: "3 GB", "500 MB", "Sınırsız" (the shared byte formatter, base 1024). */
export function formatData(dataMb: number | null, locale: Locale): string {
  return dataMb === null ? UNLIMITED[locale] : formatBytes(dataMb * 1024 * 1024, locale);
}

const sortKey: Record<PackageSort, (p: PackageFacts) => number> = {
  duration: (p) => p.validity_days,
  // Unlimited data sorts above any finite allowance.
  data: (p) => p.data_mb ?? Number.POSITIVE_INFINITY,
  price: (p) => p.retail_price_cents,
};

/** Sorts by the chosen column; ties go by price, then code, so the order never depends on the database. */
export function sortPackages<T extends PackageFacts>(
  packages: readonly T[],
  sort: PackageSort,
  order: 'asc' | 'desc',
): T[] {
  const key = sortKey[sort];
  const direction = order === 'asc' ? 1 : -1;
  return [...packages].sort(
    (a, b) =>
      direction * (key(a) - key(b)) || a.retail_price_cents - b.retail_price_cents || a.code.localeCompare(b.code),
  );
}

/** A country's name in one language, by alpha-2 code (the code itself for one the lookup does not know). */
export type CountryNames = (a2: string, locale: Locale) => string | undefined;

// Made on first use: building a collator loads locale data.
const collators: Partial<Record<Locale, Intl.Collator>> = {};
const collator = (locale: Locale) => (collators[locale] ??= new Intl.Collator(locale));

/** The countries a package covers with their operators, by name in the caller's language. */
export function packageCoverage(p: PackageFacts, locale: Locale, names: CountryNames) {
  return p.countries
    .map((code) => ({ code, name: names(code, locale) ?? code, operators: p.operators[code] ?? [] }))
    .sort((a, b) => collator(locale).compare(a.name, b.name));
}

/** The public shape of a package (a local package as the country page lists it: id, name, duration, data, price, recommended, features) and its plan details. */
export function publicPackage(p: PackageFacts, locale: Locale, names: CountryNames) {
  return {
    id: p.id,
    code: p.code,
    name: locale === 'tr' ? p.name_tr : p.name_en,
    name_tr: p.name_tr,
    name_en: p.name_en,
    type: p.type,
    duration: p.validity_days,
    data: formatData(p.data_mb, locale),
    data_mb: p.data_mb,
    unlimited: p.data_mb === null,
    price: centsToEuros(p.retail_price_cents),
    currency: 'EUR' as const,
    recommended: p.recommended,
    features: p.features.map((feature) => feature[locale]),
    country_count: p.countries.length,
    network: p.network,
    hotspot: p.hotspot,
    validity_start: p.validity_start,
    coverage: packageCoverage(p, locale, names),
  };
}
