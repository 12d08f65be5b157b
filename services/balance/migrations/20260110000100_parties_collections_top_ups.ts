import type { Knex } from 'knex';

/**
 * What the balance service keeps beside the ledger:
 * - parties: a local copy of the people money belongs to, fed by auth events (names for reports,
 *   the dealer → sales-manager map for ownership checks). Foreign ids, never foreign keys.
 * - collections: cash collected from a dealer by a sales manager, or from a sales manager by an admin.
 * - top_ups: a user's request to add balance by bank transfer, pending until an admin confirms it.
 * - orders: order counts for the user dashboard, fed by esim and physical-sim order events.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE parties (
      id text PRIMARY KEY,
      user_type smallint,
      email text,
      full_name text,
      company_name text,
      sales_manager_id text,
      status text,
      deleted_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX parties_by_sales_manager ON parties (sales_manager_id) WHERE sales_manager_id IS NOT NULL;

    CREATE TABLE collections (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      kind text NOT NULL CHECK (kind IN ('dealer-to-sales-manager', 'sales-manager-to-company')),
      dealer_id text,
      sales_manager_id text NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      note text,
      collected_by text NOT NULL,
      collected_by_role text NOT NULL,
      transfer_id bigint NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT collections_dealer_kind CHECK ((kind = 'dealer-to-sales-manager') = (dealer_id IS NOT NULL))
    );
    CREATE INDEX collections_by_time ON collections (created_at, id);
    CREATE INDEX collections_by_sales_manager ON collections (sales_manager_id, created_at);

    CREATE TABLE top_ups (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id text NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      method text NOT NULL CHECK (method IN ('bank_transfer', 'card')),
      reference_code text NOT NULL UNIQUE,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'rejected')),
      transfer_id bigint UNIQUE,
      decided_by text,
      decided_at timestamptz,
      reason text,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT top_ups_confirmed_has_transfer CHECK ((status = 'confirmed') = (transfer_id IS NOT NULL))
    );
    CREATE INDEX top_ups_by_user ON top_ups (user_id, created_at DESC);
    CREATE INDEX top_ups_by_status ON top_ups (status, created_at DESC);

    CREATE TABLE orders (
      order_id text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('esim', 'physical-sim')),
      user_id text NOT NULL,
      status text NOT NULL,
      amount bigint NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (kind, order_id)
    );
    CREATE INDEX orders_by_user ON orders (user_id);
  `);
}
