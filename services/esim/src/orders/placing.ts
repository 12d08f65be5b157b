import type { Knex } from 'knex';
import { claimKeysStatement, GroupCommit, isUniqueViolation, type IdempotencyClaim } from '@esim/platform';
import { normalizeOrder, type OrderRow } from '../rows';
import { newOrderNumber } from './order-number';
import type { Quote } from './quotes';

/** One buyer's new order: its id (drawn up front, it is the stored answer), the quote and the request's idempotency claim. */
export interface NewOrder {
  id: string;
  userId: string;
  quote: Quote;
  locale: string;
  requestId: string;
  claim: IdempotencyClaim<{ order_id: string }>;
  /** A top-up adds to this eSIM instead of taking profiles from the pool. */
  topUpProfileId?: string;
  /** The checkout card payment that paid the part the balance lacked (claimed for the order before its hold). */
  cardPaymentId?: string;
  /** A dealer's end customer the order is for. */
  customer?: { name: string; email: string };
}

/**
 * Places orders by group commit: the orders of buyers who buy at the same moment are written
 * together, in one statement (its own transaction): the idempotency keys claimed and the orders whose
 * keys were claimed, instead of a transaction each. No event is published here: nothing acts on a
 * placed order before its hold, and the order's end (completed or failed) is published. Each
 * order's outcome is its row, or undefined when its key was claimed before (the buyer asked
 * again): the caller replays the stored answer.
 */
export function createOrderPlacing(db: Knex): GroupCommit<NewOrder, OrderRow | undefined> {
  return new GroupCommit((batch) => placeOrders(db, batch));
}

/** Order numbers drawn again on a clash: 60 random bits make one astronomically rare, but never a 500. */
const NUMBER_ATTEMPTS = 5;

async function placeOrders(db: Knex, batch: NewOrder[]): Promise<Array<OrderRow | undefined>> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await writeOrders(db, batch);
    } catch (error) {
      if (attempt >= NUMBER_ATTEMPTS || !isUniqueViolation(error, 'orders_order_number_key')) throw error;
    }
  }
}

/**
 * One statement: a key taken before (or by another order of the batch: the first claims it) is
 * skipped by ON CONFLICT, and with it its order. The claim's stored answer names the order, which is
 * how an order is matched to its claim. A clash of order numbers fails the whole statement, so
 * nothing is written and the batch is drawn again.
 */
async function writeOrders(db: Knex, batch: NewOrder[]): Promise<Array<OrderRow | undefined>> {
  const claim = claimKeysStatement(batch.map((order) => order.claim));
  const result = await db.raw(
    `WITH claimed AS (
       ${claim.sql}
       RETURNING response_body->>'order_id' AS order_id)
     INSERT INTO orders (${ORDER_COLUMNS.join(', ')})
     SELECT ${ORDER_COLUMNS.map((column) => `o.${column}`).join(', ')}
       FROM jsonb_populate_recordset(NULL::orders, ?::jsonb) AS o
      WHERE o.id::text IN (SELECT order_id FROM claimed)
     RETURNING *`,
    [...claim.bindings, JSON.stringify(batch.map(orderRow))] as unknown as Knex.RawBinding[],
  );
  const placed = new Map(
    (result.rows as Array<Record<string, unknown>>).map((row) => [row.id as string, normalizeOrder(row)]),
  );
  // Each order once: a second order of the batch with the same key was not placed.
  return batch.map((order) => placed.get(order.id));
}

const ORDER_COLUMNS = [
  'id',
  'order_number',
  'user_id',
  'package_id',
  'package_code',
  'package_name_tr',
  'package_name_en',
  'package_type',
  'countries',
  'data_mb',
  'validity_days',
  'quantity',
  'unit_price_cents',
  'total_cents',
  'locale',
  'top_up_profile_id',
  'card_payment_id',
  'supplier',
  'supplier_package_id',
  'customer_name',
  'customer_email',
] as const;

/** The order row of a new order, as every way of buying writes it. */
export function orderRow({
  id,
  userId,
  quote,
  locale,
  topUpProfileId,
  cardPaymentId,
  customer,
}: Omit<NewOrder, 'requestId' | 'claim'>): Record<(typeof ORDER_COLUMNS)[number], unknown> & { order_number: string } {
  return {
    id,
    order_number: newOrderNumber(),
    user_id: userId,
    package_id: quote.package.id,
    package_code: quote.package.code,
    package_name_tr: quote.package.name_tr,
    package_name_en: quote.package.name_en,
    package_type: quote.package.type,
    countries: quote.package.countries,
    data_mb: quote.package.data_mb,
    validity_days: quote.package.validity_days,
    quantity: quote.quantity,
    unit_price_cents: quote.unit_price_cents,
    total_cents: quote.total_cents,
    locale,
    top_up_profile_id: topUpProfileId ?? null,
    card_payment_id: cardPaymentId ?? null,
    // The catalog names a package's supplier; a package it names none for is the pool's.
    supplier: quote.package.supplier ?? 'pool',
    supplier_package_id: quote.package.supplier_package_id ?? null,
    customer_name: customer?.name ?? null,
    customer_email: customer?.email ?? null,
  };
}
