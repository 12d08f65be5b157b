import type { Knex } from 'knex';
import { alertIfLow, DEFAULT_LOW_STOCK_THRESHOLD } from '../pool/stock';
import { addBundle } from '../top-ups/bundles';
import type { EsimProvider, ProvisionRequest, ProvisionResult, TopUpResult } from './port';

/**
 * The default provider: profiles an admin imported from an operator's batch. Allocation takes the
 * oldest available profiles of the package with `FOR UPDATE SKIP LOCKED`, so concurrent orders never
 * wait on each other's rows nor get the same profile. The pool has no remote side: status changes
 * and usage are what the webhook and usage files recorded.
 */
export const poolProvider: EsimProvider = {
  name: 'pool',

  async provision(db: Knex, requests: ProvisionRequest[]): Promise<ProvisionResult[]> {
    if (requests.length === 0) return [];
    return db.transaction(async (trx) => {
      // The orders locked (in id order, so two callers never wait in a circle): a second caller for
      // one of them waits here, then finds its profiles and gets the same ones back.
      await trx('orders')
        .whereIn('id', requests.map((r) => r.orderId).sort())
        .orderBy('id')
        .forUpdate()
        .select('id');
      const had: Array<{ order_id: string; iccid: string }> = await trx('profiles')
        .whereIn(
          'order_id',
          requests.map((r) => r.orderId),
        )
        .select('order_id', 'iccid');
      const held = new Map<string, string[]>();
      for (const row of had) held.set(row.order_id, [...(held.get(row.order_id) ?? []), row.iccid]);
      const fresh = requests.filter((request) => !held.has(request.orderId));
      const assigned = await assign(trx, fresh);
      return requests.map((request) => {
        const iccids = held.get(request.orderId) ?? assigned.get(request.orderId) ?? [];
        return iccids.length === request.quantity
          ? { ok: true as const, iccids: iccids.sort() }
          : { ok: false as const, reason: 'esim_out_of_stock' as const };
      });
    });
  },

  async topUp(db, requests) {
    // A top-up is a bundle on the profile (addBundle skips an order already added): the pool has no
    // remote side to tell. Profiles are locked in id order, so two callers never wait in a circle.
    return db.transaction(async (trx) => {
      const results = new Map<number, TopUpResult>();
      const order = requests
        .map((request, i) => ({ request, i }))
        .sort((a, b) => a.request.profileId.localeCompare(b.request.profileId));
      for (const { request, i } of order) results.set(i, await addBundle(trx, request));
      return requests.map((_, i) => results.get(i)!);
    });
  },
  async usage(db, iccid) {
    const row = await db('profiles').where({ iccid }).first('data_used_bytes', 'data_total_bytes');
    if (!row) return undefined;
    return {
      usedBytes: Number(row.data_used_bytes),
      totalBytes: row.data_total_bytes === null ? null : Number(row.data_total_bytes),
    };
  },

  async setStatus() {
    // The pool's profiles live only here: the row's status is the whole truth (profiles/status.ts writes it).
  },

  async revoke() {
    // The pool has no remote side: the row, withdrawn for good by the refund (assigned, never offered again, its code shown nowhere), is the revocation.
  },
};

/**
 * Each order's oldest free profiles of its package, only if there are enough, in one call for all
 * (migrations/*_pool_assign.ts); then the low-stock alert of each package from what is left.
 */
async function assign(trx: Knex.Transaction, requests: ProvisionRequest[]): Promise<Map<string, string[]>> {
  const iccids = new Map<string, string[]>();
  if (requests.length === 0) return iccids;
  const column = <T>(pick: (request: ProvisionRequest) => T) => requests.map(pick);
  const assigned = await trx.raw(
    'SELECT r_idx, r_iccid, r_threshold, r_available FROM pool_assign(?::uuid[], ?::text[], ?::text[], ?::int[], ?::bigint[], ?)',
    [
      column((r) => r.orderId),
      column((r) => r.userId),
      column((r) => r.packageCode),
      column((r) => r.quantity),
      column((r) => r.dataTotalBytes),
      DEFAULT_LOW_STOCK_THRESHOLD,
    ] as unknown as Knex.RawBinding[],
  );
  const rows = assigned.rows as Array<{ r_idx: number; r_iccid: string; r_threshold: number; r_available: number }>;
  // What is left of each package after the batch: its last allocation's count.
  const left = new Map<string, { threshold: number; available: number }>();
  for (const row of rows) {
    const request = requests[row.r_idx - 1]!;
    iccids.set(request.orderId, [...(iccids.get(request.orderId) ?? []), row.r_iccid]);
    left.set(request.packageCode, { threshold: row.r_threshold, available: row.r_available });
  }
  for (const [packageCode, stock] of left) await alertIfLow(trx, packageCode, stock);
  return iccids;
}
