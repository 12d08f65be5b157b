import { cutoff, offendingIds, type RuleContext } from './rule';

/*
 * The rules that tie the orders of physical-sim and esim to the balance service's holds and
 * transfers. A hold is keyed by its order's id (`holds.order_id`), whoever took it. Each rule is one
 * query joining the schemas in SQL: only the offending rows leave the database, however many
 * orders there are, which a join in JS (every order and every hold read out) could not promise.
 * Amounts compare as integer cents (bigint columns on both sides).
 */

/** An approved physical-SIM order placed with a hold has that hold captured for exactly its total (one placed without a hold is billed by invoice). */
export function approvedPhysicalOrdersHaveCapturedHolds({ trx }: RuleContext): Promise<string[]> {
  return offendingIds(
    trx,
    `SELECT o.id FROM physical_sim.orders o
       LEFT JOIN balance.holds h ON h.order_id = o.id::text
      WHERE o.status = 'approved'
        AND (o.hold_id IS NOT NULL OR h.id IS NOT NULL)
        AND (h.id IS NULL OR h.id <> o.hold_id OR h.status <> 'captured' OR h.amount <> o.total_cents)
      ORDER BY o.created_at, o.id`,
  );
}

/** A rejected or cancelled physical-SIM order either never had a hold or has it voided. */
export function rejectedPhysicalOrdersHaveVoidedHolds({ trx }: RuleContext): Promise<string[]> {
  return offendingIds(
    trx,
    `SELECT o.id FROM physical_sim.orders o
       LEFT JOIN balance.holds h ON h.order_id = o.id::text
      WHERE o.status IN ('rejected', 'cancelled')
        AND ((h.id IS NOT NULL AND h.status <> 'voided') OR (o.hold_id IS NOT NULL AND h.id IS DISTINCT FROM o.hold_id))
      ORDER BY o.created_at, o.id`,
  );
}

/**
 * An approved physical-SIM return with something to refund has its refund: the transfer the balance
 * service posts under `refund:physical-sim-return:<return id>`, of the return's amount, to the
 * returner's spendable account.
 */
export function approvedReturnsAreRefunded({ trx }: RuleContext): Promise<string[]> {
  return offendingIds(
    trx,
    `SELECT r.id FROM physical_sim.returns r
       LEFT JOIN balance.transfers t ON t.idempotency_key = 'refund:physical-sim-return:' || r.id::text
       LEFT JOIN balance.accounts a ON a.id = t.credit_account_id
      WHERE r.status = 'approved' AND r.refund_cents > 0
        AND (t.id IS NULL OR t.kind <> 'refund' OR t.amount <> r.refund_cents OR a.key IS DISTINCT FROM 'user:' || r.user_id || ':spendable')
      ORDER BY r.created_at, r.id`,
  );
}

/**
 * An approved physical-SIM return refunds exactly the price of the sales that gave the dealer its
 * cards, each sale once: its amount is the sum of its cards' refunds, a card that refunds anything
 * names a sale of it (an approved order of the returner) at that order's unit price, and no return
 * approved before it refunded the same sale. A card an admin transferred names no sale and refunds 0.
 */
export function approvedReturnsRefundEachSaleOnce({ trx }: RuleContext): Promise<string[]> {
  return offendingIds(
    trx,
    `SELECT r.id FROM physical_sim.returns r
      WHERE r.status = 'approved'
        AND (r.refund_cents <> (SELECT coalesce(sum(rc.refund_cents), 0) FROM physical_sim.return_cards rc WHERE rc.return_id = r.id)
          OR EXISTS (
            SELECT 1 FROM physical_sim.return_cards rc
              LEFT JOIN physical_sim.order_cards sale ON sale.order_id = rc.order_id AND sale.card_id = rc.card_id
              LEFT JOIN physical_sim.orders o ON o.id = sale.order_id AND o.status = 'approved' AND o.user_id = r.user_id
             WHERE rc.return_id = r.id AND rc.refund_cents > 0
               AND (o.id IS NULL OR o.unit_price_cents <> rc.refund_cents
                 OR EXISTS (
                   SELECT 1 FROM physical_sim.return_cards earlier
                     JOIN physical_sim.returns e ON e.id = earlier.return_id AND e.status = 'approved'
                    WHERE earlier.order_id = rc.order_id AND earlier.card_id = rc.card_id AND earlier.refund_cents > 0
                      AND (e.decided_at, e.id) < (r.decided_at, r.id)))))
      ORDER BY r.created_at, r.id`,
  );
}

/** A completed eSIM order that cost something has its hold captured for exactly its total. */
export function completedEsimOrdersAreCaptured({ trx }: RuleContext): Promise<string[]> {
  return offendingIds(
    trx,
    `SELECT o.id FROM esim.orders o
       LEFT JOIN balance.holds h ON h.order_id = o.id::text
      WHERE o.step = 'completed' AND o.total_cents > 0
        AND (h.id IS NULL OR h.id <> o.hold_id OR h.status <> 'captured' OR h.amount <> o.total_cents)
      ORDER BY o.created_at, o.id`,
  );
}

/**
 * A hold pending for longer than `holdMaxAgeMs` still has an open order behind it: a placing or
 * pending physical-SIM order (the placing sweeper rejects a placing one, voiding its hold) or an
 * eSIM order not yet completed or failed (the recovery loop finishes those).
 */
