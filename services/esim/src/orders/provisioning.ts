import type { Knex } from 'knex';
import type { Seller } from '@esim/contracts';
import { AppError, GroupCommit, outboxInsert, type PublishInput } from '@esim/platform';
import type { EsimProvider, ProvisionResult, TopUpResult } from '../provider/port';
import { normalizeOrder, type OrderRow, type OrderStep, type ProfileRow, type SupplierName } from '../rows';
import { receiptEvents } from './agreements';
import { completedEvent } from './events';
import { deliveryWrites, type NewProfile } from '../profiles/deliveries';

/** An order to provision: where its driver found it (placed, or provisioning after a crash), and the hold that pays for it. */
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
async function provide(
  db: Knex,
  provider: EsimProvider,
  orders: OrderRow[],
): Promise<Array<ProvisionResult | TopUpResult>> {
  const purchases = orders.map((order, i) => ({ order, i })).filter(({ order }) => !order.top_up_profile_id);
  const topUps = orders.map((order, i) => ({ order, i })).filter(({ order }) => order.top_up_profile_id);
  const results: Array<ProvisionResult | TopUpResult> = new Array(orders.length);
  if (purchases.length > 0) {
    const provisioned = await provider.provision(
      db,
      purchases.map(({ order }) => ({
        orderId: order.id,
        supplier: order.supplier,
        userId: order.user_id,
        packageCode: order.package_code,
        supplierPackageId: order.supplier_package_id ?? order.package_code,
        quantity: order.quantity,
        dataTotalBytes: order.data_mb === null ? null : order.data_mb * MB,
        validityDays: order.validity_days,
        ...(order.supplier_order_opened === undefined ? {} : { opened: order.supplier_order_opened }),
        recordsDelivery: true,
      })),
    );
    purchases.forEach(({ i }, k) => (results[i] = provisioned[k]!));
  }
  if (topUps.length > 0) {
    const iccids = new Map(
      (
        (await db('profiles')
          .whereIn(
            'id',
            topUps.map(({ order }) => order.top_up_profile_id!),
          )
          .select('id', 'iccid')) as Array<{ id: string; iccid: string }>
      ).map((row) => [row.id, row.iccid]),
    );
    const added = await provider.topUp(
      db,
      topUps.map(({ order }) => ({
        orderId: order.id,
        supplier: order.supplier,
        profileId: order.top_up_profile_id!,
        iccid: iccids.get(order.top_up_profile_id!)!,
        packageCode: order.package_code,
        supplierPackageId: order.supplier_package_id ?? order.package_code,
        dataBytes: order.data_mb === null ? null : order.data_mb * MB,
        validityDays: order.validity_days,
      })),
    );
    topUps.forEach(({ i }, k) => (results[i] = added[k]!));
  }
  return results;
}

/** Provisions one order (with others of the same moment where they go together). */
export interface Provisioning {
  submit(item: ProvisionItem): Promise<ProvisionOutcome>;
}

/** A supplier's answer for one reserved order, to be recorded with the answers of the same moment. */
interface Provided {
  order: OrderRow;
  result: ProvisionResult | TopUpResult;
}

/**
 * Provisions orders in three steps so that no row is locked while the provider works (a partner's
 * HTTP API may take seconds): reserve (the orders move to provisioning with their hold's id, one
 * commit), the provider's call outside any transaction of ours, record (completed with
 * esim.order.completed and the receipts, or voiding when the provider had nothing, one commit).
 * The pool's orders take all three steps as one group commit. A supplier's orders are reserved
 * together and recorded together (a group commit each), but each makes its own supplier call in
 * between, so no buyer waits out another's. A crash between the steps leaves the order in
 * provisioning, and the recovery loop calls the provider again: it is idempotent by order id. Each
 * step moves only orders still where their driver found them, so a second driver (the recovery loop,
 * a retry) leaves an order already moved.
 * Why: docs/decisions/0012-purchase-path.md, 0019-suppliers-behind-the-provider-port.md and 0021.
 */
/** The seller every receipt names, asked for before each write (never inside its transaction). */
export type SellerSource = () => Promise<Seller>;

export function createProvisioning(db: Knex, provider: EsimProvider, seller: SellerSource): Provisioning {
  const opening = provider.opensWithReservation ?? [];
  const pool = new GroupCommit<ProvisionItem, ProvisionOutcome>((batch) =>
    provisionOrders(db, provider, seller, batch, opening),
  );
  const reserving = new GroupCommit<ProvisionItem, OrderRow | undefined>(async (batch) => {
    const reserved = await reserve(db, batch, opening);
    return oncePerOrder(batch, new Map(reserved.map((order) => [order.id, order])));
  });
  const recording = new GroupCommit<Provided, ProvisionOutcome>(async (batch) => {
    const named = await seller();
    const recorded = await record(
      db,
      named,
      batch.map(({ order }) => order),
      batch.map(({ result }) => result),
    );
    return oncePerOrder(batch, recorded);
  });
  return {
    async submit(item) {
      if (item.order.supplier === 'pool') return pool.submit(item);
      const order = await reserving.submit(item);
      if (!order) return undefined;
      const [result] = await provideOrRetry(db, provider, [order]);
      return recording.submit({ order, result: result! });
    },
  };
}

