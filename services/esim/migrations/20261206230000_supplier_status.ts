import type { Knex } from 'knex';

/**
 * What the admin home shows of each supplier: its last catalogue sync (when, what it found, or why
 * it failed) and its balance at the supplier (read hourly, or told by its credit webhook). And when a
 * supplier says an eSIM went onto a phone (`profiles.installed_at`): from then on it is no longer
 * refundable as never installed, even before it carries data.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE supplier_status (
      supplier text PRIMARY KEY CHECK (supplier IN ('airalo', 'esimaccess')),
      last_sync_at timestamptz,
      last_sync_result jsonb,
      last_sync_error text,
      balance_cents bigint,
      balance_checked_at timestamptz,
      balance_message text,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    ALTER TABLE profiles ADD COLUMN installed_at timestamptz;
  `);
}

export async function down(): Promise<void> {
  throw new Error('Forward-only migrations: add a new one instead.');
}
