import type { Knex } from 'knex';

/**
 * Card money back to the card it came from, exactly once.
 * - payments gain what they were for (`purpose`: a balance top-up, or an order at checkout), the one
 *   order a checkout payment paid (`order_id`, unique: one payment pays one order, and its card share
 *   `order_cents`), what the provider said was charged (`paid_cents`, kept also when it does not match
 *   what we asked, so an admin can give it back), when the provider's page stops taking a card, the
 *   fraud-review state `review`, and the poll loop's schedule (`next_check_at`, `checks`). The accepted
 *   documents are kept as their version and moment only: the esim service renders them from the order.
 * - card_refunds: each refund to a card is a row (its kind, amount, its own key), asked of the
 *   payment's own provider once, outside any transaction, until the provider answers; the rows of a
 *   payment never add up to more than was charged. The old `refunding` / `refunded` statuses become rows.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE payments
      ADD COLUMN purpose text NOT NULL DEFAULT 'top_up' CHECK (purpose IN ('top_up', 'order')),
      ADD COLUMN order_id text COLLATE "C" UNIQUE,
      ADD COLUMN order_cents bigint CHECK (order_cents > 0),
      ADD COLUMN claimed_at timestamptz,
      ADD COLUMN paid_cents bigint CHECK (paid_cents > 0),
      ADD COLUMN paid_currency char(3),
      ADD COLUMN page_expires_at timestamptz,
      ADD COLUMN next_check_at timestamptz,
      ADD COLUMN checks integer NOT NULL DEFAULT 0,
      ADD COLUMN agreement_accepted_at timestamptz,
      DROP CONSTRAINT payments_agreement_whole,
      ADD CONSTRAINT payments_claim_whole CHECK ((order_id IS NULL) = (order_cents IS NULL)),
      ADD CONSTRAINT payments_claim_within CHECK (order_cents IS NULL OR order_cents <= amount);

    CREATE TABLE card_refunds (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      payment_id uuid NOT NULL REFERENCES payments (id),
      provider text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('order', 'unspent', 'unbooked')),
      amount bigint NOT NULL CHECK (amount > 0),
      refund_key text COLLATE "C" NOT NULL UNIQUE,
      order_id text COLLATE "C",
      transfer_id bigint,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed', 'returned')),
      outcome_unknown boolean NOT NULL DEFAULT false,
      provider_refund_id text,
      failure_code text,
      provider_message text,
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      requested_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      decided_at timestamptz,
      CONSTRAINT card_refunds_order_named CHECK ((kind = 'order') = (order_id IS NOT NULL)),
      CONSTRAINT card_refunds_booked CHECK ((kind = 'unbooked') = (transfer_id IS NULL))
    );
    CREATE INDEX card_refunds_by_payment ON card_refunds (payment_id, created_at);
    CREATE INDEX card_refunds_due ON card_refunds (next_attempt_at) WHERE status = 'pending';

    -- The refunds the old statuses stood for (the whole payment, by an admin).
    INSERT INTO card_refunds (payment_id, provider, kind, amount, refund_key, transfer_id, status, requested_by, created_at, decided_at)
      SELECT id, provider, 'unspent', amount, 'card-refund:' || id, refund_transfer_id,
             CASE status WHEN 'refunded' THEN 'succeeded' ELSE 'pending' END,
             coalesce(refunded_by, 'system'), coalesce(decided_at, created_at), refunded_at
        FROM payments WHERE status IN ('refunding', 'refunded');
    UPDATE payments SET paid_cents = amount, paid_currency = currency WHERE status IN ('paid', 'refunding', 'refunded');
    UPDATE payments SET status = 'paid' WHERE status IN ('refunding', 'refunded');
    UPDATE payments SET next_check_at = created_at WHERE status = 'pending';

    ALTER TABLE payments DROP CONSTRAINT payments_status_check;
    ALTER TABLE payments ADD CONSTRAINT payments_status_check
      CHECK (status IN ('pending', 'review', 'paid', 'failed', 'expired'));
    ALTER TABLE payments DROP CONSTRAINT payments_paid_has_provider_id;
    ALTER TABLE payments ADD CONSTRAINT payments_paid_has_provider_id
      CHECK (status NOT IN ('paid', 'review') OR (provider_payment_id IS NOT NULL AND paid_cents IS NOT NULL));

    -- The poll loop takes the payments due first, whatever their owner or age.
    DROP INDEX payments_pending;
    CREATE INDEX payments_due ON payments (next_check_at) WHERE next_check_at IS NOT NULL;
    CREATE INDEX payments_open_by_user ON payments (user_id) WHERE status IN ('pending', 'review');
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP INDEX payments_open_by_user;
    DROP INDEX payments_due;
    DROP TABLE card_refunds;
    ALTER TABLE payments
      DROP CONSTRAINT payments_claim_within,
      DROP CONSTRAINT payments_claim_whole,
      DROP COLUMN agreement_accepted_at,
      DROP COLUMN checks,
      DROP COLUMN next_check_at,
      DROP COLUMN page_expires_at,
      DROP COLUMN paid_currency,
      DROP COLUMN paid_cents,
      DROP COLUMN claimed_at,
      DROP COLUMN order_cents,
      DROP COLUMN order_id,
      DROP COLUMN purpose;
  `);
}
