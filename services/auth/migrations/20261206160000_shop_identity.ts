import type { Knex } from 'knex';

/**
 * The shop's identity, one row an admin edits in the back office (docs/decisions/0020): the brand
 * (name, logo, colours, support contacts) and the legal entity every sale's documents, receipts and
 * invoices name. A null column means "not set": the service then falls back to its SELLER_*
 * settings (and, in demo mode, to the demo shop), so an existing deployment names who it named before.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE shop_identity (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      brand_name text,
      logo_url text CHECK (length(logo_url) <= 65536),
      primary_color text CHECK (primary_color ~ '^#[0-9a-fA-F]{6}$'),
      secondary_color text CHECK (secondary_color ~ '^#[0-9a-fA-F]{6}$'),
      support_email text,
      support_phone text,
      legal_name text,
      address text,
      tax_office text,
      tax_number text CHECK (tax_number ~ '^[0-9]{10}$'),
      mersis text CHECK (mersis ~ '^[0-9]{16}$'),
      updated_by text,
      updated_at timestamptz
    )
  `);
  await knex('shop_identity').insert({ id: true });
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE shop_identity');
}
