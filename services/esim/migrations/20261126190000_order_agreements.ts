import type { Knex } from 'knex';

/**
 * order_agreements: what a buyer accepted at the storefront's checkout, kept with the order (one
 * row per order, written with it): the distance-sale documents' version and text as shown (the
 * pre-information form and the contract) and, when a card top-up paid the part the balance lacked,
 * that payment, its provider reference and the card's share of the total. The receipt mailed for
 * the order prints them; an order placed without documents (a dealer, the API) has no row.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE order_agreements (
      order_id uuid PRIMARY KEY REFERENCES orders (id),
      version text NOT NULL,
      text text NOT NULL,
      card_payment_id uuid,
      card_payment_reference text,
      paid_by_card_cents bigint NOT NULL DEFAULT 0 CHECK (paid_by_card_cents >= 0),
      accepted_at timestamptz NOT NULL DEFAULT now()
    )
  `);
}

export async function down(): Promise<void> {
  throw new Error('Forward-only migrations: add a new one instead.');
}
