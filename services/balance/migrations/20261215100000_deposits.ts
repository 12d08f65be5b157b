import type { Knex } from 'knex';

/**
 * Money added to a balance is a deposit (a "top-up" is data added to an eSIM, in the esim service):
 * top_ups becomes deposits with its constraints and indexes, a card payment names its deposit
 * (deposit_id) and what it was for (`purpose` deposit or order), and the shop's settings name the most
 * one bank deposit may ask for (deposit_max_cents). The ledger's transfers are append-only and keep
 * their kinds (`top_up`, `card_top_up`), keys and metadata as written.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE top_ups RENAME TO deposits;
    ALTER TABLE deposits RENAME CONSTRAINT top_ups_pkey TO deposits_pkey;
    ALTER TABLE deposits RENAME CONSTRAINT top_ups_reference_code_key TO deposits_reference_code_key;
    ALTER TABLE deposits RENAME CONSTRAINT top_ups_transfer_id_key TO deposits_transfer_id_key;
    ALTER TABLE deposits RENAME CONSTRAINT top_ups_amount_check TO deposits_amount_check;
    ALTER TABLE deposits RENAME CONSTRAINT top_ups_method_check TO deposits_method_check;
    ALTER TABLE deposits RENAME CONSTRAINT top_ups_status_check TO deposits_status_check;
    ALTER TABLE deposits RENAME CONSTRAINT top_ups_confirmed_has_transfer TO deposits_confirmed_has_transfer;
    ALTER INDEX top_ups_by_user RENAME TO deposits_by_user;
    ALTER INDEX top_ups_by_status RENAME TO deposits_by_status;

    ALTER TABLE payments RENAME COLUMN top_up_id TO deposit_id;
    ALTER TABLE payments RENAME CONSTRAINT payments_top_up_id_key TO payments_deposit_id_key;
    ALTER TABLE payments RENAME CONSTRAINT payments_top_up_id_fkey TO payments_deposit_id_fkey;
    ALTER TABLE payments DROP CONSTRAINT payments_purpose_check, ALTER COLUMN purpose DROP DEFAULT;
    UPDATE payments SET purpose = 'deposit' WHERE purpose = 'top_up';
    ALTER TABLE payments
      ALTER COLUMN purpose SET DEFAULT 'deposit',
      ADD CONSTRAINT payments_purpose_check CHECK (purpose IN ('deposit', 'order'));

    ALTER TABLE shop_settings RENAME COLUMN top_up_max_cents TO deposit_max_cents;
    ALTER TABLE shop_settings RENAME CONSTRAINT shop_settings_top_up_max_cents_check TO shop_settings_deposit_max_cents_check;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE shop_settings RENAME CONSTRAINT shop_settings_deposit_max_cents_check TO shop_settings_top_up_max_cents_check;
    ALTER TABLE shop_settings RENAME COLUMN deposit_max_cents TO top_up_max_cents;

    ALTER TABLE payments DROP CONSTRAINT payments_purpose_check, ALTER COLUMN purpose DROP DEFAULT;
    UPDATE payments SET purpose = 'top_up' WHERE purpose = 'deposit';
    ALTER TABLE payments
      ALTER COLUMN purpose SET DEFAULT 'top_up',
      ADD CONSTRAINT payments_purpose_check CHECK (purpose IN ('top_up', 'order'));
    ALTER TABLE payments RENAME CONSTRAINT payments_deposit_id_fkey TO payments_top_up_id_fkey;
    ALTER TABLE payments RENAME CONSTRAINT payments_deposit_id_key TO payments_top_up_id_key;
    ALTER TABLE payments RENAME COLUMN deposit_id TO top_up_id;

    ALTER INDEX deposits_by_status RENAME TO top_ups_by_status;
    ALTER INDEX deposits_by_user RENAME TO top_ups_by_user;
    ALTER TABLE deposits RENAME CONSTRAINT deposits_confirmed_has_transfer TO top_ups_confirmed_has_transfer;
    ALTER TABLE deposits RENAME CONSTRAINT deposits_status_check TO top_ups_status_check;
    ALTER TABLE deposits RENAME CONSTRAINT deposits_method_check TO top_ups_method_check;
    ALTER TABLE deposits RENAME CONSTRAINT deposits_amount_check TO top_ups_amount_check;
    ALTER TABLE deposits RENAME CONSTRAINT deposits_transfer_id_key TO top_ups_transfer_id_key;
    ALTER TABLE deposits RENAME CONSTRAINT deposits_reference_code_key TO top_ups_reference_code_key;
    ALTER TABLE deposits RENAME CONSTRAINT deposits_pkey TO top_ups_pkey;
    ALTER TABLE deposits RENAME TO top_ups;
  `);
}
