import type { Knex } from 'knex';
import { GroupCommit } from '@esim/platform';
import { deliveryWrites, type SupplierDelivery } from '../../profiles/deliveries';
import type { AiraloOrder } from './wire';

/** Where our profiles of an Airalo order go: the order, its buyer, its package and its data. */
export interface DeliveryTarget {
  orderId: string;
  userId: string;
  packageCode: string;
  dataTotalBytes: number | null;
}

/** A purchase's supplier_orders row to write before Airalo is called. */
export interface Opening {
  orderId: string;
  supplierPackageId: string;
  quantity: number;
}

/** An Airalo order's eSIMs to store as our profiles, with the request it answered (an asynchronous one). */
export interface Delivery {
  target: DeliveryTarget;
  order: AiraloOrder;
  requestRef?: string;
}

/** A delivery as written: whether this write stored it (false: another driver had), and the quantity ordered. */
export interface Stored {
  fresh: boolean;
  quantity: number | null;
}

/**
 * The adapter's writes around an Airalo call, by group commit (docs/decisions/0019): the rows of the
 * purchases that arrive together written in one statement before their calls, their eSIMs in one
 * statement after. Each buyer still makes its own Airalo call; only the writes travel together.
 */
export function createBatches() {
  return {
    /** true: the row is new and this driver holds the right to send the order (attempt 1 in flight); false: it existed. */
    open: perDb(openOrders),
    /** Marks each order delivered and stores its eSIMs, once: asked again, nothing is written twice. */
    store: perDb(storeDeliveries),
  };
}

/** One group commit per database handle: the adapter is handed its handle with each call. */
function perDb<I, O>(write: (db: Knex, batch: I[]) => Promise<O[]>): (db: Knex, item: I) => Promise<O> {
  const commits = new WeakMap<Knex, GroupCommit<I, O>>();
  return (db, item) => {
    let commit = commits.get(db);
    if (!commit) {
      commit = new GroupCommit<I, O>((batch) => write(db, batch));
      commits.set(db, commit);
    }
    return commit.submit(item);
  };
}

/** Each order's id answered once: a second item of the same order finds it taken. */
function onceEach<T>(ids: string[], taken: Set<string>, yes: (id: string) => T, no: T): T[] {
  const answered = new Set<string>();
  return ids.map((id) => {
    if (!taken.has(id) || answered.has(id)) return no;
    answered.add(id);
    return yes(id);
  });
}

async function openOrders(db: Knex, batch: Opening[]): Promise<boolean[]> {
  // Written already claimed (attempts 1, in flight): a new row has no other driver to race.
  const result = await db.raw(
    `INSERT INTO supplier_orders (order_id, supplier, kind, supplier_package_id, quantity, attempts, failure_detail)
     SELECT o.order_id, 'airalo', 'purchase', o.package_id, o.quantity, 1, 'in_flight'
       FROM unnest(?::uuid[], ?::text[], ?::int[]) AS o(order_id, package_id, quantity)
     ON CONFLICT (order_id) DO NOTHING
     RETURNING order_id`,
    [
      batch.map((item) => item.orderId),
      batch.map((item) => item.supplierPackageId),
      batch.map((item) => item.quantity),
    ] as unknown as Knex.RawBinding[],
  );
  const opened = new Set((result.rows as Array<{ order_id: string }>).map((row) => row.order_id));
  return onceEach(
    batch.map((item) => item.orderId),
    opened,
    () => true,
    false,
  );
}

/** An Airalo order's answer as the delivery of our order: its eSIMs as our profiles. */
export function deliveryOf({ target, order, requestRef }: Delivery): SupplierDelivery {
  return {
    orderId: target.orderId,
    supplierOrderRef: order.id,
    requestRef: requestRef ?? null,
    costCents: order.costCents,
    profiles: order.sims.map((sim) => ({
      iccid: sim.iccid,
      smdp_address: sim.lpa,
      matching_id: sim.matchingId,
      confirmation_code_required: sim.confirmationCode !== null && sim.confirmationCode !== '',
      package_code: target.packageCode,
      operator: 'Airalo',
      order_id: target.orderId,
      user_id: target.userId,
      data_total_bytes: target.dataTotalBytes,
      supplier: 'airalo',
      supplier_ref: sim.id,
    })),
  };
}

async function storeDeliveries(db: Knex, batch: Delivery[]): Promise<Stored[]> {
  const writes = deliveryWrites(batch.map(deliveryOf));
  // A data-modifying WITH runs whether read or not: stored is written with the rest.
  const result = await db.raw(`WITH ${writes.sql} SELECT order_id, quantity FROM delivered`, writes.bindings);
  const quantities = new Map(
    (result.rows as Array<{ order_id: string; quantity: number }>).map((row) => [row.order_id, row.quantity]),
  );
  return onceEach<Stored>(
    batch.map((item) => item.target.orderId),
    new Set(quantities.keys()),
    (id) => ({ fresh: true, quantity: quantities.get(id)! }),
    { fresh: false, quantity: null },
  );
}
