import type { Knex } from 'knex';

/** Who changed what, when and from where: every admin and sales-manager write to this service. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('audit_log', (t) => {
    t.bigIncrements('id').primary();
    t.text('actor_id').notNullable();
    t.text('actor_role').notNullable();
    t.text('method').notNullable();
    t.text('route').notNullable();
    t.text('url').notNullable();
    t.integer('status_code').notNullable();
    t.text('ip');
    t.text('request_id').notNullable();
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['actor_id', 'at']);
    t.index(['at']);
  });
}
