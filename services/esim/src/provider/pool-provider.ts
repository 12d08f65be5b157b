import type { Knex } from 'knex';
import { alertIfLow, DEFAULT_LOW_STOCK_THRESHOLD } from '../pool/stock';
import type { EsimProvider, ProvisionRequest, ProvisionResult } from './port';

/**
 * The default provider: profiles an admin imported from an operator's batch. Allocation takes the
 * oldest available profiles of the package with `FOR UPDATE SKIP LOCKED`, so concurrent orders never
 * wait on each other's rows nor get the same profile. The pool has no remote side: status changes
 * and usage are what the webhook and usage files recorded.
 */
export const poolProvider: EsimProvider = {
  name: 'pool',

  async provision(trx: Knex.Transaction, request: ProvisionRequest): Promise<ProvisionResult> {
    // Idempotent through the caller: the saga provisions and moves the order past `held` in this same
    // transaction (and rolls back if the order had moved on), so an order still `held` has no profiles yet.
    // One statement: the oldest free profiles, taken only when there are enough of them, and what is
    // left of the package against its low-stock threshold. (Subqueries see the table as the statement
    // found it, the taken profiles still free: the count runs that much further and takes them off.)
    const assigned = await trx.raw(
      `WITH picked AS (
         SELECT id FROM profiles
          WHERE package_code = ? AND pool_status = 'available'
          ORDER BY created_at, iccid
          LIMIT ? FOR UPDATE SKIP LOCKED),
       limits AS (SELECT coalesce((SELECT threshold FROM pool_thresholds WHERE package_code = ?), ?) AS threshold)
       UPDATE profiles p
          SET pool_status = 'assigned', order_id = ?, user_id = ?, status = 'inactive',
              data_total_bytes = ?, assigned_at = now(), updated_at = now()
         FROM picked, limits
        WHERE p.id = picked.id AND (SELECT count(*) FROM picked) = ?
        RETURNING p.iccid, limits.threshold,
                  (SELECT count(*)::int FROM (SELECT 1 FROM profiles
                     WHERE package_code = ? AND pool_status = 'available' LIMIT limits.threshold + ?) s) - ? AS available`,
      [
        request.packageCode,
        request.quantity,
        request.packageCode,
        DEFAULT_LOW_STOCK_THRESHOLD,
        request.orderId,
        request.userId,
        request.dataTotalBytes,
        request.quantity,
        request.packageCode,
        request.quantity,
        request.quantity,
      ],
    );
    const rows = assigned.rows as Array<{ iccid: string; threshold: number; available: number }>;
    if (rows.length < request.quantity) return { ok: false, reason: 'esim_out_of_stock' };
    await alertIfLow(trx, request.packageCode, rows[0]!);
    return { ok: true, iccids: rows.map((r) => r.iccid).sort() };
  },

  async usage(db, iccid) {
    const row = await db('profiles').where({ iccid }).first('data_used_bytes', 'data_total_bytes');
    if (!row) return undefined;
    return { usedBytes: Number(row.data_used_bytes), totalBytes: row.data_total_bytes === null ? null : Number(row.data_total_bytes) };
  },

  async setStatus() {
    // The pool's profiles live only here: the row's status is the whole truth (profiles/status.ts writes it).
  },
};
