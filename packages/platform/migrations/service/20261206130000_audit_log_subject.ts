import type { Knex } from 'knex';

/**
 * What an entry was about, so the admin reads "150,25 € loaded for dealer Deniz" instead of a path:
 * the record (its id and its name at the time) and the amount. Older rows keep these empty.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audit_log', (t) => {
    t.text('target_id');
    t.text('target_name');
    t.bigInteger('amount_cents');
    t.text('detail');
    t.index(['target_id', 'at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audit_log', (t) => {
    t.dropIndex(['target_id', 'at']);
    t.dropColumns('target_id', 'target_name', 'amount_cents', 'detail');
  });
}
