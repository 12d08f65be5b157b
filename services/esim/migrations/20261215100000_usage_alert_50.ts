import type { Knex } from 'knex';

/**
 * When an eSIM's 50 % usage alert was published (`profiles.alert_50_sent_at`), so it goes out once
 * like the 80 % and 100 % ones. An eSIM that had its 80 % alert before this column existed counts as
 * alerted at 50 % too: a half-used notice after the 80 % one would arrive out of order.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE profiles ADD COLUMN alert_50_sent_at timestamptz;
    UPDATE profiles SET alert_50_sent_at = alert_80_sent_at WHERE alert_80_sent_at IS NOT NULL;
  `);
}

export async function down(): Promise<void> {
  throw new Error('Forward-only migrations: add a new one instead.');
}
