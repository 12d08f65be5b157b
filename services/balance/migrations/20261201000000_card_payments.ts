import type { Knex } from 'knex';

/**
 * Card payments of top-ups.
 * - payments: one card payment per card top-up, pending until the provider's answer is re-read
 *   (paid → the top-up is confirmed through the ledger; failed or expired → the top-up is rejected;
 *   refunding → refunded when an admin gives an unspent card top-up back). The provider's token is
 *   how its callback finds the payment; its payment id is what a refund names.
 * - demo_card_sessions: the demo provider's own books (it stands where iyzico's servers stand), in
 *   the database so every balance process sees the same session.
 * - transfers gain the kinds card_top_up and card_refund (the kind column is plain text: nothing to alter).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE payments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      top_up_id uuid NOT NULL UNIQUE REFERENCES top_ups (id),
      user_id text NOT NULL,
      provider text NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      currency char(3) NOT NULL DEFAULT 'EUR' CHECK (currency = 'EUR'),
      locale text NOT NULL CHECK (locale IN ('tr', 'en')),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed', 'expired', 'refunding', 'refunded')),
      token text COLLATE "C" UNIQUE,
      page_url text,
      return_path text NOT NULL,
      provider_payment_id text,
      failure_code text,
      provider_message text,
      refund_transfer_id bigint,
      refunded_by text,
      checked_at timestamptz,
      decided_at timestamptz,
      refunded_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT payments_paid_has_provider_id CHECK (status NOT IN ('paid', 'refunding', 'refunded') OR provider_payment_id IS NOT NULL)
    );
    CREATE INDEX payments_by_user ON payments (user_id, created_at DESC);
    -- The poll loop reads only what is still open.
    CREATE INDEX payments_pending ON payments (created_at) WHERE status IN ('pending', 'refunding');
    CREATE INDEX payments_by_time ON payments (created_at DESC);

    CREATE TABLE demo_card_sessions (
      token text COLLATE "C" PRIMARY KEY,
      amount bigint NOT NULL CHECK (amount > 0),
      currency char(3) NOT NULL,
      locale text NOT NULL,
      description text NOT NULL,
      callback_url text NOT NULL,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'verifying', 'paid', 'failed', 'refunded')),
      card_last4 text,
      card_outcome text,
      failure_code text,
      payment_id text UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE demo_card_sessions; DROP TABLE payments;');
}
