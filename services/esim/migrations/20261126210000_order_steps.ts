import type { Knex } from 'knex';

/** An order's saga has four steps: placed, completed, voiding, failed (the hold's id is written with the provisioning). */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_step_check;
    ALTER TABLE orders ADD CONSTRAINT orders_step_check CHECK (step IN ('placed', 'completed', 'voiding', 'failed'));
  `);
}

export async function down(): Promise<void> {
  throw new Error('Forward-only migrations: add a new one instead.');
}
