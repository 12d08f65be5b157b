import type { Knex } from 'knex';

/**
 * The esim service's tables:
 * - orders: one purchase, persisted as a saga. `step` records how far it got
 *   (placed → held → provisioned → completed, or → voiding → failed), so the recovery loop can
 *   resume an order a crash left midway; every step is idempotent.
 * - profiles: the profile pool and the eSIMs sold from it in one table. An imported profile is
 *   `available`; provisioning assigns it to an order (order_id, user_id) and it starts its life as
 *   an eSIM (`status`). Usage, activation, expiry and the mails sent live on the same row.
 * - pool_thresholds: the low-stock threshold per package code.
 * - usage_events: ids of usage reports already applied (webhook and file), so a replay changes nothing.
 * - refunds: one row per refunded eSIM (idempotent by eSIM id).
 * - catalog_packages: a copy of the catalog's packages, fed by catalog.package.upserted (names for
 *   the stock screen; fills the package id of seeded orders that know only the code).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE orders (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      order_number text NOT NULL UNIQUE,
      user_id text NOT NULL,
      package_id uuid,
      package_code text NOT NULL,
      package_name_tr text NOT NULL,
      package_name_en text NOT NULL,
      package_type text NOT NULL,
      countries text[] NOT NULL DEFAULT '{}',
      data_mb integer,
      validity_days integer NOT NULL,
      quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 50),
      unit_price_cents bigint NOT NULL CHECK (unit_price_cents >= 0),
      total_cents bigint NOT NULL CHECK (total_cents >= 0),
      step text NOT NULL DEFAULT 'placed'
        CHECK (step IN ('placed', 'held', 'provisioned', 'completed', 'voiding', 'failed')),
      hold_id uuid,
      failure_code text,
      failure_params jsonb NOT NULL DEFAULT '{}',
      locale text NOT NULL DEFAULT 'tr',
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      demo boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz
    );
    CREATE INDEX orders_by_user ON orders (user_id, created_at DESC);
    CREATE INDEX orders_unfinished ON orders (next_attempt_at) WHERE step NOT IN ('completed', 'failed');

    CREATE TABLE profiles (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      iccid text NOT NULL UNIQUE CHECK (iccid ~ '^89[0-9]{17,18}$'),
      smdp_address text NOT NULL,
      matching_id text NOT NULL,
      confirmation_code_required boolean NOT NULL DEFAULT false,
      package_code text NOT NULL,
      operator text NOT NULL,
      batch_id uuid,
      pool_status text NOT NULL DEFAULT 'available' CHECK (pool_status IN ('available', 'assigned')),
      order_id uuid REFERENCES orders (id),
      user_id text,
      status text CHECK (status IN ('inactive', 'active', 'suspended', 'expired', 'used', 'revoked', 'refunded')),
      data_total_bytes bigint,
      data_used_bytes bigint NOT NULL DEFAULT 0,
      activated_at timestamptz,
      expires_at timestamptz,
      alert_80_sent_at timestamptz,
      alert_100_sent_at timestamptz,
      alert_expiry_sent_at timestamptz,
      qr_generated_at timestamptz,
      refunded_at timestamptz,
      assigned_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((pool_status = 'available') = (order_id IS NULL))
    );
    CREATE INDEX profiles_available ON profiles (package_code, created_at) WHERE pool_status = 'available';
    CREATE INDEX profiles_by_order ON profiles (order_id) WHERE order_id IS NOT NULL;
    CREATE INDEX profiles_expiring ON profiles (expires_at) WHERE status = 'active';

    CREATE TABLE pool_thresholds (
      package_code text PRIMARY KEY,
      threshold integer NOT NULL CHECK (threshold >= 0),
      alerted_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE pool_batches (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      file_name text,
      imported integer NOT NULL,
      rejected integer NOT NULL,
      errors jsonb NOT NULL DEFAULT '[]',
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE usage_events (
      event_id text PRIMARY KEY,
      iccid text NOT NULL,
      used_bytes bigint NOT NULL,
      source text NOT NULL,
      recorded_at timestamptz NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE refunds (
      profile_id uuid PRIMARY KEY REFERENCES profiles (id),
      order_id uuid NOT NULL REFERENCES orders (id),
      user_id text NOT NULL,
      amount_cents bigint NOT NULL CHECK (amount_cents > 0),
      reason text,
      refunded_by text NOT NULL,
      transfer_id bigint,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE catalog_packages (
      package_id uuid PRIMARY KEY,
      code text NOT NULL UNIQUE,
      name_tr text NOT NULL,
      name_en text NOT NULL,
      data_mb integer,
      validity_days integer NOT NULL,
      active boolean NOT NULL DEFAULT true,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE seed_runs (name text PRIMARY KEY, ran_at timestamptz NOT NULL DEFAULT now());
  `);
}
