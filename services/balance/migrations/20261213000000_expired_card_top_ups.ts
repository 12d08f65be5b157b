import type { Knex } from 'knex';

/**
 * A card top-up whose payment nobody finished in time reads `expired`, not `rejected`: nobody turned
 * it down and no money moved. Card top-ups rejected so far because their payment expired become
 * expired; a payment the provider charges after all still reopens and credits its top-up.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE top_ups
      DROP CONSTRAINT top_ups_status_check,
      ADD CONSTRAINT top_ups_status_check CHECK (status IN ('pending', 'confirmed', 'rejected', 'expired'));
    UPDATE top_ups SET status = 'expired'
     WHERE method = 'card' AND status = 'rejected' AND reason = 'payment_expired';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    UPDATE top_ups SET status = 'rejected' WHERE status = 'expired';
    ALTER TABLE top_ups
      DROP CONSTRAINT top_ups_status_check,
      ADD CONSTRAINT top_ups_status_check CHECK (status IN ('pending', 'confirmed', 'rejected'));
  `);
}
