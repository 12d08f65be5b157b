import {
  centsToEuros,
  priceFromCost,
  type ListQuery,
  type MarginRule,
  type OfferSupplier,
  type PackageType,
  type PausedReason,
  type SupplierOfferView,
} from '@esim/contracts';
import { containsPattern, countOf, notFound, sortColumn } from '@esim/platform';
import type { Knex } from 'knex';

/** A supplier's offer as synced in, with the package it is bought as (if any). */
export interface OfferRow {
  id: string;
  supplier: OfferSupplier;
  supplier_package_id: string;
  name: string;
  countries: string[];
  data_mb: number | null;
  validity_days: number;
  net_cost_cents: number;
  top_up: boolean;
  first_seen_at: Date;
  last_seen_at: Date;
  gone_at: Date | null;
  package_id: string | null;
  package_code: string | null;
  package_name_tr: string | null;
  package_name_en: string | null;
  package_retail_price_cents: number | null;
  package_active: boolean | null;
  package_paused_reason: PausedReason | null;
}

export interface OfferFilter {
  supplier?: OfferSupplier;
  mapped?: boolean;
  gone?: boolean;
  top_up?: boolean;
  country?: string;
}

function selectOffers(db: Knex | Knex.Transaction) {
  return db('supplier_offers as o')
    .leftJoin('packages as p', function () {
      this.on('p.supplier', 'o.supplier').andOn('p.supplier_package_id', 'o.supplier_package_id');
    })
    .select(
      'o.*',
      'p.id as package_id',
      'p.code as package_code',
      'p.name_tr as package_name_tr',
      'p.name_en as package_name_en',
      'p.retail_price_cents as package_retail_price_cents',
      'p.active as package_active',
      'p.paused_reason as package_paused_reason',
    );
}

const SORTS: Record<string, string> = {
  name: 'o.name',
  supplier: 'o.supplier',
  supplier_package_id: 'o.supplier_package_id',
  net_cost: 'o.net_cost_cents',
  data_mb: 'o.data_mb',
  validity_days: 'o.validity_days',
  first_seen_at: 'o.first_seen_at',
  last_seen_at: 'o.last_seen_at',
};

/** GET /admin/supplier-offers: unmapped first, then the ones still listed, then by name (or the sort asked for). */
export async function listOffers(db: Knex, query: ListQuery, filter: OfferFilter & { id?: string[] }) {
  const where = (q: Knex.QueryBuilder) => {
    if (query.search) {
      const like = containsPattern(query.search);
      void q.where((w) => void w.whereILike('o.name', like).orWhereILike('o.supplier_package_id', like));
    }
    if (filter.supplier) void q.where('o.supplier', filter.supplier);
    if (filter.mapped === true) void q.whereNotNull('p.id');
    else if (filter.mapped === false) void q.whereNull('p.id');
    if (filter.gone === true) void q.whereNotNull('o.gone_at');
    else if (filter.gone === false) void q.whereNull('o.gone_at');
    if (filter.top_up !== undefined) void q.where('o.top_up', filter.top_up);
    if (filter.country) void q.whereRaw('o.countries @> ARRAY[?]::text[]', [filter.country]);
    if (filter.id) void q.whereIn('o.id', filter.id);
    return q;
  };
  const total = await countOf(where(selectOffers(db)));
  const page = where(selectOffers(db));
  const sort = sortColumn(query, SORTS, { column: '', order: 'ASC' });
  if (sort.column) void page.orderBy(sort.column, sort.order);
  else if (query.sort?.field === 'mapped') void page.orderByRaw(`(p.id IS NOT NULL) ${query.sort.order}`);
  else void page.orderByRaw('(p.id IS NOT NULL), (o.gone_at IS NOT NULL), o.name');
  const rows = (await page
    .orderBy('o.supplier')
    .orderBy('o.supplier_package_id')
    .limit(query.limit)
    .offset(query.offset)) as OfferRow[];
  return { rows, total };
}

export async function getOffer(db: Knex | Knex.Transaction, id: string, options: { lock?: boolean } = {}) {
  const query = selectOffers(db).where('o.id', id);
  if (options.lock) void query.forUpdate('o');
  const [row] = (await query) as OfferRow[];
  if (!row) throw notFound('supplier_offer_not_found');
  return row;
}

let regions: Promise<Map<string, string>> | undefined;

/** Each country's region: ISO reference data that only a migration changes, so read once per process. */
export function countryRegions(db: Knex | Knex.Transaction): Promise<Map<string, string>> {
  regions ??= db('countries')
    .select<Array<{ a2: string; region: string }>>('a2', 'region')
    .then((rows) => new Map(rows.map((row) => [row.a2, row.region])))
    .catch((error: unknown) => {
      regions = undefined;
      throw error;
    });
  return regions;
}

/**
 * local for one country; global when it spans three regions or more (Europe with Türkiye is two,
 * a worldwide plan all five); else regional.
 */
export function typeOfCountries(countries: readonly string[], byRegion: Map<string, string>): PackageType {
  if (countries.length === 1) return 'local';
  const spanned = new Set(countries.map((code) => byRegion.get(code)).filter(Boolean));
  return spanned.size >= 3 ? 'global' : 'regional';
}

export function offerView(row: OfferRow, rule: MarginRule, byRegion: Map<string, string>): SupplierOfferView {
  return {
    id: row.id,
    supplier: row.supplier,
    supplier_package_id: row.supplier_package_id,
    name: row.name,
    countries: row.countries,
    data_mb: row.data_mb,
    validity_days: row.validity_days,
    net_cost: centsToEuros(row.net_cost_cents),
    top_up: row.top_up,
    gone: row.gone_at !== null,
    gone_at: row.gone_at,
    first_seen_at: row.first_seen_at,
    last_seen_at: row.last_seen_at,
    mapped: row.package_id !== null,
    package:
      row.package_id === null
        ? null
        : {
            id: row.package_id,
            code: row.package_code!,
            name_tr: row.package_name_tr!,
            name_en: row.package_name_en!,
            retail_price: centsToEuros(row.package_retail_price_cents!),
            active: row.package_active!,
            paused_reason: row.package_paused_reason,
          },
    suggested_price: centsToEuros(priceFromCost(row.net_cost_cents, rule)),
    suggested_type: typeOfCountries(row.countries, byRegion),
  };
}
