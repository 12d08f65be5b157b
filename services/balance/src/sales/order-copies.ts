import type { Knex } from 'knex';

/**
 * The dashboard's copy of orders (balance's `orders` table), kept from the esim and physical-sim
 * order events; the transactions list reads it.
 */
export async function countOrder(
  trx: Knex.Transaction,
  kind: 'esim' | 'physical-sim',
  payload: OrderCount,
  status: string,
) {
  await countOrders(trx, kind, [payload], status);
}

export type OrderCount = { orderId: string; userId: string; amountCents: number };

/** The dashboard's copy of orders: one statement for many (an order named twice is counted once). */
export async function countOrders(
  trx: Knex.Transaction,
  kind: 'esim' | 'physical-sim',
  payloads: readonly OrderCount[],
  status: string,
) {
  const byOrder = new Map(payloads.map((p) => [p.orderId, p]));
  await trx('orders')
    .insert(
      [...byOrder.values()].map((p) => ({
        order_id: p.orderId,
        kind,
        user_id: p.userId,
        status,
        amount: p.amountCents,
        updated_at: trx.fn.now(),
      })),
    )
    .onConflict(['kind', 'order_id'])
    .merge(['status', 'amount', 'updated_at']);
}
