import type { Knex } from 'knex';

/** Stored results of idempotent requests: same key replays, same key with another body is a conflict. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('idempotency_keys', (t) => {
    t.text('scope').notNullable();
    t.text('key').notNullable();
    t.text('request_hash').notNullable();
    t.integer('status_code').notNullable();
    t.jsonb('response_body').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['scope', 'key']);
  });
}
