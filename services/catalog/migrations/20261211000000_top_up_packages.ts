import type { Knex } from 'knex';

/**
 * Top-up packages: a supplier sells data for an eSIM it already delivered (Airalo's top-ups, eSIM
 * Access's TOPUP packages) under ids of their own, so such a package is its own kind: offered on
 * the top-up panel of an eSIM of its supplier and coverage, never in a price list or as a new eSIM.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE packages DROP CONSTRAINT packages_kind');
  await knex.raw(`ALTER TABLE packages ADD CONSTRAINT packages_kind CHECK (kind IN ('esim', 'plus', 'top_up'))`);
}
