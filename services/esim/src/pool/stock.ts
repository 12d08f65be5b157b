import type { Knex } from 'knex';
import { publish } from '@esim/platform';

export const DEFAULT_LOW_STOCK_THRESHOLD = 10;

/**
 * After an allocation (the provider counted what is left, up to the threshold, in its own statement):
 * when the package's available profiles fell below its threshold, publish esim.pool.low-stock once
 * (until an import brings the stock back above it).
 */
export async function alertIfLow(
  trx: Knex.Transaction,
  packageCode: string,
  stock: { threshold: number; available: number },
): Promise<void> {
  const { threshold, available } = stock;
  if (available >= threshold) return;
  const claimed = await trx('pool_thresholds')
    .insert({ package_code: packageCode, threshold, alerted_at: trx.fn.now() })
    .onConflict('package_code')
    .merge({ alerted_at: trx.fn.now() })
    .where('pool_thresholds.alerted_at', null)
    .returning('package_code');
  if (claimed.length === 0) return;
  await publish(trx, 'esim', {
    type: 'esim.pool.low-stock',
    aggregateId: packageCode,
    payload: { packageCode, available, threshold },
  });
}

export async function setThreshold(db: Knex, packageCode: string, threshold: number): Promise<void> {
  await db('pool_thresholds')
    .insert({ package_code: packageCode, threshold })
    .onConflict('package_code')
    .merge({ threshold, alerted_at: null, updated_at: db.fn.now() });
}

export interface StockRow {
  package_code: string;
  package_name_tr: string | null;
  package_name_en: string | null;
  operators: string[];
  available: number;
  assigned: number;
  threshold: number;
  low: boolean;
}

/** Stock per package code: available and sold profiles, the threshold, and whether it is low. */
export async function stockByPackage(db: Knex): Promise<StockRow[]> {
  const result = await db.raw(
    `SELECT p.package_code,
            cp.name_tr AS package_name_tr, cp.name_en AS package_name_en,
            array_agg(DISTINCT p.operator ORDER BY p.operator) AS operators,
            count(*) FILTER (WHERE p.pool_status = 'available')::int AS available,
            count(*) FILTER (WHERE p.pool_status = 'assigned')::int AS assigned,
            coalesce(t.threshold, ?)::int AS threshold
       FROM profiles p
       LEFT JOIN catalog_packages cp ON cp.code = p.package_code
       LEFT JOIN pool_thresholds t ON t.package_code = p.package_code
      -- The pool's stock only: a supplier's eSIMs are bought at the moment of sale, never stocked.
      WHERE p.supplier = 'pool'
      GROUP BY p.package_code, cp.name_tr, cp.name_en, t.threshold
      ORDER BY p.package_code`,
    [DEFAULT_LOW_STOCK_THRESHOLD],
  );
  return (result.rows as Omit<StockRow, 'low'>[]).map((row) => ({ ...row, low: row.available < row.threshold }));
}

/**
 * How many of a package's profiles the pool could hand out now, counted up to `upTo`: the same
 * profiles `pool_assign` takes (the package's, still available), read without locking any.
 */
export async function availableInPool(db: Knex, packageCode: string, upTo: number): Promise<number> {
  const result = await db.raw(
    `SELECT count(*)::int AS available
       FROM (SELECT 1 FROM profiles WHERE package_code = ? AND pool_status = 'available' LIMIT ?) s`,
    [packageCode, upTo],
  );
  return (result.rows[0] as { available: number }).available;
}
