import { applyPercentage, centsToEuros, translate, type Locale } from '@esim/contracts';
import { AppError, publish, type AuthUser } from '@esim/platform';
import type { Knex } from 'knex';
import { formatData } from '@esim/contracts';
import { onSale, PRICE_LIST_ORDER, selectPackages, type PackageRow } from '../packages/rows';
import { dealerForCaller } from './dealers';

export type PriceSource = 'single' | 'bulk' | 'percentage';

export interface PriceChange {
  packageId: string;
  /** null removes the override. */
  priceCents: number | null;
}

type DealerPackageRow = PackageRow & { dealer_price_cents: number | null; dealer_price_updated_at: Date | null };

/** Every package (active or not) with the dealer's override where one is set. */
export async function dealerPackages(db: Knex | Knex.Transaction, dealerId: string, packageIds?: readonly string[]) {
  const query = selectPackages(db)
    .select({ dealer_price_cents: 'dp.price_cents', dealer_price_updated_at: 'dp.updated_at' })
    .leftJoin('dealer_prices as dp', function () {
      this.on('dp.package_id', 'p.id').andOn('dp.dealer_id', db.raw('?', [dealerId]));
    })
    .orderByRaw(PRICE_LIST_ORDER);
  if (packageIds) void query.whereIn('p.id', packageIds);
  return (await query) as DealerPackageRow[];
}

/** The pricing screen's row: base (retail) and dealer price; cost only for admins, who may go below it. */
export function dealerPackageView(row: DealerPackageRow, locale: Locale, options: { withCost: boolean }) {
  const effective = row.dealer_price_cents ?? row.retail_price_cents;
  return {
    id: row.id,
    package_id: row.id,
    code: row.code,
    kind: row.kind,
    name: locale === 'tr' ? row.name_tr : row.name_en,
    name_tr: row.name_tr,
    name_en: row.name_en,
    type: row.type,
    countries: row.countries,
    validity_days: row.validity_days,
    data_mb: row.data_mb,
    data: formatData(row.data_mb, locale),
    active: row.active,
    paused_reason: row.paused_reason,
    on_sale: onSale(row),
    base_price: centsToEuros(row.retail_price_cents),
    ...(options.withCost ? { cost_price: centsToEuros(row.cost_price_cents) } : {}),
    dealer_price: row.dealer_price_cents === null ? null : centsToEuros(row.dealer_price_cents),
    price: centsToEuros(effective),
    price_source: row.dealer_price_cents === null ? ('retail' as const) : ('dealer' as const),
    currency: 'EUR' as const,
    dealer_price_updated_at: row.dealer_price_updated_at,
  };
}

interface WriteContext {
  dealerId: string;
  actor: AuthUser;
  source: PriceSource;
  allowBelowCost: boolean;
  /** The caller's language, for the message under each refused price. */
  locale: Locale;
  correlationId?: string;
}

/** Where a refused price sits in the request: the single route's `price`, a bulk list's `packages.<index>.price`. */
function pricePath(source: PriceSource, index: number): string | null {
  if (source === 'single') return 'price';
  return source === 'bulk' ? `packages.${index}.price` : null;
}

/**
 * Writes a set of price changes for one dealer, all or nothing: the dealer row is locked so
 * concurrent writes for the same dealer queue (the history's "old" price is always the real
 * one), unknown packages and prices below cost refuse the whole set, and each real change gets
 * a history row and a catalog.dealer-price.changed event in the same transaction.
 */
