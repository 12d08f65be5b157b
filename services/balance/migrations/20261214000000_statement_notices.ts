import type { Knex } from 'knex';

/**
 * The monthly statements announced: one row per dealer and month, written with the event that
 * announces it, so a second run of the monthly job (or a second copy of the service) announces nothing twice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE statement_notices (
      dealer_id text COLLATE "C" NOT NULL,
      month text COLLATE "C" NOT NULL CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      closing_balance_cents bigint NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (dealer_id, month)
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE statement_notices');
}
