import type { Knex } from 'knex';
import type { PackageFacts, PackageKind, PackageSupplier, PausedReason } from '@esim/contracts';

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

/** A package row: the facts its public answers are made from (contracts' PackageFacts) and what only the shop keeps. */
export interface PackageRow extends PackageFacts {
  kind: PackageKind;
  cost_price_cents: number;
  active: boolean;
  provider_ref: string | null;
  supplier: PackageSupplier;
  supplier_package_id: string | null;
  paused_reason: PausedReason | null;
  paused_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** What buyers see: an active package its supplier's cost or list has not paused. */
export const onSale = (row: Pick<PackageRow, 'active' | 'paused_reason'>): boolean =>
  row.active && row.paused_reason === null;

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
