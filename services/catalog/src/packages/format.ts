import { centsToEuros, type Locale, type PackageSort } from '@esim/contracts';
import type { PackageRow } from './rows';

const UNLIMITED = { tr: 'Sınırsız', en: 'Unlimited' } as const;
const numberFormats = {
  tr: new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 2 }),
  en: new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }),
};

/** Data allowance for people: "3 GB", "500 MB", "Sınırsız" (base 1024, as the spec's byte units). */
export function formatData(dataMb: number | null, locale: Locale): string {
  if (dataMb === null) return UNLIMITED[locale];
  if (dataMb < 1024) return `${numberFormats[locale].format(dataMb)} MB`;
  return `${numberFormats[locale].format(dataMb / 1024)} GB`;
}

export { PACKAGE_SORTS, type PackageSort } from '@esim/contracts';

const sortKey: Record<PackageSort, (p: PackageRow) => number> = {
  duration: (p) => p.validity_days,
  // Unlimited data sorts above any finite allowance.
  data: (p) => p.data_mb ?? Number.POSITIVE_INFINITY,
  price: (p) => p.retail_price_cents,
};

/** Sorts by the chosen column; ties go by price, then code, so the order never depends on the database. */
export function sortPackages<T extends PackageRow>(packages: readonly T[], sort: PackageSort, order: 'asc' | 'desc'): T[] {
  const key = sortKey[sort];
  const direction = order === 'asc' ? 1 : -1;
  return [...packages].sort(
    (a, b) => direction * (key(a) - key(b)) || a.retail_price_cents - b.retail_price_cents || a.code.localeCompare(b.code),
  );
}

/** The public shape of a package (the spec's local package: id, name, duration, data, price, recommended, features). */
export function publicPackage(p: PackageRow, locale: Locale) {
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
  };
}
