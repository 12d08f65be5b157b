import type { Knex } from 'knex';

/**
 * What a traveller checks before buying: the best network generation, whether the plan may share
 * its connection (hotspot), when its validity starts, and the operators it uses in each country.
 * Existing packages get the common defaults (4G, hotspot allowed, from the first connection, no
 * operators named) until an admin fills them in.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE packages ADD COLUMN network text NOT NULL DEFAULT '4G'`);
  await knex.raw(`ALTER TABLE packages ADD CONSTRAINT packages_network CHECK (network IN ('4G', '5G'))`);
  await knex.raw('ALTER TABLE packages ADD COLUMN hotspot boolean NOT NULL DEFAULT true');
  await knex.raw(`ALTER TABLE packages ADD COLUMN validity_start text NOT NULL DEFAULT 'first_connection'`);
  await knex.raw(
    `ALTER TABLE packages ADD CONSTRAINT packages_validity_start CHECK (validity_start IN ('first_connection', 'purchase'))`,
  );
  await knex.raw(`ALTER TABLE package_countries ADD COLUMN operators text[] NOT NULL DEFAULT '{}'`);
}