/** Each item's order as the batch moved it, once per order: a second item of the same order finds it moved (undefined). */
function oncePerOrder<T>(batch: Array<{ order: OrderRow }>, moved: Map<string, T>): Array<T | undefined> {
  const answered = new Set<string>();
  return batch.map(({ order }) => {
    if (!moved.has(order.id) || answered.has(order.id)) return undefined;
    answered.add(order.id);
    return moved.get(order.id);
  });
}

/** The provider's part; a failed call leaves the orders reserved for the recovery loop to ask again. */
async function provideOrRetry(
  db: Knex,
  provider: EsimProvider,
  orders: OrderRow[],
): Promise<Array<ProvisionResult | TopUpResult>> {
  try {
    return await provide(db, provider, orders);
  } catch (error) {
    // As after any remote failure: the buyer gets "processing".
    throw new AppError(503, 'esim_provider_failed', { cause: error });
  }
}

async function provisionOrders(
  db: Knex,
  provider: EsimProvider,
  seller: SellerSource,
  batch: ProvisionItem[],
  opening: readonly SupplierName[],
): Promise<ProvisionOutcome[]> {
  const ready = await reserve(db, batch, opening);
  if (ready.length === 0) return batch.map(() => undefined);
  // Asked before the provider: auth unreachable leaves the orders for the recovery loop before any eSIM is handed out.
  const named = await seller();
  const results = await provideOrRetry(db, provider, ready);
  return oncePerOrder(batch, await record(db, named, ready, results));
}

/**
 * The orders still where their drivers found them, moved to provisioning with their holds (one
 * statement, its own commit), each saying whether it gets a receipt. The same statement opens the
 * supplier orders of the suppliers that open with the reservation (port.ts `opensWithReservation`):
 * a purchase's row, claimed for its first attempt, written only if it was not there already.
 */
async function reserve(db: Knex, batch: ProvisionItem[], opening: readonly SupplierName[]): Promise<OrderRow[]> {
  // Arrays unnested (not a JSON record set): the planner knows how many rows come and walks the primary key.
  const reserved = await db.raw(
    `WITH reserved AS (
       UPDATE orders o
          SET step = 'provisioning', hold_id = c.hold_id, attempts = 0, updated_at = now()
         FROM (SELECT DISTINCT ON (id) * FROM unnest(?::uuid[], ?::text[], ?::uuid[]) AS u(id, from_step, hold_id)) AS c
        WHERE o.id = c.id AND o.step = c.from_step
        RETURNING o.*, EXISTS (SELECT 1 FROM order_agreements a WHERE a.order_id = o.id) AS with_documents),
     opened AS (
       INSERT INTO supplier_orders (order_id, supplier, kind, supplier_package_id, quantity, attempts, failure_detail)
       SELECT r.id, r.supplier, 'purchase', coalesce(r.supplier_package_id, r.package_code), r.quantity, 1, 'in_flight'
         FROM reserved r
        WHERE r.supplier = ANY(?::text[]) AND r.top_up_profile_id IS NULL
       ON CONFLICT (order_id) DO NOTHING
       RETURNING order_id)
     SELECT r.*, CASE WHEN r.supplier = ANY(?::text[]) AND r.top_up_profile_id IS NULL
                      THEN r.id IN (SELECT order_id FROM opened) END AS supplier_order_opened
       FROM reserved r`,
    [
      batch.map((item) => item.order.id),
      batch.map((item) => item.from),
      batch.map((item) => item.holdId),
      opening,
      opening,
    ] as unknown as Knex.RawBinding[],
  );
  return (reserved.rows as Array<Record<string, unknown>>).map((row) => {
    const { supplier_order_opened: opened, ...order } = row;
    return { ...normalizeOrder(order), ...(typeof opened === 'boolean' ? { supplier_order_opened: opened } : {}) };
  });
}

/**
 * The provider's answers written in one statement (its own commit): each order completed, with
 * esim.order.completed and its receipt, or voiding when the provider had nothing. The eSIMs a
 * supplier handed back unstored (ProvisionRequest.recordsDelivery) are written by the same statement,
 * once (profiles/deliveries.ts); the others the provider stored already are read first. The events
 * are written only for the orders the statement moved, so a second driver publishes nothing twice.
 */
