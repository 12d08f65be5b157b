import type { Knex } from 'knex';

/**
 * Airalo beside the pool (suppliers/airalo/):
 * - airalo_notices: the webhooks Airalo sent that we acted on, by what identifies each (Airalo's
 *   webhooks carry no event id: an asynchronous order by its request_id, a low-data warning by its
 *   eSIM, level and package, a credit-limit warning by its text and amount), so a delivery repeated
 *   by Airalo's retries is acted on once.
 * - airalo_refund_requests: Airalo can neither cancel nor revoke an eSIM; a refunded eSIM is ended
 *   by a refund request instead, filed once per eSIM (Airalo's answer and reference kept).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE airalo_notices (
      kind text NOT NULL CHECK (kind IN ('async_order', 'low_data', 'credit_limit')),
      key text NOT NULL,
      order_id uuid,
      iccid text,
      received_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (kind, key)
    );
    CREATE INDEX airalo_notices_by_age ON airalo_notices (received_at);

    CREATE TABLE airalo_refund_requests (
      profile_id uuid PRIMARY KEY REFERENCES profiles (id),
      iccid text NOT NULL,
      order_id uuid NOT NULL,
      status text NOT NULL DEFAULT 'filing' CHECK (status IN ('filing', 'filed', 'refused')),
      reason text NOT NULL,
      refund_ref text,
      detail text,
      attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      filed_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `);
}

export async function down(): Promise<void> {
  throw new Error('Forward-only migrations: add a new one instead.');
}
