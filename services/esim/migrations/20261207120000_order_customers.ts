import type { Knex } from 'knex';

/**
 * A dealer's end customer on an order (`orders.customer_name`, `customer_email`): set when buying or
 * later, shown and searched in the dealer's list, and the address "send to customer" mails the
 * install details to. `install_mails.to_customer` tells those mails from the buyer's own (both count
 * towards the same hourly limit); the customer's address itself is kept on the order only.
 * `orders.sandbox`: bought with a sandbox API key (zero cost, demo profiles, no money moved).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE orders
      ADD COLUMN customer_name text CHECK (char_length(customer_name) <= 200),
      ADD COLUMN customer_email text CHECK (char_length(customer_email) <= 254),
      ADD COLUMN sandbox boolean NOT NULL DEFAULT false,
      ADD CONSTRAINT orders_sandbox_costs_nothing CHECK (NOT sandbox OR (total_cents = 0 AND hold_id IS NULL));
    ALTER TABLE install_mails ADD COLUMN to_customer boolean NOT NULL DEFAULT false;
  `);
}

export async function down(): Promise<void> {
  throw new Error('Forward-only migrations: add a new one instead.');
}
