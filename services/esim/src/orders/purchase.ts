import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { AppError, idempotentRequest, publish } from '@esim/platform';
import type { EsimContext } from '../context';
import { newOrderNumber } from './order-number';
import type { Quote } from './quotes';
import { driveOrder, loadOrder, normalizeOrder, type OrderRow } from './saga';

/**
 * POST /user/packages/buy: places the order once per Idempotency-Key (quote from the catalog at the
 * caller's own price, order row and esim.order.placed in one transaction with the stored answer),
 * then drives the saga outside that transaction. A replay finds the same order and drives it on if
 * it is not finished, so the answer is always the order as it stands.
 */
export async function buy(
  db: Knex,
  ctx: EsimContext,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { packageId: string; quantity: number },
): Promise<OrderRow> {
  const userId = request.user!.id;
  // The quote comes first, outside the transaction: no connection is held while the catalog answers.
  // (A replay quotes again and then finds its stored order: a cheap read.)
  const quote = await ctx.quotes.quote({ userId, packageId: input.packageId, quantity: input.quantity }, String(request.id));
  // The row this request placed (none on a replay): driven on without reading it back.
  let inserted: OrderRow | undefined;
  // The order's id is drawn here, so the stored answer is known before the order is written.
  const answer = { statusCode: 201, body: { order_id: randomUUID() } };
  const placed = await idempotentRequest<{ order_id: string }>(db, request, reply, { scope: 'esim-buy', required: true, answer }, async (trx) => {
    const order = await insertOrder(trx, { id: answer.body.order_id, userId, quote, locale: request.locale });
    inserted = order;
    await publish(trx, 'esim', {
      type: 'esim.order.placed',
      aggregateId: order.id,
      correlationId: String(request.id),
      payload: {
        orderId: order.id,
        orderNumber: order.order_number,
        userId,
        packageId: quote.package.id,
        quantity: quote.quantity,
        amountCents: quote.total_cents,
        holdId: null,
      },
    });
    return answer;
  });
  try {
    return await driveOrder(db, ctx, placed.replayed || !inserted ? placed.body.order_id : inserted, { requestId: String(request.id), log: request.log });
  } catch (error) {
    // A service on the way is down: the order stays where it got to and the recovery loop finishes it.
    if (error instanceof AppError && error.statusCode >= 500) return (await loadOrder(db, placed.body.order_id))!;
    throw error;
  }
}

async function insertOrder(trx: Knex.Transaction, input: { id: string; userId: string; quote: Quote; locale: string }): Promise<OrderRow> {
  const { quote } = input;
  for (let attempt = 0; ; attempt += 1) {
    const orderNumber = newOrderNumber();
    const [row] = await trx('orders')
      .insert({
        id: input.id,
        order_number: orderNumber,
        user_id: input.userId,
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
        locale: input.locale,
      })
      .onConflict('order_number')
      .ignore()
      .returning('*');
    if (row) return normalizeOrder(row);
    // 60 random bits: a clash is astronomically rare, but never a 500.
    if (attempt > 5) throw new Error('could not draw a free order number');
  }
}

/** The buy answer: the completed order (201), still processing (202), or the failure as an error. */
export function purchaseOutcome(order: OrderRow): { status: number; code: string } {
  if (order.step === 'completed') return { status: 201, code: 'esim_order_completed' };
  if (order.step !== 'failed') return { status: 202, code: 'esim_order_processing' };
  const code = order.failure_code ?? 'esim_provider_failed';
  // Refused payments are the buyer's to fix (top up, ask support); stock and provider failures are ours.
  const status = code === 'insufficient_balance' || code === 'esim_payment_refused' ? 422 : 409;
  throw new AppError(status, code, { params: order.failure_params });
}