export async function writeDealerPrices(
  db: Knex,
  context: WriteContext,
  changes: (trx: Knex.Transaction) => Promise<PriceChange[]> | PriceChange[],
): Promise<{ changed: number; packageIds: string[] }> {
  if (context.allowBelowCost && context.actor.role !== 'admin')
    throw new AppError(403, 'dealer_price_below_cost_admin_only');
  return db.transaction(async (trx) => {
    await dealerForCaller(trx, context.dealerId, context.actor, { lock: true });
    const wanted = await changes(trx);
    const ids = wanted.map((change) => change.packageId);
    const packages = await trx('packages')
      .select<Array<{ id: string; code: string; cost_price_cents: number }>>('id', 'code', 'cost_price_cents')
      .whereIn('id', ids);
    const byId = new Map(packages.map((p) => [p.id, p]));
    const unknown = ids.filter((id) => !byId.has(id));
    if (unknown.length) {
      if (context.source === 'single') throw new AppError(404, 'package_not_found');
      throw new AppError(422, 'dealer_price_unknown_packages', { params: { packages: unknown.join(', ') } });
    }
    if (!context.allowBelowCost) {
      const below = wanted
        .map((change, index) => ({ change, index }))
        .filter(({ change: c }) => c.priceCents !== null && c.priceCents < byId.get(c.packageId)!.cost_price_cents);
      if (below.length) {
        const codes = below.map(({ change }) => byId.get(change.packageId)!.code).join(', ');
        // Each refused price is named under its own field, so a caller without costs sees which rows to change.
        const errors = below.flatMap(({ change, index }) => {
          const path = pricePath(context.source, index);
          const params = { packages: byId.get(change.packageId)!.code };
          return path ? [{ path, message: translate('dealer_price_below_cost', context.locale, params) }] : [];
        });
        throw new AppError(422, 'dealer_price_below_cost', { params: { packages: codes }, errors });
      }
    }
    const current = await trx('dealer_prices')
      .select<Array<{ package_id: string; price_cents: number }>>('package_id', 'price_cents')
      .where({ dealer_id: context.dealerId })
      .whereIn('package_id', ids);
    const existing = new Map(current.map((row) => [row.package_id, row.price_cents]));
    const real = wanted.filter((c) => (existing.get(c.packageId) ?? null) !== c.priceCents);
    if (real.length === 0) return { changed: 0, packageIds: [] };

    const set = real.filter((c) => c.priceCents !== null);
    const removed = real.filter((c) => c.priceCents === null).map((c) => c.packageId);
    if (set.length) {
      await trx('dealer_prices')
        .insert(
          set.map((c) => ({
            dealer_id: context.dealerId,
            package_id: c.packageId,
            price_cents: c.priceCents,
            updated_by: context.actor.id,
            updated_at: trx.fn.now(),
          })),
        )
        .onConflict(['dealer_id', 'package_id'])
        .merge(['price_cents', 'updated_by', 'updated_at']);
    }
    if (removed.length)
      await trx('dealer_prices').where({ dealer_id: context.dealerId }).whereIn('package_id', removed).delete();
    await trx('price_history').insert(
      real.map((c) => ({
        dealer_id: context.dealerId,
        package_id: c.packageId,
        old_price_cents: existing.get(c.packageId) ?? null,
        new_price_cents: c.priceCents,
        source: context.source,
        changed_by: context.actor.id,
        changed_by_role: context.actor.role,
      })),
    );
    for (const c of real) {
      await publish(trx, 'catalog', {
        type: 'catalog.dealer-price.changed',
        aggregateId: context.dealerId,
        correlationId: context.correlationId,
        payload: {
          dealerId: context.dealerId,
          packageId: c.packageId,
          oldPriceCents: existing.get(c.packageId) ?? null,
          newPriceCents: c.priceCents,
          changedBy: context.actor.id,
        },
      });
    }
    return { changed: real.length, packageIds: real.map((c) => c.packageId) };
  });
}

/**
 * The percentage rule: each chosen package (default: every one on sale, not a paused one) gets
 * retail × (1 + p/100), computed from retail (not from the current dealer price), so applying the same percentage twice
 * changes nothing the second time.
 */
export async function percentageChanges(
  trx: Knex.Transaction,
  hundredths: number,
  packageIds?: readonly string[],
): Promise<PriceChange[]> {
  const query = trx('packages').select<Array<{ id: string; retail_price_cents: number }>>('id', 'retail_price_cents');
  if (packageIds) void query.whereIn('id', packageIds);
  else void query.where({ active: true }).whereNull('paused_reason');
  const rows = await query;
  const found = new Set(rows.map((row) => row.id));
  // Unknown ids stay in the list so the write refuses them by name.
  const missing = (packageIds ?? [])
    .filter((id) => !found.has(id))
    .map((packageId) => ({ packageId, priceCents: null }));
  if (rows.length === 0 && missing.length === 0) throw new AppError(422, 'dealer_price_empty_selection');
  return [
    ...rows.map((row) => ({ packageId: row.id, priceCents: applyPercentage(row.retail_price_cents, hundredths) })),
    ...missing,
  ];
}
