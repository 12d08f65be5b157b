import type { Knex } from 'knex';

/**
 * The shop's money settings, one row an admin edits in the back office (docs/decisions/0020): the
 * bank account customers transfer top-ups to, the most one bank top-up request may ask for, and the
 * amount above which confirming a top-up takes the amount typed again. The bank columns stay null
 * until an admin saves them: until then the service's TOP_UP_* settings are the account, so an
 * existing shop shows what it showed before.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE shop_settings (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      account_holder text,
      bank_name text,
      iban text,
      top_up_max_cents bigint NOT NULL CHECK (top_up_max_cents > 0),
      confirm_retype_above_cents bigint NOT NULL CHECK (confirm_retype_above_cents >= 0),
      updated_by text,
      updated_at timestamptz
    )
  `);
  // 100.000 € a request, and a second look (the amount typed again) above 1.000 €: the card limit's size.
  await knex('shop_settings').insert({ id: true, top_up_max_cents: 100_000_00, confirm_retype_above_cents: 1_000_00 });
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE shop_settings');
}
