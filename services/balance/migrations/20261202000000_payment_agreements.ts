import type { Knex } from 'knex';

/**
 * The distance-sale documents a buyer accepted before paying by card at checkout (the pre-information
 * form and the distance sales contract): their version and the very text shown, kept with the payment
 * as the record of what was agreed. Back-office top-ups buy nothing and carry none.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE payments
      ADD COLUMN agreement_version text,
      ADD COLUMN agreement_text text,
      ADD CONSTRAINT payments_agreement_whole CHECK ((agreement_version IS NULL) = (agreement_text IS NULL));
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'ALTER TABLE payments DROP CONSTRAINT payments_agreement_whole, DROP COLUMN agreement_text, DROP COLUMN agreement_version',
  );
}