export function noStalePendingHolds({ trx, now, holdMaxAgeMs }: RuleContext): Promise<string[]> {
  // Order ids are uuids; the CASE casts only those (any other key has no order behind it) and keeps the primary keys usable.
  return offendingIds(
    trx,
    `SELECT h.id FROM (
         SELECT id, created_at,
                CASE WHEN order_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN order_id::uuid END AS order_uuid
           FROM balance.holds
          WHERE status = 'pending' AND created_at < ?
       ) h
      WHERE NOT EXISTS (SELECT 1 FROM physical_sim.orders p WHERE p.id = h.order_uuid AND p.status IN ('placing', 'pending'))
        AND NOT EXISTS (SELECT 1 FROM esim.orders e WHERE e.id = h.order_uuid AND e.step NOT IN ('completed', 'failed'))
      ORDER BY h.created_at, h.id`,
    [cutoff(now, holdMaxAgeMs)],
  );
}

/**
 * An eSIM refund is whole once done: the balance service's refund transfer of its amount under
 * `refund:esim:<eSIM id>`, and when part of it was the card's, that card refund of its card part
 * under the same key; one still on its way after `holdMaxAgeMs` is stuck (the provider or the
 * balance service has not answered the recovery loop).
 */
export function esimRefundsAreSettled({ trx, now, holdMaxAgeMs }: RuleContext): Promise<string[]> {
  return offendingIds(
    trx,
    `SELECT r.profile_id AS id FROM esim.refunds r
       LEFT JOIN balance.transfers t ON t.idempotency_key = 'refund:esim:' || r.profile_id::text
       LEFT JOIN balance.card_refunds c ON c.refund_key = 'esim:' || r.profile_id::text
      WHERE (r.step <> 'done' AND r.created_at < ?)
         OR (r.step = 'done' AND (t.id IS NULL OR t.kind <> 'refund' OR t.amount <> r.amount_cents
           OR (r.card_cents > 0 AND (c.id IS NULL OR c.amount <> r.card_cents OR c.kind <> 'order'
                                     OR c.payment_id IS DISTINCT FROM r.card_payment_id))
           OR (r.card_cents = 0 AND c.id IS NOT NULL)))
      ORDER BY r.created_at, r.profile_id`,
    [cutoff(now, holdMaxAgeMs)],
  );
}

/**
 * The card refunds of a card payment never add up to more than it charged, nor those of its order
 * to more than the card paid of that order; each one that took money off a balance has its
 * card_refund transfer of its amount (and, given back to the balance, that transfer's reversal);
 * and none waits for the provider's answer longer than `holdMaxAgeMs`.
 */
export function cardRefundsStayWithinTheirPayment({ trx, now, holdMaxAgeMs }: RuleContext): Promise<string[]> {
  return offendingIds(
    trx,
    `SELECT p.id FROM balance.payments p
      WHERE (SELECT coalesce(sum(c.amount), 0) FROM balance.card_refunds c
              WHERE c.payment_id = p.id AND c.status <> 'returned') > coalesce(p.paid_cents, 0)
         OR (SELECT coalesce(sum(c.amount), 0) FROM balance.card_refunds c
              WHERE c.payment_id = p.id AND c.kind = 'order' AND c.status <> 'returned') > coalesce(p.order_cents, 0)
         OR EXISTS (
              SELECT 1 FROM balance.card_refunds c
                LEFT JOIN balance.transfers t ON t.id = c.transfer_id
                LEFT JOIN balance.transfers back ON back.reverses_transfer_id = c.transfer_id
               WHERE c.payment_id = p.id
                 AND ((c.transfer_id IS NOT NULL AND (t.id IS NULL OR t.kind <> 'card_refund' OR t.amount <> c.amount))
                   OR (c.status = 'returned' AND back.id IS NULL)
                   OR (c.status = 'pending' AND c.created_at < ?)))
      ORDER BY p.created_at, p.id`,
    [cutoff(now, holdMaxAgeMs)],
  );
}

/** A completed eSIM order that names a checkout card payment is the one order that payment paid. */
export function cardPaidOrdersClaimTheirPayment({ trx }: RuleContext): Promise<string[]> {
  return offendingIds(
    trx,
    `SELECT o.id FROM esim.orders o
       LEFT JOIN balance.payments p ON p.id = o.card_payment_id
      WHERE o.step = 'completed' AND o.card_payment_id IS NOT NULL
        AND (p.id IS NULL OR p.order_id IS DISTINCT FROM o.id::text OR p.status <> 'paid')
      ORDER BY o.created_at, o.id`,
  );
}

/**
 * An order of a wholesale supplier completed has its supplier order delivered; a supplier order
 * delivered belongs to an order completed, or to one that failed whose eSIMs were all ended again;
 * and none is still on its way long after it was placed (24 × `holdMaxAgeMs`), but for an order we
 * failed for it (a delivery after that is ended again when it comes).
 */
export function supplierOrdersMatchOurOrders({ trx, now, holdMaxAgeMs }: RuleContext): Promise<string[]> {
  return offendingIds(
    trx,
    `SELECT o.id FROM esim.orders o
       LEFT JOIN esim.supplier_orders s ON s.order_id = o.id
      WHERE o.supplier <> 'pool' AND o.step = 'completed' AND (s.order_id IS NULL OR s.status <> 'delivered')
     UNION
     SELECT s.order_id FROM esim.supplier_orders s
       JOIN esim.orders o ON o.id = s.order_id
      WHERE (s.status = 'delivered' AND o.step <> 'completed'
             AND (o.step <> 'failed' OR EXISTS (SELECT 1 FROM esim.profiles p
                                                WHERE p.order_id = o.id AND p.status NOT IN ('revoked', 'refunded'))))
         OR (s.status IN ('placing', 'placed') AND o.step = 'completed')
         OR (s.status IN ('placing', 'placed') AND s.created_at < ?
             AND o.failure_code IS DISTINCT FROM 'supplier_delivery_timeout')
      ORDER BY 1`,
    [cutoff(now, holdMaxAgeMs * 24)],
  );
}
