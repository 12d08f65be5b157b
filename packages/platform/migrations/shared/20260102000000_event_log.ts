import type { Knex } from 'knex';

/**
 * The embedded PostgreSQL event log (the transport when KAFKA_BROKERS is unset): an append-only
 * table with a global position, and one offset per consumer group. Relays append in position
 * order under one advisory lock, so positions become visible in commit order and a consumer
 * reading "after my offset" never skips a row that commits late.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('platform').createTable('event_log', (t) => {
    t.bigIncrements('position').primary();
    // Not unique: a relay that crashed after appending may append again; consumers' inboxes dedupe.
    t.uuid('event_id').notNullable().index();
    t.text('topic').notNullable();
    t.text('type').notNullable();
    t.text('key').notNullable();
    t.text('producer').notNullable();
    t.jsonb('envelope').notNullable();
    t.timestamp('appended_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.withSchema('platform').createTable('consumer_offsets', (t) => {
    t.text('group_id').primary();
    // Last log position this group has processed (or skipped as not its business).
    t.bigInteger('position').notNullable().defaultTo(0);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}
