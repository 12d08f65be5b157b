import type { Knex } from 'knex';

/**
 * Partnership and contact messages from the public site (auth owns people
 * and companies). Kept as sent; admins read them. The sender's address is stored hashed only,
 * for abuse tracing without keeping personal data we do not need.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('inbound_messages', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('kind').notNullable();
    t.text('company_name');
    t.text('full_name');
    t.text('email').notNullable();
    t.text('subject');
    t.text('message').notNullable();
    t.text('locale').notNullable();
    t.text('ip_hash');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check("kind IN ('partnership', 'contact')", [], 'inbound_messages_kind_check');
    t.index(['kind', 'created_at']);
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('inbound_messages');
}
