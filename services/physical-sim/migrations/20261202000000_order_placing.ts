import type { Knex } from 'knex';

/**
 * Dealer orders gain the status `placing`: the order is reserved (its cards counted against the
 * stock) in a short transaction before the balance service is asked for its hold, and becomes
 * `pending` once the hold is recorded. No transaction stays open across that call, and a placing
 * order left behind (the call failed, the process died) is rejected by the placing sweeper.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE orders DROP CONSTRAINT orders_status');
  await knex.raw(
    `ALTER TABLE orders ADD CONSTRAINT orders_status CHECK (status IN ('placing', 'pending', 'approved', 'rejected'))`,
  );
}

export async function down(): Promise<void> {
  throw new Error('Forward-only migrations: add a new one instead.');
}
