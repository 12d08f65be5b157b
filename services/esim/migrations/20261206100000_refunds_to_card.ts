import type { Knex } from 'knex';

/**
 * A refund reaches the money's source, and the eSIM is taken back first.
 * - orders name the checkout card payment that paid their missing part (`card_payment_id`); the
 *   purchase saga claims it for the order at the balance service before the hold, so one payment
 *   pays one order (the balance service keeps that rule: several orders may name it, one claims it).
 * - refunds become a saga of their own: `revoking` (the eSIM is withdrawn here at once and ended at
 *   its provider outside any transaction, asked again until done), `paying` (the balance service
 *   gives the money back: the card's part to the card, the rest to the balance), `done`. Each keeps
 *   its split, and the steps' attempts for the recovery loop's back-off.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE orders ADD COLUMN card_payment_id uuid;

    ALTER TABLE refunds
      ADD COLUMN step text NOT NULL DEFAULT 'done' CHECK (step IN ('revoking', 'paying', 'done')),
      ADD COLUMN card_payment_id uuid,
      ADD COLUMN card_cents bigint NOT NULL DEFAULT 0 CHECK (card_cents >= 0),
      ADD COLUMN revoked_at timestamptz,
      ADD COLUMN done_at timestamptz,
      ADD COLUMN attempts integer NOT NULL DEFAULT 0,
      ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN last_error text,
      ADD CONSTRAINT refunds_card_within CHECK (card_cents <= amount_cents),
      ADD CONSTRAINT refunds_card_named CHECK (card_cents = 0 OR card_payment_id IS NOT NULL);
    UPDATE refunds SET step = 'paying' WHERE transfer_id IS NULL;
    UPDATE refunds SET revoked_at = created_at, done_at = created_at WHERE transfer_id IS NOT NULL;
    CREATE INDEX refunds_unsettled ON refunds (next_attempt_at) WHERE step <> 'done';
  `);
}

export async function down(): Promise<void> {
  throw new Error('Forward-only migrations: add a new one instead.');
}
