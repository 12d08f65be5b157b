import type { Knex } from 'knex';
import type { LocalizedText } from '@esim/contracts';

import type { PackageKind, PackageType } from '@esim/contracts';

// Package types and kinds are part of the API: their lists live in contracts.
export { PACKAGE_KINDS, PACKAGE_TYPES, type PackageKind, type PackageType } from '@esim/contracts';

/** A package with the alpha-2 codes of the countries it covers. */
export interface PackageRow {
  id: string;
  code: string;
  name_tr: string;
  name_en: string;
  type: PackageType;
  kind: PackageKind;
  data_mb: number | null;
  validity_days: number;
  retail_price_cents: number;
  cost_price_cents: number;
  recommended: boolean;
  features: LocalizedText[];
  active: boolean;
  provider_ref: string | null;
  countries: string[];
  created_at: Date;
  updated_at: Date;
}

/** Packages with their countries in one query (sorted codes, so a package's JSON is stable). */
export function selectPackages(db: Knex | Knex.Transaction) {
  return db('packages as p').select(
    'p.*',
    db.raw(
      `COALESCE((SELECT array_agg(pc.country_a2 ORDER BY pc.country_a2) FROM package_countries pc WHERE pc.package_id = p.id), '{}') AS countries`,
    ),
  );
}

/** Price-list order: local, regional, global; then by country (regional: by name), duration, price. */
export const PRICE_LIST_ORDER = `array_position(ARRAY['local','regional','global'], p.type),
  CASE WHEN p.type = 'local' THEN (SELECT min(pc.country_a2) FROM package_countries pc WHERE pc.package_id = p.id) ELSE p.name_en END,
  p.validity_days, p.retail_price_cents, p.code`;

/** What a package is and covers, as every back-office and order view starts it (same fields, same order). */
export function packageBasics(row: PackageRow) {
  return {
    id: row.id,
    code: row.code,
    name_tr: row.name_tr,
    name_en: row.name_en,
    type: row.type,
    countries: row.countries,
    data_mb: row.data_mb,
    validity_days: row.validity_days,
  };
}
