import type { Knex } from 'knex';

/**
 * Top-ups of an eSIM already installed: a top-up is an order like a purchase (same saga, key,
 * hold and capture) that names the eSIM it adds to (`orders.top_up_profile_id`) instead of taking
 * profiles from the pool. What it added is a bundle on the profile (`profile_bundles`, one per
 * top-up order), written in the transaction that completes the order; the profile's own totals
 * (`data_total_bytes`, `expires_at`) carry the sum, so usage, alerts and expiry read one row as before.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE orders ADD COLUMN top_up_profile_id uuid REFERENCES profiles (id);
    ALTER TABLE orders ADD CONSTRAINT orders_top_up_single CHECK (top_up_profile_id IS NULL OR quantity = 1);
    CREATE INDEX orders_top_ups ON orders (top_up_profile_id) WHERE top_up_profile_id IS NOT NULL;

    CREATE TABLE profile_bundles (
      order_id uuid PRIMARY KEY REFERENCES orders (id),
      profile_id uuid NOT NULL REFERENCES profiles (id),
      package_code text NOT NULL,
      -- null: unlimited data.
      data_bytes bigint CHECK (data_bytes IS NULL OR data_bytes > 0),
      validity_days integer NOT NULL CHECK (validity_days > 0),
      expires_before timestamptz,
      expires_after timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX profile_bundles_by_profile ON profile_bundles (profile_id, created_at);
  `);
}
