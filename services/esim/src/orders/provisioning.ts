import type { Knex } from 'knex';
import type { Seller } from '@esim/contracts';
import { GroupCommit, publishMany } from '@esim/platform';
import type { ProfileRow } from '../profiles/views';
import type { EsimProvider, ProvisionResult, TopUpResult } from '../provider/port';
import { publishReceipts } from './agreements';
import { completedEvent, normalizeOrder, type OrderRow, type OrderStep } from './saga';

/** An order to provision: where its driver found it, and the hold that pays for it. */
export interface ProvisionItem {
  order: OrderRow;
  from: OrderStep;
  holdId: string;
}

/** The order moved on (completed with its eSIMs, or voiding when the provider had none); undefined when someone else moved it first. */
export type ProvisionOutcome = { order: OrderRow; profiles: ProfileRow[] } | undefined;

const MB = 1024 * 1024;

/**
 * The provider's part for each order, in order: new profiles for a purchase, a bundle on the eSIM
 * for a top-up (the two kinds of one batch go to the provider in one call each).
 */
async function provide(trx: Knex.Transaction, provider: EsimProvider, orders: OrderRow[]): Promise<Array<ProvisionResult | TopUpResult>> {
  const purchases = orders.map((order, i) => ({ order, i })).filter(({ order }) => !order.top_up_profile_id);
  const topUps = orders.map((order, i) => ({ order, i })).filter(({ order }) => order.top_up_profile_id);
  const results: Array<ProvisionResult | TopUpResult> = new Array(orders.length);
  if (purchases.length > 0) {
    const provisioned = await provider.provision(
      trx,
      purchases.map(({ order }) => ({
        orderId: order.id,
        userId: order.user_id,
        packageCode: order.package_code,
        quantity: order.quantity,
        dataTotalBytes: order.data_mb === null ? null : order.data_mb * MB,
      })),
    );
    purchases.forEach(({ i }, k) => (results[i] = provisioned[k]!));
  }
  if (topUps.length > 0) {
    const added = await provider.topUp(
      trx,
      topUps.map(({ order }) => ({
        orderId: order.id,
        profileId: order.top_up_profile_id!,
        packageCode: order.package_code,
        dataBytes: order.data_mb === null ? null : order.data_mb * MB,
        validityDays: order.validity_days,
      })),
    );
    topUps.forEach(({ i }, k) => (results[i] = added[k]!));
  }
  return results;
}

/**
 * Provisions orders by group commit: the orders whose holds came back at the same moment are
 * provisioned together in one transaction, each moved from where its driver found it to completed
 * with esim.order.completed (and the receipt of an order whose buyer accepted the checkout's
 * documents, naming `seller`), or to voiding when the provider has nothing, the hold's id written
 * with it, and their eSIMs read back for the answer: a handful of statements and one commit for the
 * batch instead of a transaction per order. The orders are locked first (in id order, so batches
 * never deadlock): a second driver of one of them (the recovery loop, a retry) waits, then finds it
 * moved and leaves it. If one order's provisioning fails, the batch is written again order by order
 * (GroupCommit), so only that order waits for the recovery loop.
 */
export function createProvisioning(db: Knex, provider: EsimProvider, seller: Seller): GroupCommit<ProvisionItem, ProvisionOutcome> {
  return new GroupCommit((batch) => db.transaction((trx) => provisionOrders(trx, provider, seller, batch)));
}

async function provisionOrders(trx: Knex.Transaction, provider: EsimProvider, seller: Seller, batch: ProvisionItem[]): Promise<ProvisionOutcome[]> {
  const locked: Array<{ id: string; step: OrderStep }> = await trx('orders')
    .whereIn(
      'id',
      batch.map((item) => item.order.id),
    )
    .orderBy('id')
    .forUpdate()
    .select('id', 'step');
  const stepOf = new Map(locked.map((row) => [row.id, row.step]));
  const ready: ProvisionItem[] = [];
  for (const item of batch) {
    // Moved elsewhere, or the same order twice in the batch (two drivers): provisioned once.
    if (stepOf.get(item.order.id) !== item.from) continue;
    stepOf.delete(item.order.id);
    ready.push(item);
  }
  const results = ready.length === 0 ? [] : await provide(trx, provider, ready.map((item) => item.order));
  const changes = ready.map(({ order, holdId }, i) => {
    const result = results[i]!;
    return result.ok
      ? { id: order.id, step: 'completed' as const, hold_id: holdId, failure_code: null }
      : { id: order.id, step: 'voiding' as const, hold_id: holdId, failure_code: result.reason as string | null };
  });
  if (changes.length === 0) return batch.map(() => undefined);
  // Arrays unnested (not a JSON record set): the planner knows how many rows come and walks the primary key.
  const moved = await trx.raw(
    `UPDATE orders o
        SET step = c.step, hold_id = c.hold_id, failure_code = coalesce(c.failure_code, o.failure_code),
            completed_at = CASE WHEN c.step = 'completed' THEN now() ELSE o.completed_at END,
            attempts = 0, updated_at = now()
       FROM unnest(?::uuid[], ?::text[], ?::uuid[], ?::text[]) AS c(id, step, hold_id, failure_code)
      WHERE o.id = c.id
      RETURNING o.*`,
    [changes.map((c) => c.id), changes.map((c) => c.step), changes.map((c) => c.hold_id), changes.map((c) => c.failure_code)] as unknown as Knex.RawBinding[],
  );
  const orders = new Map((moved.rows as Array<Record<string, unknown>>).map((row) => [row.id as string, normalizeOrder(row)]));
  const completed = [...orders.values()].filter((order) => order.step === 'completed');
  await publishMany(trx, 'esim', completed.map(completedEvent));
  await publishReceipts(trx, seller, completed);
  const profiles = new Map<string, ProfileRow[]>();
  const purchases = completed.filter((order) => !order.top_up_profile_id);
  if (purchases.length > 0) {
    const rows: ProfileRow[] = await trx('profiles')
      .whereIn(
        'order_id',
        purchases.map((order) => order.id),
      )
      .orderBy('iccid');
    for (const row of rows) profiles.set(row.order_id!, [...(profiles.get(row.order_id!) ?? []), row]);
  }
  // A top-up's answer shows the eSIM it added to, as it is now.
  const topUps = completed.filter((order) => order.top_up_profile_id);
  if (topUps.length > 0) {
    const rows: ProfileRow[] = await trx('profiles').whereIn(
      'id',
      topUps.map((order) => order.top_up_profile_id!),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const order of topUps) profiles.set(order.id, [byId.get(order.top_up_profile_id!)!]);
  }
  // Each order's outcome once: a second item of the same order in the batch finds it moved.
  const answered = new Set<string>();
  return batch.map(({ order }) => {
    const moved = orders.get(order.id);
    if (!moved || answered.has(order.id)) return undefined;
    answered.add(order.id);
    return { order: moved, profiles: profiles.get(order.id) ?? [] };
  });
}
