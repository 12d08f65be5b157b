import { AppError, conflict, insufficientBalanceError, notFound, publish } from '@esim/platform';
import type { Knex } from 'knex';
import type { BalanceClient } from '../clients/balance';
import type { CatalogClient, Quote } from '../clients/catalog';
import { orderableCount, SERVICE, type OrderRow } from './orders';

/**
 * Placing a dealer order without a transaction open across another service's call:
 * 1. reserve: a short transaction counts the order against the package's stock, as `placing`;
 * 2. hold: the balance service holds the total, outside any transaction (idempotent by order id);
 * 3. record: the caller's idempotent transaction makes it `pending` with its hold (`recordPlacedOrder`).
 * A refused hold removes the reservation; a hold that may or may not have been taken (network error,
 * 5xx) leaves it for the client's retry with the same key, and the sweeper rejects one nobody
 * comes back for (placing-sweeper.ts).
 */
export interface PlacementRequest {
  /** `orderIdFor(scopedKey)`: a retry with the same key finds its own order. */
  orderId: string;
  userId: string;
  packageId: string;
  quantity: number;
  note: string | null;
  requestId?: string;
}

export interface ReservedOrder {
  order: OrderRow;
  /** Null only when the order was no longer placing (recording it then says why). */
  holdId: string | null;
}

export async function reserveAndHold(
  db: Knex,
  deps: { catalog: CatalogClient; balance: BalanceClient },
  input: PlacementRequest,
): Promise<ReservedOrder> {
  const order =
    (await ownOrder(db, input)) ??
    (await reserveOrder(
      db,
      input,
      await deps.catalog.quote(
        { userId: input.userId, packageId: input.packageId, quantity: input.quantity },
        input.requestId,
      ),
    ));
  // Placed or rejected meanwhile: nothing to hold, the record step replays or refuses it.
  if (order.status !== 'placing') return { order, holdId: order.hold_id };
  return { order, holdId: await holdMoney(db, deps.balance, order, input.requestId) };
}

/** The order an earlier request with this key reserved, if any; the same key for another order is a 409. */
async function ownOrder(db: Knex | Knex.Transaction, input: PlacementRequest): Promise<OrderRow | undefined> {
  const order = (await db('orders').where({ id: input.orderId }).first()) as OrderRow | undefined;
  if (order && (order.package_id !== input.packageId || order.quantity !== input.quantity || order.note !== input.note))
    throw conflict('idempotency_conflict');
  return order;
}

/**
 * Placements of one package queue on a lock held only for this short transaction, so of two orders
 * racing for the last cards the second counts the first one's placing quantity and is refused.
 */
async function reserveOrder(db: Knex, input: PlacementRequest, quote: Quote): Promise<OrderRow> {
  return db.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`physical-sim-order:${input.packageId}`]);
    const earlier = await ownOrder(trx, input);
    if (earlier) return earlier;
    const orderable = await orderableCount(trx, input.packageId);
    if (input.quantity > orderable) {
      throw new AppError(422, 'order_exceeds_stock', {
        params: { available: orderable },
        errors: [{ path: 'quantity', message: 'order_exceeds_stock' }],
      });
    }
    const [order] = (await trx('orders')
      .insert({
        id: input.orderId,
        user_id: input.userId,
        package_id: input.packageId,
        package_code: quote.package.code,
        package_name_tr: quote.package.name_tr,
        package_name_en: quote.package.name_en,
        quantity: input.quantity,
        unit_price_cents: quote.unit_price_cents,
        total_cents: quote.total_cents,
        status: 'placing',
        note: input.note,
      })
      // The same key reserved under another package's lock: that request's order, checked below.
      .onConflict('id')
      .ignore()
      .returning('*')) as OrderRow[];
    return order ?? (await ownOrder(trx, input))!;
  });
}

/**
 * The balance service's hold for the order's total. Refused (4xx: the buyer cannot afford it), the
 * reservation goes and the refusal is the answer; unanswered (network error, 5xx), it stays, and
 * the 503 tells the client to retry with the same key, which asks for the same hold again.
 */
async function holdMoney(db: Knex, balance: BalanceClient, order: OrderRow, requestId?: string): Promise<string> {
  try {
    const hold = await balance.hold(
      {
        orderId: order.id,
        userId: order.user_id,
        amountCents: Number(order.total_cents),
        reference: `physical-sim order ${order.id}`,
      },
      requestId,
    );
    return hold.id;
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500)
      await db('orders').where({ id: order.id, status: 'placing' }).delete();
    // The hold's refusal names no figures: the buyer is told what they may spend (and any credit left).
    if (error instanceof AppError && error.code === 'insufficient_balance') {
      const figures = await balance.available(order.user_id, requestId).catch(() => undefined);
      if (figures) throw insufficientBalanceError(figures);
    }
    throw error;
  }
}

/** Inside the idempotent request's transaction: the reserved order becomes pending with its hold, and the balance service hears of it. */
export async function recordPlacedOrder(trx: Knex.Transaction, reserved: ReservedOrder): Promise<OrderRow> {
  const [order] = (await trx('orders')
    .where({ id: reserved.order.id, status: 'placing' })
    .update({ status: 'pending', hold_id: reserved.holdId })
    .returning('*')) as OrderRow[];
  if (!order) {
    // Rejected by the sweeper before this retry came back (its hold voided from that rejection).
    const current = (await trx('orders').where({ id: reserved.order.id }).first('status')) as
      Pick<OrderRow, 'status'> | undefined;
    if (!current) throw notFound('order_not_found');
    throw conflict('order_not_pending', { status: current.status });
  }
  await publish(trx, SERVICE, {
    type: 'physical-sim.order.placed',
    aggregateId: order.id,
    payload: {
      orderId: order.id,
      userId: order.user_id,
      amountCents: Number(order.total_cents),
      holdId: order.hold_id,
    },
  });
  return order;
}
