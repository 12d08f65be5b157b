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

  async provision(trx: Knex.Transaction, requests: ProvisionRequest[]): Promise<ProvisionResult[]> {
    // Idempotent through the caller: the saga provisions and moves the orders on in this same
    // transaction (and skips any that had moved on), so an order it provisions has no profiles yet.
    // One call for all: each order alone as before (its oldest free profiles, only if there are
    // enough), with the package's threshold and what is left (migrations/*_pool_assign.ts).
    const column = <T>(pick: (request: ProvisionRequest) => T) => requests.map(pick);
    const assigned = await trx.raw('SELECT r_idx, r_iccid, r_threshold, r_available FROM pool_assign(?::uuid[], ?::text[], ?::text[], ?::int[], ?::bigint[], ?)', [
      column((r) => r.orderId),
      column((r) => r.userId),
      column((r) => r.packageCode),
      column((r) => r.quantity),
      column((r) => r.dataTotalBytes),
      DEFAULT_LOW_STOCK_THRESHOLD,
    ] as unknown as Knex.RawBinding[]);
    const rows = assigned.rows as Array<{ r_idx: number; r_iccid: string; r_threshold: number; r_available: number }>;
    const iccids = requests.map((): string[] => []);
    // What is left of each package after the batch: its last allocation's count.
    const left = new Map<string, { threshold: number; available: number }>();
    for (const row of rows) {
      iccids[row.r_idx - 1]!.push(row.r_iccid);
      left.set(requests[row.r_idx - 1]!.packageCode, { threshold: row.r_threshold, available: row.r_available });
    }
    for (const [packageCode, stock] of left) await alertIfLow(trx, packageCode, stock);
    return requests.map((request, i) => (iccids[i]!.length === request.quantity ? { ok: true, iccids: iccids[i]!.sort() } : { ok: false, reason: 'esim_out_of_stock' }));
  },

  async topUp(trx, requests) {
    // A top-up is a bundle on the profile: the pool has no remote side to tell. Profiles are
    // locked in id order, so two batches topping up the same eSIMs never wait on each other in a circle.
    const results = new Map<number, TopUpResult>();
    const order = requests.map((request, i) => ({ request, i })).sort((a, b) => a.request.profileId.localeCompare(b.request.profileId));
    for (const { request, i } of order) results.set(i, await addBundle(trx, request));
    return requests.map((_, i) => results.get(i)!);
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
