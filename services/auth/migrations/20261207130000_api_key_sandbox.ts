import type { Knex } from 'knex';

/**
 * A sandbox API key (`esk_test_...`): the token it is exchanged for carries a `sandbox` claim, so
 * esim buys demo eSIMs at no cost for it and the gateway keeps it off every write that moves money.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE api_keys ADD COLUMN sandbox boolean NOT NULL DEFAULT false`);
}

export async function down(): Promise<void> {
  throw new Error('Forward-only migrations: add a new one instead.');
}
