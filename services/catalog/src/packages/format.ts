import { centsToEuros, formatBytes, type Locale, type PackageSort } from '@esim/contracts';
import type { PackageRow } from './rows';

const UNLIMITED = { tr: 'Sınırsız', en: 'Unlimited' } as const;

/** Data allowance for people: "3 GB", "500 MB", "Sınırsız" (the shared byte formatter, base 1024). */
export function formatData(dataMb: number | null, locale: Locale): string {
  return dataMb === null ? UNLIMITED[locale] : formatBytes(dataMb * 1024 * 1024, locale);
}

export { PACKAGE_SORTS, type PackageSort } from '@esim/contracts';

const sortKey: Record<PackageSort, (p: PackageRow) => number> = {
  duration: (p) => p.validity_days,
  // Unlimited data sorts above any finite allowance.
  data: (p) => p.data_mb ?? Number.POSITIVE_INFINITY,
  price: (p) => p.retail_price_cents,
};

/** Sorts by the chosen column; ties go by price, then code, so the order never depends on the database. */
export function sortPackages<T extends PackageRow>(
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

const collators = { tr: new Intl.Collator('tr'), en: new Intl.Collator('en') };

/** The countries a package covers with their operators, by name in the caller's language. */
export function packageCoverage(p: PackageRow, locale: Locale, names: CountryNames) {
  return p.countries
    .map((code) => ({ code, name: names(code, locale) ?? code, operators: p.operators[code] ?? [] }))
    .sort((a, b) => collators[locale].compare(a.name, b.name));
}

/** The public shape of a package (the spec's local package: id, name, duration, data, price, recommended, features) and its plan details. */
export function publicPackage(p: PackageRow, locale: Locale, names: CountryNames) {
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
