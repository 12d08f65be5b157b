import type { Knex } from 'knex';

/**
 * The e-Arşiv invoice of every completed sale and the return document of every refund, issued
 * through the invoicing port by a leased loop; the VAT rates per product type as one settings row;
 * and the demo provider's own numbered documents (a real integrator keeps those on its side).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('invoices', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('kind').notNullable();
    // Our order id; one invoice per sale, and a return document per refund (return_id).
    t.text('sale_id').notNullable();
    t.text('return_id');
    t.text('sale_type').notNullable();
    t.text('sale_number').notNullable();
    t.uuid('account_id').notNullable();
    t.text('locale').notNullable().defaultTo('tr');
    t.jsonb('buyer').notNullable();
    t.jsonb('lines').notNullable();
    t.bigInteger('total_cents').notNullable();
    t.bigInteger('vat_cents').notNullable();
    t.text('currency').notNullable().defaultTo('EUR');
    t.jsonb('payment');
    t.text('sale_url');
    t.timestamp('sold_at', { useTz: true }).notNullable();
    t.text('provider');
    t.text('provider_id');
    t.text('number');
    t.text('status').notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
    t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // A copy of auth that took the row for a provider call holds it until leased_until.
    t.text('lease_owner');
    t.timestamp('leased_until', { useTz: true });
    t.uuid('invoice_id').references('invoices.id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('issued_at', { useTz: true });
    t.check("kind IN ('invoice', 'return')", [], 'invoices_kind_check');
    t.check("sale_type IN ('esim', 'top_up', 'physical_sim')", [], 'invoices_sale_type_check');
    t.check("status IN ('pending', 'issued', 'failed')", [], 'invoices_status_check');
    t.check("(kind = 'invoice') = (return_id IS NULL AND invoice_id IS NULL)", [], 'invoices_return_check');
    t.index(['status', 'next_attempt_at']);
    t.index(['created_at']);
    t.index(['account_id', 'sale_id']);
  });
  await knex.raw("CREATE UNIQUE INDEX invoices_one_per_sale ON invoices (sale_id) WHERE kind = 'invoice'");
  await knex.raw("CREATE UNIQUE INDEX invoices_one_per_return ON invoices (return_id) WHERE kind = 'return'");
  await knex.raw('CREATE UNIQUE INDEX invoices_number ON invoices (provider, number) WHERE number IS NOT NULL');

  await knex.schema.createTable('invoice_settings', (t) => {
    t.boolean('id').primary().defaultTo(true);
    t.integer('vat_esim').notNullable().defaultTo(20);
    t.integer('vat_top_up').notNullable().defaultTo(20);
    t.integer('vat_physical_sim').notNullable().defaultTo(20);
    t.text('updated_by');
    t.timestamp('updated_at', { useTz: true });
    t.check('id', [], 'invoice_settings_one_row');
    t.check(
      'vat_esim BETWEEN 0 AND 100 AND vat_top_up BETWEEN 0 AND 100 AND vat_physical_sim BETWEEN 0 AND 100',
      [],
      'invoice_settings_vat_check',
    );
  });
  await knex('invoice_settings').insert({ id: true });

  await knex.raw('CREATE SEQUENCE demo_invoice_numbers');
  await knex.schema.createTable('demo_invoice_documents', (t) => {
    // 'sale:<saleId>' or 'return:<returnId>': what makes the demo's issue idempotent.
    t.text('key').primary();
    t.uuid('id').notNullable().unique().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('number').notNullable().unique();
    t.bigInteger('total_cents').notNullable();
    t.bigInteger('vat_cents').notNullable();
    t.jsonb('document').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('demo_invoice_documents');
  await knex.raw('DROP SEQUENCE demo_invoice_numbers');
  await knex.schema.dropTable('invoice_settings');
  await knex.schema.dropTable('invoices');
}
