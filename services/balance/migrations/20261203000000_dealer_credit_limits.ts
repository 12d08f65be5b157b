import type { Knex } from 'knex';

/**
 * Dealers' credit limits: how far a dealer may buy beyond its balance, the difference booked as
 * credit (receivable → spendable) when the order's hold is taken. Each change is a row of its own
 * (who, when, before → after), so the history is the audit trail and the newest row the limit.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE credit_limit_changes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      dealer_id text COLLATE "C" NOT NULL,
      previous_cents bigint NOT NULL CHECK (previous_cents >= 0),
      limit_cents bigint NOT NULL CHECK (limit_cents >= 0),
      note text,
      changed_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX credit_limit_changes_dealer ON credit_limit_changes (dealer_id, id DESC);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE credit_limit_changes');
}
