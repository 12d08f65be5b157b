import type { Knex } from 'knex';

/**
 * Usage of physical cards, fed like eSIM usage (the signed webhook). The bundle's used data keeps
 * two decimals of MB, as the eSIM balance check shows them (reports come in bytes).
 *
 * The physical cards' usage reports already applied (the signed webhook), by report id: a replayed
 * report changes nothing. Counters are cumulative, so a late or repeated figure without an id
 * changes nothing either (the recorded usage only grows).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE card_bundles ALTER COLUMN used_mb TYPE numeric(14, 2)');
  await knex.schema.createTable('usage_events', (t) => {
    t.text('event_id').primary();
    t.text('iccid').notNullable();
    t.bigInteger('used_bytes').notNullable();
    t.timestamp('recorded_at', { useTz: true }).notNullable();
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(): Promise<void> {
  throw new Error('Forward-only migrations: add a new one instead.');
}
