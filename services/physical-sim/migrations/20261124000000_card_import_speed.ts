import type { Knex } from 'knex';

/**
 * Import speed, second pass (issue #11): what PostgreSQL does per imported card.
 *
 * 1. `cards.import_id` loses its foreign key to `import_jobs`. PostgreSQL checks a foreign key row
 *    by row (a `SELECT … FOR KEY SHARE` on the job per inserted card): a fifth of a 100,000-row
 *    import's time in the database, to check one value the worker itself sets. The guarantee
 *    stays without it: the only writer of `import_id` is the import worker, inside the run's
 *    transaction, for the job row it has just read and locked; import jobs are never deleted (they
 *    are the stock's audit trail). The index on the column stays (the stock list's import filter).
 * 2. The two newest-first list indexes are rebuilt ascending. A btree serves `ORDER BY created_at
 *    DESC, id DESC` by scanning backwards just as well, but an import's cards (one created_at,
 *    ids rising) now land at the index's right edge, where PostgreSQL appends to a cached page and
 *    splits pages 90/10, instead of at its left edge (a descent from the root per row, pages split
 *    in half).
 * 3. Stored import files are kept out of line without compression (STORAGE EXTERNAL): an xlsx is a
 *    zip already, and PostgreSQL's pglz tried to compress every upload anyway (about 45 ms of a
 *    3 MB upload's 50 ms insert).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE cards DROP CONSTRAINT IF EXISTS cards_import_id_foreign');
  await knex.raw('DROP INDEX cards_status_package');
  await knex.raw(
    'CREATE INDEX cards_status_package ON cards (status, package_id, created_at, id) WHERE deleted_at IS NULL',
  );
  await knex.raw('DROP INDEX cards_created');
  await knex.raw('CREATE INDEX cards_created ON cards (created_at, id) WHERE deleted_at IS NULL');
  await knex.raw('ALTER TABLE import_files ALTER COLUMN content SET STORAGE EXTERNAL');
}

export async function down(): Promise<void> {
  throw new Error('Forward-only migrations: add a new one instead.');
}
