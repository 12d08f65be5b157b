import type { Knex } from 'knex';

/**
 * Transactional outbox (events written with the state change that caused them) and inbox
 * (events this service has already handled, so a redelivery changes nothing).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('outbox', (t) => {
    t.bigIncrements('position').primary();
    t.uuid('event_id').notNullable().unique();
    t.text('type').notNullable();
    t.text('topic').notNullable();
    t.text('aggregate_id').notNullable();
    t.jsonb('envelope').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('published_at', { useTz: true });
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
  });
  // The relay reads only what is still unpublished, in order.
  await knex.raw('CREATE INDEX outbox_unpublished ON outbox (position) WHERE published_at IS NULL');

  await knex.schema.createTable('inbox', (t) => {
    t.uuid('event_id').notNullable();
    t.text('consumer').notNullable();
    t.text('type').notNullable();
    t.timestamp('handled_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['consumer', 'event_id']);
  });
}
