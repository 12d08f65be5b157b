import type { Knex } from 'knex';
import type { ProfileRow, SupplierName } from '../rows';

/** One eSIM a supplier handed over, as our profiles row (a supplier's eSIMs are sold as they arrive: assigned, inactive). */
export type NewProfile = Pick<
  ProfileRow,
  'iccid' | 'smdp_address' | 'matching_id' | 'confirmation_code_required' | 'package_code' | 'operator'
> & {
  order_id: string;
  user_id: string;
  data_total_bytes: number | null;
  supplier: Exclude<SupplierName, 'pool'>;
  supplier_ref: string;
};

/** A supplier order's answer: its eSIMs, and what the supplier called the order and charged us. */
export interface SupplierDelivery {
  orderId: string;
  supplierOrderRef: string;
  /** The asynchronous request it answered, where there was one. */
  requestRef: string | null;
  costCents: number | null;
  profiles: NewProfile[];
}

const COLUMNS = [
  'iccid',
  'smdp_address',
  'matching_id',
  'confirmation_code_required',
  'package_code',
  'operator',
  'order_id',
  'user_id',
  'data_total_bytes',
  'supplier',
  'supplier_ref',
] as const;

/**
 * The two parts of a `WITH` that write deliveries exactly once, for the caller's statement to end
 * with its own parts: `delivered` moves each supplier order to delivered (RETURNING order_id,
 * quantity) and `stored` writes the eSIMs of only the orders it moved. The update takes each
 * supplier order's row lock, so a concurrent delivery of the same order waits, finds it delivered
 * and stores nothing. One delivery per order: a second of the same order is dropped here.
 */
export function deliveryWrites(deliveries: readonly SupplierDelivery[]): { sql: string; bindings: Knex.RawBinding[] } {
  const unique = deliveries.filter((item, i) => deliveries.findIndex((other) => other.orderId === item.orderId) === i);
  const profiles = unique.flatMap((delivery) =>
    delivery.profiles.map((profile) => ({ ...profile, pool_status: 'assigned', status: 'inactive' })),
  );
  return {
    sql: `delivered AS (
       UPDATE supplier_orders s
          SET status = 'delivered', supplier_order_ref = d.supplier_order_ref,
              request_ref = coalesce(d.request_ref, s.request_ref), cost_cents = d.cost_cents,
              failure_code = NULL, failure_detail = NULL, placed_at = coalesce(s.placed_at, now()),
              delivered_at = now(), updated_at = now()
         FROM unnest(?::uuid[], ?::text[], ?::text[], ?::bigint[]) AS d(order_id, supplier_order_ref, request_ref, cost_cents)
        WHERE s.order_id = d.order_id AND s.status <> 'delivered'
        RETURNING s.order_id, s.quantity),
     stored AS (
       INSERT INTO profiles (${COLUMNS.join(', ')}, pool_status, status, assigned_at)
       SELECT ${COLUMNS.map((column) => `p.${column}`).join(', ')}, p.pool_status, p.status, now()
         FROM jsonb_populate_recordset(NULL::profiles, ?::jsonb) AS p
        WHERE p.order_id IN (SELECT order_id FROM delivered)
       RETURNING 1)`,
    bindings: [
      unique.map((item) => item.orderId),
      unique.map((item) => item.supplierOrderRef),
      unique.map((item) => item.requestRef),
      unique.map((item) => item.costCents),
      JSON.stringify(profiles),
    ] as unknown as Knex.RawBinding[],
  };
}
