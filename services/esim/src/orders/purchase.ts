import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import {
  AppError,
  type AuthUser,
  claimOf,
  insufficientBalanceError,
  storedAnswer,
  type RequestKey,
} from '@esim/platform';
import { USER_TYPE, type AcceptedAgreement, type OrderCustomer } from '@esim/contracts';
import type { Caller } from '../caller';
import type { EsimContext } from '../context';
import { checkoutPayment, recordAgreement } from './agreements';
import type { Quote } from './quotes';
import { driveOrder, loadOrder, type Driven } from './saga';
import { type OrderRow } from '../rows';

/**
 * POST /user/packages/buy: places the order once per Idempotency-Key (quote from the catalog at the
 * caller's own price; the order row and the stored answer written together,
 * with other buyers' orders of the same moment: orders/placing.ts), then drives the saga. A replay
 * finds the same order and drives it on if it is not finished, so the answer is always the order
 * as it stands (`replayed` says so).
 */
export async function buy(
  db: Knex,
  ctx: EsimContext,
  caller: Caller,
  input: {
    requestKey: RequestKey;
    packageId: string;
    quantity: number;
    agreement?: AcceptedAgreement;
    cardPaymentId?: string;
    customer?: OrderCustomer;
  },
): Promise<Driven & { replayed: boolean }> {
  const { locale, requestId } = caller;
  const userId = caller.user.id;
  // The order's id is drawn here, so the stored answer is known before the order is written.
  const orderId = randomUUID();
  const claim = claimOf(input.requestKey, {
    scope: 'esim-buy',
    answer: { statusCode: 201, body: { order_id: orderId } },
  });
  // The quote comes first, outside any transaction: no connection is held while the catalog answers.
  // (A replay quotes again and then finds its stored order: a cheap read.)
  const quote = await ctx.quotes.quote({ userId, packageId: input.packageId, quantity: input.quantity }, requestId);
  const tooMany = supplierQuantityRefusal(ctx, quote, input.quantity);
  if (tooMany) throw tooMany;
  // The card payment is read before anything is written: one that is not the buyer's, not paid or not made at checkout places no order.
  const card = input.cardPaymentId
    ? await checkoutPayment(ctx, {
        userId,
        paymentId: input.cardPaymentId,
        locale,
        requestId,
      })
    : undefined;
  const placed = await ctx.placing.submit({
    id: orderId,
    userId,
    quote,
    locale,
    requestId,
    claim,
    cardPaymentId: card?.id,
    customer: input.customer,
  });
  let order = placed;
  const replayed = !order;
  if (!order) {
    const stored = await storedAnswer<{ order_id: string }>(db, claim);
    order = (await loadOrder(db, stored.body.order_id))!;
  }
  // Kept before the order is driven (a retry with the same key writes it if a crash came between).
  // After a card payment the documents are the ones accepted before paying (their version, at that moment).
  const version = card?.agreement_version ?? input.agreement?.version;
  if (version && order.user_id === userId) {
    await recordAgreement(db, ctx, order, {
      version,
      acceptedAt: card?.agreement_accepted_at ? new Date(card.agreement_accepted_at) : undefined,
      email: caller.user.email,
      card,
      requestId,
    });
  }
  try {
    return { ...(await driveOrder(db, ctx, order, { requestId })), replayed };
  } catch (error) {
    // A service on the way is down: the order stays where it got to and the recovery loop finishes it.
    if (error instanceof AppError && error.statusCode >= 500)
      return { order: (await loadOrder(db, order.id))!, replayed };
    throw error;
  }
}

/** Only a dealer sells to end customers: anyone else naming one is refused before anything is quoted. */
export function refuseCustomerUnlessDealer(user: AuthUser, customer: unknown): void {
  if (customer === undefined || customer === null || user.userType === USER_TYPE.dealer) return;
  throw new AppError(400, 'esim_customer_dealers_only', {
    errors: [{ path: 'customer', message: 'esim_customer_dealers_only' }],
  });
}

/** A supplier sells at most so many eSIMs in one of its orders: a larger order is refused before anything is held. */
export function supplierQuantityRefusal(ctx: EsimContext, quote: Quote, quantity: number): AppError | undefined {
  const supplier = ctx.suppliers.find((candidate) => candidate.name === quote.package.supplier);
  if (!supplier || quantity <= supplier.maxPerOrder) return undefined;
  return new AppError(422, 'supplier_quantity_max', {
    params: { max: String(supplier.maxPerOrder) },
    errors: [{ path: 'quantity', message: 'supplier_quantity_max' }],
  });
}

/** The buy answer: the completed order (201), still processing (202), or the failure as an error. */
export function purchaseOutcome(order: OrderRow): { status: number; code: string } {
  if (order.step === 'completed') return { status: 201, code: 'esim_order_completed' };
  if (order.step !== 'failed') return { status: 202, code: 'esim_order_processing' };
  const code = order.failure_code ?? 'esim_provider_failed';
  // Refused payments are the buyer's to fix (top up, ask support); stock and provider failures are ours.
  const status =
    code === 'insufficient_balance' || code === 'esim_payment_refused' || code === 'esim_card_payment_not_paid'
      ? 422
      : 409;
  if (code === 'insufficient_balance' && order.failure_params?.available !== undefined)
    throw insufficientBalanceError(order.failure_params as { available: string; credit_left?: string });
  throw new AppError(status, code, { params: order.failure_params });
}
