import type { Knex } from 'knex';

/**
 * A dealer's API keys for the partner API (docs/partner-api.md). Only the secret's SHA-256 is kept:
 * the secret has 192 random bits, so no guessing is feasible and a slow password hash would only
 * cost CPU on every exchange. `prefix` is the secret's first characters, shown in lists.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE api_keys (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      dealer_id uuid NOT NULL REFERENCES users(id),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      prefix text NOT NULL,
      secret_hash text NOT NULL UNIQUE CHECK (secret_hash ~ '^[0-9a-f]{64}$'),
      scopes text[] NOT NULL CHECK (cardinality(scopes) >= 1 AND scopes <@ ARRAY['read', 'order']::text[]),
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      last_used_ip text,
      revoked_at timestamptz,
      revoked_by uuid
    )
  `);
  await knex.raw('CREATE INDEX api_keys_dealer ON api_keys (dealer_id, created_at DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS api_keys');
}
