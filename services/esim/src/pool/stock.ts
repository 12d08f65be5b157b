import type { Knex } from 'knex';
import { publish } from '@esim/platform';

export const DEFAULT_LOW_STOCK_THRESHOLD = 10;

/**
 * After an allocation: when the package's available profiles fell below its threshold, publish
 * esim.pool.low-stock once (until an import brings the stock back above it).
 */
export async function checkLowStock(trx: Knex.Transaction, packageCode: string): Promise<void> {
  // One round trip: the threshold and whether the stock is below it (counting stops at the threshold).
  const result = await trx.raw(
    `SELECT t.threshold, (SELECT count(*)::int FROM (SELECT 1 FROM profiles WHERE package_code = ? AND pool_status = 'available' LIMIT t.threshold) s) AS available
       FROM (SELECT coalesce((SELECT threshold FROM pool_thresholds WHERE package_code = ?), ?) AS threshold) t`,
    [packageCode, packageCode, DEFAULT_LOW_STOCK_THRESHOLD],
  );
  const { threshold, available } = result.rows[0] as { threshold: number; available: number };
  if (available >= threshold) return;
  const claimed = await trx('pool_thresholds')
    .insert({ package_code: packageCode, threshold, alerted_at: trx.fn.now() })
    .onConflict('package_code')
    .merge({ alerted_at: trx.fn.now() })
    .where('pool_thresholds.alerted_at', null)
    .returning('package_code');
  if (claimed.length === 0) return;
  await publish(trx, 'esim', { type: 'esim.pool.low-stock', aggregateId: packageCode, payload: { packageCode, available, threshold } });
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
      GROUP BY p.package_code, cp.name_tr, cp.name_en, t.threshold
      ORDER BY p.package_code`,
    [DEFAULT_LOW_STOCK_THRESHOLD],
  );
  return (result.rows as Omit<StockRow, 'low'>[]).map((row) => ({ ...row, low: row.available < row.threshold }));
}
