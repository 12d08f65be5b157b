import type { Knex } from 'knex';

/**
 * Installing an eSIM from another device (src/install/):
 * - install_links: one-time links that open an eSIM's install page without signing in. Only the
 *   SHA-256 of the token is kept (the link itself is shown once, to its owner), so a copy of the
 *   table opens nothing. A link ends at `expires_at`, when its owner revokes it, or once the eSIM is
 *   installed (the page then no longer shows the code).
 * - install_mails: each "send to my e-mail" request, so the sending is rate-limited per order.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE install_links (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      token_hash text NOT NULL UNIQUE,
      profile_id uuid NOT NULL REFERENCES profiles (id),
      order_id uuid NOT NULL REFERENCES orders (id),
      user_id text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      opened_count integer NOT NULL DEFAULT 0,
      last_opened_at timestamptz
    );
    CREATE INDEX install_links_by_order ON install_links (order_id, created_at DESC);

    CREATE TABLE install_mails (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      order_id uuid NOT NULL REFERENCES orders (id),
      user_id text NOT NULL,
      locale text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX install_mails_by_order ON install_mails (order_id, created_at DESC);
  `);
}

export async function down(): Promise<void> {
  throw new Error('Forward-only migrations: add a new one instead.');
}
