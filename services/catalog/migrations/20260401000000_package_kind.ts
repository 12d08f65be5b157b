import type { Knex } from 'knex';

/**
 * Package kinds: `esim` (the QR eSIM packages of the public site) and `plus` (physical eUICC cards
 * with their included data, sold to dealers by physical-sim; never on the public eSIM lists).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE packages ADD COLUMN kind text NOT NULL DEFAULT 'esim'`);
  await knex.raw(`ALTER TABLE packages ADD CONSTRAINT packages_kind CHECK (kind IN ('esim', 'plus'))`);
  await knex.raw('CREATE INDEX packages_kind ON packages (kind) WHERE active');
}
