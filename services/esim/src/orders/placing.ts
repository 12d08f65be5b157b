import type { Knex } from 'knex';
import { claimIdempotencyKeys, GroupCommit, isUniqueViolation, publishMany, type IdempotencyClaim } from '@esim/platform';
import { newOrderNumber } from './order-number';
import type { Quote } from './quotes';
import { normalizeOrder, type OrderRow } from './saga';

/** One buyer's new order: its id (drawn up front, it is the stored answer), the quote and the request's idempotency claim. */
export interface NewOrder {
  id: string;
  userId: string;
  quote: Quote;
  locale: string;
  requestId: string;
  claim: IdempotencyClaim<{ order_id: string }>;
}

/**
 * Places orders by group commit: the orders of buyers who buy at the same moment are written
 * together, in one transaction of three statements (the idempotency keys claimed, the orders, their
 * esim.order.placed events) instead of one transaction each. Each order's outcome is its row, or
 * undefined when its key was claimed before (the buyer asked again): the caller replays the
 * stored answer.
 */
export function createOrderPlacing(db: Knex): GroupCommit<NewOrder, OrderRow | undefined> {
  return new GroupCommit((batch) => placeOrders(db, batch));
}

/** Order numbers drawn again on a clash: 60 random bits make one astronomically rare, but never a 500. */
const NUMBER_ATTEMPTS = 5;

async function placeOrders(db: Knex, batch: NewOrder[]): Promise<Array<OrderRow | undefined>> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(async (trx) => writeOrders(trx, batch));
    } catch (error) {
      if (attempt >= NUMBER_ATTEMPTS || !isUniqueViolation(error, 'orders_order_number_key')) throw error;
    }
  }
}

async function writeOrders(trx: Knex.Transaction, batch: NewOrder[]): Promise<Array<OrderRow | undefined>> {
  const claimed = await claimIdempotencyKeys(
    trx,
    batch.map((order) => order.claim),
  );
  const fresh = batch.filter((_, i) => claimed[i]);
  if (fresh.length === 0) return batch.map(() => undefined);
  const rows = (await trx('orders').insert(fresh.map(orderRow)).returning('*')).map(normalizeOrder);
  const placed = new Map(rows.map((row) => [row.id, row]));
  await publishMany(
    trx,
    'esim',
    fresh.map((order) => ({
      type: 'esim.order.placed' as const,
      aggregateId: order.id,
      correlationId: order.requestId,
      payload: {
        orderId: order.id,
        orderNumber: placed.get(order.id)!.order_number,
        userId: order.userId,
        packageId: order.quote.package.id,
        quantity: order.quote.quantity,
        amountCents: order.quote.total_cents,
        holdId: null,
      },
    })),
  );
  return batch.map((order, i) => (claimed[i] ? placed.get(order.id) : undefined));
}

function orderRow({ id, userId, quote, locale }: NewOrder) {
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
  };
}
