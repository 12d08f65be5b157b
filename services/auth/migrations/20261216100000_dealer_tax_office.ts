import type { Knex } from 'knex';

/** A company's invoice names its tax office (vergi dairesi) beside its tax number. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE dealer_profiles ADD COLUMN tax_office text`);
}

export async function down(): Promise<void> {
  throw new Error('Forward-only migrations: add a new one instead.');
}
