import type { Knex } from 'knex';

/**
 * When an eSIM's usage figures were last measured (`profiles.usage_updated_at`): the latest usage
 * report's time, or its supplier's update time once the supplier's figures are applied, so every
 * answer can say how fresh the figures are without reading the reports. Filled from the reports kept
 * so far; and the reports of one eSIM found by its ICCID without reading the whole table.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE profiles ADD COLUMN usage_updated_at timestamptz;
    CREATE INDEX usage_events_by_iccid ON usage_events (iccid, recorded_at DESC);
    UPDATE profiles p
       SET usage_updated_at = latest.recorded_at
      FROM (SELECT iccid, max(recorded_at) AS recorded_at FROM usage_events GROUP BY iccid) latest
     WHERE latest.iccid = p.iccid AND p.order_id IS NOT NULL;
  `);
}

export async function down(): Promise<void> {
  throw new Error('Forward-only migrations: add a new one instead.');
}
