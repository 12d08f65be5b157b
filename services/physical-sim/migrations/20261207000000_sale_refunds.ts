import type { Knex } from 'knex';

/**
 * A sale is refunded at most once.
 *
 * 1. `cards.sale_order_id`: the approved order whose sale gave the card's current owner the card.
 *    It is null in admin stock and when the owner got the card from an admin's transfer, which
 *    carries no price. A foreign key to `order_cards` makes it one of the card's own sale lines.
 * 2. `sale_refunds`: one row per sale line (order, card) that a return refunds, pending or approved,
 *    with the cents it gives back. Its primary key is the sale line, so a second return of the
 *    same sale cannot refund it again; rejecting a return deletes its rows (the sale is unrefunded).
 *
 * Existing data: the refunds of approved returns, then of pending ones, are recorded oldest first,
 * so where two approved returns both refunded one sale the first keeps it (`consistency:verify`
 * names the second). A pending return's card whose sale was refunded already now refunds nothing.
 * Each dealer-held card gets the sale behind its holding, unless a transfer, an approved return or
 * an admin's take-back came after that sale.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE cards ADD COLUMN sale_order_id uuid');
  await knex.raw(`CREATE TABLE sale_refunds (
    order_id uuid NOT NULL,
    card_id uuid NOT NULL,
    return_id uuid NOT NULL,
    refund_cents bigint NOT NULL CONSTRAINT sale_refunds_cents CHECK (refund_cents >= 0),
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT sale_refunds_once PRIMARY KEY (order_id, card_id),
    CONSTRAINT sale_refunds_sale_line FOREIGN KEY (order_id, card_id) REFERENCES order_cards (order_id, card_id),
    CONSTRAINT sale_refunds_return_line FOREIGN KEY (return_id, card_id) REFERENCES return_cards (return_id, card_id)
  )`);
  await knex.raw('CREATE INDEX sale_refunds_return ON sale_refunds (return_id)');

  await knex.raw(`INSERT INTO sale_refunds (order_id, card_id, return_id, refund_cents, created_at)
    SELECT rc.order_id, rc.card_id, rc.return_id, rc.refund_cents, r.created_at
      FROM return_cards rc
      JOIN returns r ON r.id = rc.return_id
      JOIN order_cards oc ON oc.order_id = rc.order_id AND oc.card_id = rc.card_id
     WHERE r.status IN ('approved', 'pending') AND rc.refund_cents > 0
     ORDER BY r.status = 'pending', r.created_at, r.id
    ON CONFLICT DO NOTHING`);
  await knex.raw(`UPDATE return_cards rc SET refund_cents = 0
      FROM returns r
     WHERE r.id = rc.return_id AND r.status = 'pending' AND rc.refund_cents > 0
       AND NOT EXISTS (SELECT 1 FROM sale_refunds s WHERE s.return_id = rc.return_id AND s.card_id = rc.card_id)`);
  await knex.raw(`UPDATE returns r SET refund_cents = lines.cents
      FROM (SELECT return_id, sum(refund_cents) AS cents FROM return_cards GROUP BY return_id) lines
     WHERE lines.return_id = r.id AND r.status = 'pending' AND r.refund_cents <> lines.cents`);

  await knex.raw(`UPDATE cards c SET sale_order_id = sale.order_id
      FROM (SELECT DISTINCT ON (oc.card_id) oc.card_id, oc.order_id, o.user_id, o.decided_at
              FROM order_cards oc
              JOIN orders o ON o.id = oc.order_id
             WHERE o.status = 'approved'
             ORDER BY oc.card_id, o.decided_at DESC, o.id DESC) sale
     WHERE c.id = sale.card_id AND c.owner_user_id = sale.user_id
       AND NOT EXISTS (SELECT 1 FROM card_history h
                        WHERE h.card_id = c.id AND h.created_at > sale.decided_at
                          AND h.action IN ('transferred', 'returned_to_admin', 'return_approved'))`);
  await knex.raw(`ALTER TABLE cards ADD CONSTRAINT cards_sale_line
    FOREIGN KEY (sale_order_id, id) REFERENCES order_cards (order_id, card_id)`);
}

export async function down(): Promise<void> {
  throw new Error('Forward-only migrations: add a new one instead.');
}
