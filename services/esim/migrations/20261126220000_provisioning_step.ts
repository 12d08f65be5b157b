import type { Knex } from 'knex';

/** An order reserved for the provider's call has its own step, provisioning (orders/provisioning.ts). */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_step_check;
    ALTER TABLE orders ADD CONSTRAINT orders_step_check CHECK (step IN ('placed', 'provisioning', 'completed', 'voiding', 'failed'));
  `);
}

export async function down(): Promise<void> {
  throw new Error('Forward-only migrations: add a new one instead.');
}
