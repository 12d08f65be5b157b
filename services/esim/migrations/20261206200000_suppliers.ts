import type { Knex } from 'knex';

/**
 * eSIMs bought from wholesale suppliers at the moment of sale (Airalo, eSIM Access) beside the pool.
 * - orders name their supplier and the supplier's package id, as the quote gave them (the pool's
 *   orders name none: the package code is the pool's id).
 * - supplier_orders: what we asked each supplier for, one row per order of ours (a purchase or a
 *   top-up), kept by the adapter so a retry after a crash, a timeout or a lost answer never buys twice:
 *   the supplier's references (its order id or number; the asynchronous request's id), where it got
 *   to, what it cost.
 * - profiles name their supplier and the supplier's own key of the eSIM (eSIM Access reuses ICCIDs:
 *   its esimTranNo is the key); ICCIDs stay unique among eSIMs in use (one the supplier gives again
 *   after ours ended keeps the old row apart).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE orders
      ADD COLUMN supplier text NOT NULL DEFAULT 'pool' CHECK (supplier IN ('pool', 'airalo', 'esimaccess')),
      ADD COLUMN supplier_package_id text;

    CREATE TABLE supplier_orders (
      order_id uuid PRIMARY KEY REFERENCES orders (id),
      supplier text NOT NULL CHECK (supplier IN ('airalo', 'esimaccess')),
      kind text NOT NULL CHECK (kind IN ('purchase', 'top_up')),
      supplier_package_id text NOT NULL,
      quantity integer NOT NULL CHECK (quantity > 0),
      status text NOT NULL DEFAULT 'placing' CHECK (status IN ('placing', 'placed', 'delivered', 'failed', 'cancelled')),
      supplier_order_ref text,
      request_ref text,
      failure_code text,
      failure_detail text,
      cost_cents bigint,
      attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      placed_at timestamptz,
      delivered_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX supplier_orders_waiting ON supplier_orders (supplier, created_at) WHERE status IN ('placing', 'placed');
    CREATE UNIQUE INDEX supplier_orders_by_ref ON supplier_orders (supplier, supplier_order_ref) WHERE supplier_order_ref IS NOT NULL;

    ALTER TABLE profiles
      ADD COLUMN supplier text NOT NULL DEFAULT 'pool' CHECK (supplier IN ('pool', 'airalo', 'esimaccess')),
      ADD COLUMN supplier_ref text;
    CREATE UNIQUE INDEX profiles_by_supplier_ref ON profiles (supplier, supplier_ref) WHERE supplier_ref IS NOT NULL;
  `);
}

export async function down(): Promise<void> {
  throw new Error('Forward-only migrations: add a new one instead.');
}
