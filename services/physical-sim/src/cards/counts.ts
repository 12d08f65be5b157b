import type { Knex } from 'knex';

/**
 * Exact live-card totals per (status, package, owner) from `card_counts`, the deltas the cards
 * table's triggers write in the same transaction as every change (migration 20261123000000): the
 * stock list's total costs a sum over a few rows instead of counting up to every card.
 */
export interface CountFilter {
  status?: string;
  packageId?: string;
  /** null: admin stock (no owner). */
  owner?: string | null;
}

export async function cardCount(db: Knex | Knex.Transaction, filter: CountFilter): Promise<number> {
  const query = db('card_counts');
  if (filter.status) void query.where('status', filter.status);
  if (filter.packageId) void query.where('package_id', filter.packageId);
  if (filter.owner === null) void query.whereNull('owner_user_id');
  else if (filter.owner !== undefined) void query.where('owner_user_id', filter.owner);
  const [row] = (await query.sum({ total: 'n' })) as Array<{ total: string | number | null }>;
  return Number(row?.total ?? 0);
}

/** Cards in admin stock (in_stock, no owner) per package, the packages with none left out. */
export async function adminStockByPackage(db: Knex | Knex.Transaction): Promise<Map<string, number>> {
  const rows = (await db('card_counts')
    .where({ status: 'in_stock' })
    .whereNull('owner_user_id')
    .groupBy('package_id')
    .havingRaw('sum(n) > 0')
    .select('package_id', db.raw('sum(n) AS total'))) as Array<{ package_id: string; total: string }>;
  return new Map(rows.map((r) => [r.package_id, Number(r.total)]));
}

/**
 * Folds the deltas into one row per group (dropping groups at zero). Atomic: a concurrent run
 * waits on the rows this one deletes and then skips them; deltas of transactions still open are
 * not visible to it and stay as they are.
 */
export async function compactCardCounts(db: Knex): Promise<void> {
  await db.raw(`WITH gone AS (DELETE FROM card_counts RETURNING status, package_id, owner_user_id, n)
    INSERT INTO card_counts (status, package_id, owner_user_id, n)
    SELECT status, package_id, owner_user_id, sum(n) FROM gone GROUP BY 1, 2, 3 HAVING sum(n) <> 0`);
}
