import type { Knex } from 'knex';

/**
 * Stock speed (issue #11): bulk imports and the admin stock list over 100k+ cards.
 *
 * 1. The identifiers and the status compare byte-wise (COLLATE "C"): they are digits and ASCII
 *    codes, so the order is the same, but the unique indexes every imported row goes through stop
 *    calling the locale's strcoll. Under "C" a plain btree also serves `LIKE 'prefix%'`, so the
 *    two text_pattern_ops indexes (two more indexes per inserted row) go.
 *    The owner index covers dealer-held cards only (see below).
 * 2. New cards get time-ordered ids (UUID version 7: milliseconds, then random bits): the primary
 *    key and the two (created_at, id) list indexes take a bulk load's rows side by side instead of
 *    at random pages all over the index.
 * 3. Exact list totals without counting rows: `card_counts` holds signed deltas of live cards per
 *    (status, package, owner), written by statement-level triggers in the same transaction as the
 *    change (so a total is exactly as committed as the rows it counts). Rows are only ever added by
 *    the triggers (no hot row to wait on when two transactions move cards of the same group); the
 *    worker folds them into one row per group now and then (`compactCardCounts`).
 */
export async function up(knex: Knex): Promise<void> {
  // Dealer-held cards only: the owner filter names a dealer, and imported cards (admin stock, no
  // owner) no longer pass through this index.
  await knex.raw('DROP INDEX cards_owner');
  await knex.raw(
    'CREATE INDEX cards_owner ON cards (owner_user_id, status) WHERE deleted_at IS NULL AND owner_user_id IS NOT NULL',
  );
  await knex.raw('DROP INDEX cards_iccid_prefix');
  await knex.raw('DROP INDEX cards_serial_prefix');
  await knex.raw(`ALTER TABLE cards
    ALTER COLUMN iccid TYPE text COLLATE "C",
    ALTER COLUMN serial_number TYPE text COLLATE "C",
    ALTER COLUMN eid TYPE text COLLATE "C",
    ALTER COLUMN status TYPE text COLLATE "C"`);

  // gen_random_uuid() with its first 48 bits replaced by the Unix time in ms and version 4 → 7.
  await knex.raw(`CREATE FUNCTION uuid_v7() RETURNS uuid LANGUAGE sql VOLATILE AS $$
    SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
      PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid
  $$`);
  await knex.raw('ALTER TABLE cards ALTER COLUMN id SET DEFAULT uuid_v7()');

  await knex.raw(`CREATE TABLE card_counts (
    status text COLLATE "C" NOT NULL,
    package_id uuid NOT NULL,
    owner_user_id text,
    n bigint NOT NULL
  )`);
  await knex.raw('CREATE INDEX card_counts_group ON card_counts (status, package_id, owner_user_id)');
  await knex.raw(`INSERT INTO card_counts (status, package_id, owner_user_id, n)
    SELECT status, package_id, owner_user_id, count(*) FROM cards WHERE deleted_at IS NULL GROUP BY 1, 2, 3`);

  // One function for the three events: new rows count +1, old rows -1, live rows only.
  await knex.raw(`CREATE FUNCTION card_counts_delta() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO card_counts (status, package_id, owner_user_id, n)
        SELECT status, package_id, owner_user_id, count(*) FROM new_cards WHERE deleted_at IS NULL GROUP BY 1, 2, 3;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO card_counts (status, package_id, owner_user_id, n)
        SELECT status, package_id, owner_user_id, -count(*) FROM old_cards WHERE deleted_at IS NULL GROUP BY 1, 2, 3;
    ELSE
      INSERT INTO card_counts (status, package_id, owner_user_id, n)
        SELECT status, package_id, owner_user_id, sum(d) FROM (
          SELECT status, package_id, owner_user_id, 1 AS d FROM new_cards WHERE deleted_at IS NULL
          UNION ALL
          SELECT status, package_id, owner_user_id, -1 FROM old_cards WHERE deleted_at IS NULL
        ) AS changes GROUP BY 1, 2, 3 HAVING sum(d) <> 0;
    END IF;
    RETURN NULL;
  END $$`);
  await knex.raw(`CREATE TRIGGER card_counts_insert AFTER INSERT ON cards REFERENCING NEW TABLE AS new_cards
    FOR EACH STATEMENT EXECUTE FUNCTION card_counts_delta()`);
  await knex.raw(`CREATE TRIGGER card_counts_update AFTER UPDATE ON cards REFERENCING OLD TABLE AS old_cards NEW TABLE AS new_cards
    FOR EACH STATEMENT EXECUTE FUNCTION card_counts_delta()`);
  await knex.raw(`CREATE TRIGGER card_counts_delete AFTER DELETE ON cards REFERENCING OLD TABLE AS old_cards
    FOR EACH STATEMENT EXECUTE FUNCTION card_counts_delta()`);
  // TRUNCATE cannot carry a transition table: it empties the counts with it.
  await knex.raw(`CREATE FUNCTION card_counts_reset() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM card_counts;
    RETURN NULL;
  END $$`);
  await knex.raw(
    'CREATE TRIGGER card_counts_truncate AFTER TRUNCATE ON cards FOR EACH STATEMENT EXECUTE FUNCTION card_counts_reset()',
  );
}

export async function down(): Promise<void> {
  throw new Error('Forward-only migrations: add a new one instead.');
}
