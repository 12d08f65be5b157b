import type { Knex } from 'knex';

/**
 * The demo provider's own books grow as iyzico's do (they stand where iyzico's servers stand):
 * - demo_card_sessions gain our payment id (`conversation_id`, so an answer names the payment it is
 *   about), when the page stops taking a card (`expires_at`; older sessions 30 minutes after they
 *   began, as iyzico's token), when the card was charged (`charged_at`), and the fraud review of the
 *   demo's review cards: `review` while charged and undecided, with the decision the card stands for
 *   (`review_decision`) applied a set time after the charge. `expired` is a session whose page ran
 *   out before a card was taken.
 * - demo_card_refunds: partial refunds of a paid session, one row per refund keyed by our refund id,
 *   never adding up to more than was paid.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE demo_card_sessions
      ADD COLUMN conversation_id text COLLATE "C",
      ADD COLUMN expires_at timestamptz,
      ADD COLUMN charged_at timestamptz,
      ADD COLUMN review_decision text CHECK (review_decision IN ('approve', 'reject')),
      DROP CONSTRAINT demo_card_sessions_status_check,
      ADD CONSTRAINT demo_card_sessions_status_check
        CHECK (status IN ('open', 'verifying', 'review', 'paid', 'failed', 'expired', 'refunded'));
    UPDATE demo_card_sessions SET expires_at = created_at + interval '30 minutes';
    ALTER TABLE demo_card_sessions ALTER COLUMN expires_at SET NOT NULL;

    CREATE TABLE demo_card_refunds (
      refund_id text COLLATE "C" PRIMARY KEY,
      payment_id text NOT NULL REFERENCES demo_card_sessions (payment_id),
      amount bigint NOT NULL CHECK (amount > 0),
      provider_refund_id text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX demo_card_refunds_by_payment ON demo_card_refunds (payment_id);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP TABLE demo_card_refunds;
    UPDATE demo_card_sessions
      SET status = CASE WHEN status = 'review' AND review_decision = 'approve' THEN 'paid' ELSE 'failed' END,
          failure_code = CASE
            WHEN status = 'expired' THEN 'payment_expired'
            WHEN review_decision = 'reject' THEN 'payment_fraud_rejected'
            ELSE failure_code END
      WHERE status IN ('review', 'expired');
    ALTER TABLE demo_card_sessions
      DROP CONSTRAINT demo_card_sessions_status_check,
      ADD CONSTRAINT demo_card_sessions_status_check
        CHECK (status IN ('open', 'verifying', 'paid', 'failed', 'refunded')),
      DROP COLUMN conversation_id,
      DROP COLUMN expires_at,
      DROP COLUMN charged_at,
      DROP COLUMN review_decision;
  `);
}