async function record(
  db: Knex,
  seller: Seller,
  ready: OrderRow[],
  results: Array<ProvisionResult | TopUpResult>,
): Promise<Map<string, { order: OrderRow; profiles: ProfileRow[] }>> {
  const completedAt = new Date();
  // An order whose supplier allocates later stays in provisioning: the recovery loop (or the supplier's webhook) drives it on.
  const completing = ready
    .filter((_, i) => results[i]!.ok === true)
    .map((order): OrderRow => ({ ...order, step: 'completed', completed_at: completedAt }));
  const voiding = ready.flatMap((order, i) => {
    const result = results[i]!;
    return result.ok === false ? [{ id: order.id, reason: result.reason }] : [];
  });
  const deliveries = results.flatMap((result) => ('unstored' in result && result.unstored ? [result.unstored] : []));
  const delivering = new Set(deliveries.map((delivery) => delivery.orderId));
  const profiles = await profilesOfCompleting(
    db,
    completing.filter((order) => !delivering.has(order.id)),
  );
  const receipts = await receiptEvents(db, seller, completing, [
    ...[...profiles.values()].flat(),
    ...deliveries.flatMap((delivery) => delivery.profiles.map(asWritten)),
  ]);
  const events: Array<PublishInput<'esim.order.completed'> | PublishInput<'esim.order.receipt'>> = [
    ...completing.map(completedEvent),
    ...receipts,
  ];
  const stored = deliveryWrites(deliveries);
  const outbox = await outboxInsert(db, 'esim', events, `SELECT id::text FROM moved WHERE step = 'completed'`);
  const moved = await db.raw(
    `WITH ${deliveries.length > 0 ? `${stored.sql},` : ''}
     moved AS (
       UPDATE orders o
          SET step = c.step, failure_code = coalesce(c.failure_code, o.failure_code),
              completed_at = coalesce(c.completed_at, o.completed_at), attempts = 0, updated_at = now()
         FROM unnest(?::uuid[], ?::text[], ?::text[], ?::timestamptz[]) AS c(id, step, failure_code, completed_at)
        WHERE o.id = c.id AND o.step = 'provisioning'
       RETURNING o.*),
     published AS (${outbox.sql})
     -- A data-modifying WITH runs whether read or not: the eSIMs and the events are written with the rest.
     SELECT * FROM moved`,
    [
      ...(deliveries.length > 0 ? stored.bindings : []),
      [...completing.map((order) => order.id), ...voiding.map((order) => order.id)],
      [...completing.map(() => 'completed'), ...voiding.map(() => 'voiding')],
      [...completing.map(() => null), ...voiding.map((order) => order.reason)],
      [...completing.map(() => completedAt), ...voiding.map(() => null)],
      ...outbox.bindings,
    ] as unknown as Knex.RawBinding[],
  );
  const orders = (moved.rows as Array<Record<string, unknown>>).map(normalizeOrder);
  // The eSIMs this statement wrote, read back for the buyer's answer.
  const written = await profilesOfCompleting(
    db,
    orders.filter((order) => order.step === 'completed' && delivering.has(order.id)),
  );
  return new Map(
    orders.map((order) => [
      order.id,
      {
        order,
        profiles: order.step === 'completed' ? (profiles.get(order.id) ?? written.get(order.id) ?? []) : [],
      },
    ]),
  );
}

/** A handed-back eSIM as the statement is about to write it (new, inactive), for the receipt it goes out with. */
function asWritten(profile: NewProfile): ProfileRow {
  const now = new Date();
  return {
    ...profile,
    id: '',
    pool_status: 'assigned',
    status: 'inactive',
    data_used_bytes: 0,
    activated_at: null,
    installed_at: null,
    expires_at: null,
    refunded_at: null,
    created_at: now,
  };
}

/** Each completing order's eSIMs: a purchase's new ones, or the one a top-up added to (as it is now). */
async function profilesOfCompleting(db: Knex, completing: OrderRow[]): Promise<Map<string, ProfileRow[]>> {
  const profiles = new Map<string, ProfileRow[]>();
  if (completing.length === 0) return profiles;
  const purchases = completing.filter((order) => !order.top_up_profile_id).map((order) => order.id);
  const toppedUp = completing.flatMap((order) => (order.top_up_profile_id ? [order.top_up_profile_id] : []));
  const rows: ProfileRow[] = await db('profiles')
    .whereIn('order_id', purchases)
    .orWhereIn('id', toppedUp)
    .orderBy('iccid');
  for (const order of completing) {
    const own = order.top_up_profile_id
      ? rows.filter((row) => row.id === order.top_up_profile_id)
      : rows.filter((row) => row.order_id === order.id);
    profiles.set(order.id, own);
  }
  return profiles;
}
