import { centsToEuros, type ListQuery, type PackageSupplier } from '@esim/contracts';
import { AppError, conflict, isUniqueViolation, notFound, publish, sortColumn } from '@esim/platform';
import type { Knex } from 'knex';
import type { z } from 'zod';
import type { createPackageBody, PackageFilter, updatePackageBody } from '../schemas';
import { onSale, packageBasics, selectPackages, type PackageRow } from './rows';

/** Admin management of packages (react-admin simple-rest): list, read, create, update, deactivate. */

/** A new package; one made from a supplier's offer names the supplier and its id of the package. */
export type NewPackage = z.output<typeof createPackageBody> & {
  supplier?: PackageSupplier;
  supplier_package_id?: string | null;
};
export type PackagePatch = z.output<typeof updatePackageBody>;
export type { PackageFilter };

export function adminPackageView(row: PackageRow) {
  return {
    ...packageBasics(row),
    kind: row.kind,
    retail_price: centsToEuros(row.retail_price_cents),
    cost_price: centsToEuros(row.cost_price_cents),
    recommended: row.recommended,
    features: row.features,
    active: row.active,
    provider_ref: row.provider_ref,
    network: row.network,
    hotspot: row.hotspot,
    validity_start: row.validity_start,
    operators: row.countries
      .filter((country) => row.operators[country]?.length)
      .map((country) => ({ country, names: row.operators[country]! })),
    supplier: row.supplier,
    supplier_package_id: row.supplier_package_id,
    paused_reason: row.paused_reason,
    paused_at: row.paused_at,
    on_sale: onSale(row),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const SORTS: Record<string, string> = {
  id: 'p.code',
  code: 'p.code',
  name_tr: 'p.name_tr',
  name_en: 'p.name_en',
  type: 'p.type',
  validity_days: 'p.validity_days',
  data_mb: 'p.data_mb',
  retail_price: 'p.retail_price_cents',
  cost_price: 'p.cost_price_cents',
  recommended: 'p.recommended',
  active: 'p.active',
  supplier: 'p.supplier',
  paused_at: 'p.paused_at',
  created_at: 'p.created_at',
  updated_at: 'p.updated_at',
};

export async function listPackages(db: Knex, query: ListQuery, filter: PackageFilter) {
  const where = (q: Knex.QueryBuilder) => {
    if (query.search) {
      const like = `%${query.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      void q.where(
        (w) => void w.whereILike('p.code', like).orWhereILike('p.name_tr', like).orWhereILike('p.name_en', like),
      );
    }
    if (filter.type) void q.where('p.type', filter.type);
    // The eSIM catalog by default; `kind=plus` lists the physical-card packages (prices set the same way).
    if (!filter.id) void q.where('p.kind', filter.kind ?? 'esim');
    if (filter.active !== undefined) void q.where('p.active', filter.active);
    if (filter.recommended !== undefined) void q.where('p.recommended', filter.recommended);
    if (filter.supplier) void q.where('p.supplier', filter.supplier);
    // `paused`: any reason (true), none (false), or one reason; the admin home counts cost_above_price.
    if (filter.paused === true) void q.whereNotNull('p.paused_reason');
    else if (filter.paused === false) void q.whereNull('p.paused_reason');
    else if (filter.paused) void q.where('p.paused_reason', filter.paused);
    if (filter.id) void q.whereIn('p.id', filter.id);
    if (filter.country) {
      void q.whereExists(
        db('package_countries as pc').whereRaw('pc.package_id = p.id').andWhere('pc.country_a2', filter.country),
      );
    }
    return q;
  };
  const sort = sortColumn(query, SORTS, { column: 'p.code', order: 'ASC' });
  const [countRow] = await where(db('packages as p')).count({ count: '*' });
  const rows = (await where(selectPackages(db))
    .orderBy(sort.column, sort.order)
    .orderBy('p.code')
    .limit(query.limit)
    .offset(query.offset)) as PackageRow[];
  return { rows, total: Number(countRow?.count ?? 0) };
}

export async function getPackage(
  db: Knex | Knex.Transaction,
  id: string,
  options: { lock?: boolean } = {},
): Promise<PackageRow> {
  const query = selectPackages(db).where('p.id', id);
  if (options.lock) void query.forUpdate();
  const [row] = (await query) as PackageRow[];
  if (!row) throw notFound('package_not_found');
  return row;
}

interface PackageState {
  /** Whether this change sets a price: a package paused because its supplier's cost rose keeps other edits. */
  pricesChanged: boolean;
  type: PackageRow['type'];
  countries: string[];
  retail_price_cents: number;
  cost_price_cents: number;
  operators: Record<string, string[]>;
}

type OperatorList = NonNullable<PackagePatch['operators']>;
const operatorMap = (list: OperatorList): Record<string, string[]> =>
  Object.fromEntries(list.filter((item) => item.names.length > 0).map((item) => [item.country, item.names]));

/** Rules across fields, checked on the state after the change (a partial update may break them too). */
async function checkPackage(trx: Knex.Transaction, state: PackageState): Promise<void> {
  if (state.pricesChanged && state.cost_price_cents > state.retail_price_cents)
    throw new AppError(422, 'package_cost_above_retail');
  if (state.type === 'local' && state.countries.length !== 1) throw new AppError(422, 'package_local_one_country');
  if (state.type !== 'local' && state.countries.length < 2) throw new AppError(422, 'package_needs_countries');
  const known = new Set(
    (await trx('countries').select('a2').whereIn('a2', state.countries)).map((row: { a2: string }) => row.a2),
  );
  const unknown = state.countries.filter((code) => !known.has(code));
  if (unknown.length) throw new AppError(422, 'unknown_countries', { params: { codes: unknown.join(', ') } });
  const uncovered = Object.keys(state.operators).filter((code) => !state.countries.includes(code));
  if (uncovered.length)
    throw new AppError(422, 'package_operators_not_covered', { params: { codes: uncovered.sort().join(', ') } });
}

/** Tells the other services (esim's quote cache and its copy of the packages) what a package is now; `active` says whether it sells. */
export async function publishUpserted(trx: Knex.Transaction, row: PackageRow, correlationId?: string) {
  await publish(trx, 'catalog', {
    type: 'catalog.package.upserted',
    aggregateId: row.id,
    correlationId,
    payload: {
      packageId: row.id,
      code: row.code,
      nameTr: row.name_tr,
      nameEn: row.name_en,
      type: row.type,
      dataMb: row.data_mb,
      validityDays: row.validity_days,
      retailPriceCents: row.retail_price_cents,
      active: onSale(row),
      supplier: row.supplier,
      supplierPackageId: row.supplier_package_id,
    },
  });
}

async function replaceCountries(
  trx: Knex.Transaction,
  packageId: string,
  countries: readonly string[],
  operators: Record<string, string[]>,
) {
  await trx('package_countries').where({ package_id: packageId }).delete();
  await trx('package_countries').insert(
    countries.map((country_a2) => ({ package_id: packageId, country_a2, operators: operators[country_a2] ?? [] })),
  );
}

export async function createPackage(
  trx: Knex.Transaction,
  input: NewPackage,
  correlationId?: string,
): Promise<PackageRow> {
  await checkPackage(trx, {
    pricesChanged: true,
    type: input.type,
    countries: input.countries,
    retail_price_cents: input.retail_price,
    cost_price_cents: input.cost_price,
    operators: operatorMap(input.operators),
  });
  // ON CONFLICT keeps the transaction usable (a failed INSERT would abort it, and with it an idempotency record).
  const [inserted] = await trx('packages')
    .insert({
      code: input.code,
      name_tr: input.name_tr,
      name_en: input.name_en,
      type: input.type,
      kind: input.kind,
      data_mb: input.data_mb,
      validity_days: input.validity_days,
      retail_price_cents: input.retail_price,
      cost_price_cents: input.cost_price,
      recommended: input.recommended,
      features: JSON.stringify(input.features),
      active: input.active,
      provider_ref: input.provider_ref,
      network: input.network,
      hotspot: input.hotspot,
      validity_start: input.validity_start,
      supplier: input.supplier ?? 'pool',
      supplier_package_id: input.supplier_package_id ?? null,
    })
    .onConflict('code')
    .ignore()
    .returning('id');
  if (!inserted) throw conflict('package_code_taken');
  await replaceCountries(trx, inserted.id, input.countries, operatorMap(input.operators));
  const row = await getPackage(trx, inserted.id);
  await publishUpserted(trx, row, correlationId);
  return row;
}

export async function updatePackage(
  trx: Knex.Transaction,
  id: string,
  patch: PackagePatch,
  correlationId?: string,
): Promise<PackageRow> {
  const before = await getPackage(trx, id, { lock: true });
  const countries = patch.countries ?? before.countries;
  // Operators of countries no longer covered go with them; new ones are checked against the new list.
  const operators = patch.operators
    ? operatorMap(patch.operators)
    : Object.fromEntries(Object.entries(before.operators).filter(([code]) => countries.includes(code)));
  const retail = patch.retail_price ?? before.retail_price_cents;
  const cost = patch.cost_price ?? before.cost_price_cents;
  await checkPackage(trx, {
    pricesChanged: retail !== before.retail_price_cents || cost !== before.cost_price_cents,
    type: patch.type ?? before.type,
    countries,
    retail_price_cents: retail,
    cost_price_cents: cost,
    operators,
  });
  const changes: Record<string, unknown> = {
    ...(patch.code !== undefined && { code: patch.code }),
    ...(patch.name_tr !== undefined && { name_tr: patch.name_tr }),
    ...(patch.name_en !== undefined && { name_en: patch.name_en }),
    ...(patch.type !== undefined && { type: patch.type }),
    ...(patch.data_mb !== undefined && { data_mb: patch.data_mb }),
    ...(patch.validity_days !== undefined && { validity_days: patch.validity_days }),
    ...(patch.retail_price !== undefined && { retail_price_cents: patch.retail_price }),
    ...(patch.cost_price !== undefined && { cost_price_cents: patch.cost_price }),
    ...(patch.recommended !== undefined && { recommended: patch.recommended }),
    ...(patch.features !== undefined && { features: JSON.stringify(patch.features) }),
    ...(patch.active !== undefined && { active: patch.active }),
    ...(patch.provider_ref !== undefined && { provider_ref: patch.provider_ref }),
    ...(patch.network !== undefined && { network: patch.network }),
    ...(patch.hotspot !== undefined && { hotspot: patch.hotspot }),
    ...(patch.validity_start !== undefined && { validity_start: patch.validity_start }),
    // A new price at or above the cost is the admin's decision on a package its supplier's cost paused.
    ...(before.paused_reason === 'cost_above_price' &&
      retail !== before.retail_price_cents &&
      cost <= retail && { paused_reason: null, paused_at: null }),
  };
  if (patch.code !== undefined && patch.code !== before.code) {
    const taken = await trx('packages').where({ code: patch.code }).whereNot({ id }).first('id');
    if (taken) throw conflict('package_code_taken');
  }
  try {
    await trx('packages')
      .where({ id })
      .update({ ...changes, updated_at: trx.fn.now() });
  } catch (error) {
    // A concurrent create took the code between the check and the update.
    if (isUniqueViolation(error)) throw conflict('package_code_taken');
    throw error;
  }
  if (patch.countries || patch.operators) await replaceCountries(trx, id, countries, operators);
  const row = await getPackage(trx, id);
  await publishChanged(trx, before, row, correlationId);
  return row;
}

/** A package's change announced: what it is now, and that it stopped selling when it did. */
export async function publishChanged(
  trx: Knex.Transaction,
  before: PackageRow,
  row: PackageRow,
  correlationId?: string,
) {
  await publishUpserted(trx, row, correlationId);
  if (onSale(before) && !onSale(row)) await publishDeactivated(trx, row.id, correlationId);
}

async function publishDeactivated(trx: Knex.Transaction, packageId: string, correlationId?: string) {
  await publish(trx, 'catalog', {
    type: 'catalog.package.deactivated',
    aggregateId: packageId,
    correlationId,
    payload: { packageId },
  });
}

/** DELETE is a deactivation: orders and dealer prices keep pointing at the package, and it can be sold again later. */
export async function deactivatePackage(
  trx: Knex.Transaction,
  id: string,
  correlationId?: string,
): Promise<PackageRow> {
  const before = await getPackage(trx, id, { lock: true });
  if (!before.active) return before;
  await trx('packages').where({ id }).update({ active: false, updated_at: trx.fn.now() });
  const row = await getPackage(trx, id);
  await publishChanged(trx, before, row, correlationId);
  return row;
}
