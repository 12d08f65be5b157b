import type { Knex } from 'knex';
import type { LocalizedText } from '@esim/contracts';

import type { Network, PackageKind, PackageType, ValidityStart } from '@esim/contracts';

// Package types and kinds are part of the API: their lists live in contracts.
export {
  NETWORKS,
  PACKAGE_KINDS,
  PACKAGE_TYPES,
  VALIDITY_STARTS,
  type Network,
  type PackageKind,
  type PackageType,
  type ValidityStart,
} from '@esim/contracts';

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
  network: Network;
  hotspot: boolean;
  validity_start: ValidityStart;
  countries: string[];
  /** Operator names by covered country (alpha-2); a country without any has an empty list or none. */
  operators: Record<string, string[]>;
  created_at: Date;
  updated_at: Date;
}

/** Packages with their countries and operators in one query (sorted codes, so a package's JSON is stable). */
export function selectPackages(db: Knex | Knex.Transaction) {
  return db('packages as p').select(
    'p.*',
    db.raw(
      `COALESCE((SELECT array_agg(pc.country_a2 ORDER BY pc.country_a2) FROM package_countries pc WHERE pc.package_id = p.id), '{}') AS countries`,
    ),
    db.raw(
      `COALESCE((SELECT jsonb_object_agg(pc.country_a2, pc.operators) FROM package_countries pc WHERE pc.package_id = p.id AND cardinality(pc.operators) > 0), '{}') AS operators`,
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
