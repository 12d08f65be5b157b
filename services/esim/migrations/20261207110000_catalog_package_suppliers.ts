import type { Knex } from 'knex';

/**
 * Who sells each package in esim's copy of the catalog (`catalog_packages.supplier`,
 * `supplier_package_id`), as catalog.package.upserted tells it, so the top-ups offered for a
 * supplier's eSIM are matched to what that supplier lists for it without asking the catalog for each
 * package. Null: not told yet (a package last announced before the events carried it); the quote says.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE catalog_packages
      ADD COLUMN supplier text CHECK (supplier IN ('pool', 'airalo', 'esimaccess')),
      ADD COLUMN supplier_package_id text;
  `);
}

export async function down(): Promise<void> {
  throw new Error('Forward-only migrations: add a new one instead.');
}
