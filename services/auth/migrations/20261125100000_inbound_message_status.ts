import type { Knex } from 'knex';

/**
 * Admins mark a partnership or contact message read or answered, so two admins do not both reply
 * and the menu can count what nobody has looked at yet.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('inbound_messages', (t) => {
    t.text('status').notNullable().defaultTo('new');
    t.text('status_changed_by');
    t.timestamp('status_changed_at', { useTz: true });
    t.check("status IN ('new', 'read', 'answered')", [], 'inbound_messages_status_check');
    t.index(['status', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('inbound_messages', (t) => {
    t.dropIndex(['status', 'created_at']);
    t.dropChecks(['inbound_messages_status_check']);
    t.dropColumns('status', 'status_changed_by', 'status_changed_at');
  });
}
