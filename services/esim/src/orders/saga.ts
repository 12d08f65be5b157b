import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type { InternalHold } from '@esim/contracts';
import { AppError, publish } from '@esim/platform';
import type { EsimContext } from '../context';
import { normalizeOrder, type OrderRow, type OrderStep, type ProfileRow } from '../rows';
import { eventPayload } from './events';
import { profilesOf } from './queries';

// Modules written before rows.ts still name the row and its reader through the saga.

/**
 * The purchase saga (docs/architecture/purchases.md). Its steps, each beside its compensation,
 * are `purchaseSteps` below; the order row records the step reached:
 *
 *   placed ──(claim)──hold──► provisioning ──provider──► completed ┄┄ esim.order.completed ┄┄► balance captures the hold
 *     │                   └─ out of stock ─► voiding ──void──► failed
 *     ├─ its card payment claimed by another order, or not paid ─► failed (nothing held)
 *     │                                       └─ void refused for good (a 4xx) ─► failed as esim_payment_unsettled (for an admin)
 *     ├─ insufficient balance ──────────────────────────────► failed (nothing held)
 *     └─ hold refused for good (a 4xx) ─────────────────────► failed (nothing held)
 *
 * Every step is idempotent (the hold and the provider's call are keyed by the order id, void
 * replays), and a remote call is never made inside a transaction: the call comes first and the
 * step moves after it (provisioning: orders/provisioning.ts). So whoever drives an
 * order (the buying request, or the recovery loop after a crash) can always run the next step
 * again: an eSIM is never handed out without a hold. The orders of one moment take their steps
 * together (group commit: orders/placing.ts, provisioning.ts; docs/decisions/0012-purchase-path.md).
 *
 * The capture is not a step of ours: the transaction that hands out the eSIMs also marks the order
 * completed and publishes esim.order.completed, and the balance service captures the hold when it
 * consumes that event (many captures in one ledger call), as physical-sim's approvals already do.
 * The outbox guarantees the event follows the eSIMs, and a hold is never voided once its order has
 * them (voiding is only reached from an order with none, and holds do not expire), so every hold with
 * eSIMs is captured, and a hold is captured only for an order that has its eSIMs. That saves the
 * buyer's request a call to the balance service and a transaction. The hold's id is written when the
 * order moves to provisioning.
 */
/** Who drives an order: the buying request (its id, to follow the calls) or the recovery loop (its logger). */
export interface DriveCall {
  requestId?: string;
  log?: FastifyBaseLogger;
}

export const FINISHED: readonly OrderStep[] = ['completed', 'failed'];

/** An order as a driver left it, with its eSIMs when the drive provisioned them (already read: the answer needs them). */
export interface Driven {
  order: OrderRow;
  profiles?: ProfileRow[];
}

export async function loadOrder(db: Knex | Knex.Transaction, id: string): Promise<OrderRow | undefined> {
  const row = await db('orders').where({ id }).first();
  return row ? normalizeOrder(row) : undefined;
}

/** Moves the order on from `from` (only if it is still there); returns the moved row, or undefined when someone else moved it first. */
async function advance(
  db: Knex | Knex.Transaction,
  order: OrderRow,
  from: OrderStep,
  changes: Record<string, unknown>,
): Promise<OrderRow | undefined> {
  const [row] = await db('orders')
    .where({ id: order.id, step: from })
    .update({ ...changes, attempts: 0, updated_at: db.fn.now() })
    .returning('*');
  return row ? normalizeOrder(row) : undefined;
}

/** Fails an order whose hold was refused (nothing is held): esim.order.failed with the reason. */
async function failUnheld(
  db: Knex,
  order: OrderRow,
  code: string,
  params: Record<string, string | number>,
): Promise<OrderRow | undefined> {
  return db.transaction(async (trx) => {
    const failed = await advance(trx, order, 'placed', {
      step: 'failed',
      failure_code: code,
      failure_params: JSON.stringify(params),
    });
    if (failed)
      await publish(trx, 'esim', {
        type: 'esim.order.failed',
        aggregateId: order.id,
        payload: { ...eventPayload(order, null), reason: code },
      });
    return failed;
  });
}

/** A step of the purchase and what undoes it when a later step fails for good, side by side. */
interface SagaStep<Done, Undone> {
  /** Does the step; idempotent by the order id, so whoever drives the order may ask again. */
  invoke(db: Knex, ctx: EsimContext, order: OrderRow, call: DriveCall): Promise<Done>;
  /** Undoes it; null when nothing is left to undo (the reason is written beside it). */
  compensate: ((db: Knex, ctx: EsimContext, order: OrderRow, call: DriveCall) => Promise<Undone>) | null;
}

/** What a step's refusal leaves of an order: why it failed, and the figures its message shows. */
interface Refused {
  refusal: string;
  params: Record<string, string>;
}

/**
 * The purchase's steps in the order they run. The order row records which one it reached, so each
 * step's compensation runs from that record (`voiding` compensates the hold), after a crash too.
 */
export const purchaseSteps = {
  /** One card payment pays one order: the order claims its checkout payment before its hold. */
  cardPayment: {
    invoke: async (db, ctx, order, { requestId }): Promise<Refused | null> => {
      try {
        await claimCardPayment(db, ctx, order, requestId);
        return null;
      } catch (error) {
        const refusal = finalRefusal(error);
        if (!refusal) throw error;
        return { refusal: cardRefusal(refusal), params: {} };
      }
    },
    // Nothing to undo: the payment credited the buyer's balance, and while the order holds none of
    // it the card's share stays refundable to the card as unspent (balance service, card refunds).
    compensate: null,
  } satisfies SagaStep<Refused | null, never>,

  /** The price held on the buyer's balance (one call per order: the balance service batches holds). */
  hold: {
    invoke: async (_db, ctx, order, { requestId }): Promise<{ holdId: string } | Refused> => {
      try {
        const reference = `${order.top_up_profile_id ? 'eSIM top-up' : 'eSIM'} ${order.order_number}`;
        const hold = await ctx.balance.request<InternalHold>('POST', '/internal/holds', {
          body: { order_id: order.id, user_id: order.user_id, amount_cents: order.total_cents, reference },
          requestId,
        });
        return { holdId: hold.id };
      } catch (error) {
        const refusal = holdRefusal(error);
        if (!refusal) throw error;
        const params: Record<string, string> =
          refusal === 'insufficient_balance'
            ? await availableOf(ctx, order.user_id, requestId)
            : { refusal: (error as AppError).code };
        return { refusal, params };
      }
    },
    /** Voids the hold; answers why it could not when the balance service refuses for good (an admin settles it). */
    compensate: async (_db, ctx, order, { requestId, log }): Promise<Record<string, string> | null> => {
      if (!order.hold_id) return null;
      try {
        await ctx.balance.request('POST', `/internal/holds/${order.hold_id}/void`, { requestId });
        return null;
      } catch (error) {
        const refusal = finalRefusal(error);
        if (!refusal) throw error;
        log?.error(
          { orderId: order.id, holdId: order.hold_id, refusal },
          'the hold of a failed eSIM order cannot be voided; an admin must settle its payment',
        );
        return { refusal, hold_id: order.hold_id, reason: order.failure_code ?? 'esim_provider_failed' };
      }
    },
  } satisfies SagaStep<{ holdId: string } | Refused, Record<string, string> | null>,

  /** The eSIMs (or the top-up's bundle) from the order's provider, by group commit (orders/provisioning.ts). */
  provision: {
    invoke: (_db, ctx, order): Promise<Driven | undefined> =>
      ctx.provisioning.submit({ order, from: order.step, holdId: order.hold_id! }),
    /** A supplier that delivers an order we had already failed: its eSIMs are ended there again, since nobody paid for them. */
    compensate: async (db, ctx, order, { log }): Promise<void> => {
      for (const profile of await profilesOf(db, order.id)) {
        await ctx.provider.revoke(db, { id: profile.id, iccid: profile.iccid, orderId: order.id });
        await db('profiles').where({ id: profile.id }).update({ status: 'revoked', updated_at: db.fn.now() });
      }
      log?.warn({ orderId: order.id }, 'a supplier delivered an order we had failed: its eSIMs were ended again');
    },
  } satisfies SagaStep<Driven | undefined, void>,
};

/** One step of one order, as its row records it. Returns the order as it is after the step. */
async function step(db: Knex, ctx: EsimContext, order: OrderRow, call: DriveCall): Promise<Driven> {
  let next: OrderRow | undefined;
  switch (order.step) {
    case 'placed': {
      if (order.card_payment_id) {
        const refused = await purchaseSteps.cardPayment.invoke(db, ctx, order, call);
        if (refused) {
          next = await failUnheld(db, order, refused.refusal, refused.params);
          break;
        }
      }
      const held = await purchaseSteps.hold.invoke(db, ctx, order, call);
      if ('refusal' in held) {
        next = await failUnheld(db, order, held.refusal, held.params);
        break;
      }
      const provisioned = await purchaseSteps.provision.invoke(db, ctx, { ...order, hold_id: held.holdId });
      if (provisioned) return provisioned;
      break;
    }
    case 'provisioning': {
      // A supplier that has not delivered in time: the order fails cleanly (its hold voided, the buyer
      // told); what the supplier delivers after that is ended again (the provision step's compensation).
      if (order.supplier !== 'pool' && deliveryOverdue(order, ctx)) {
        call.log?.error({ orderId: order.id, supplier: order.supplier }, 'a supplier did not deliver an order in time');
        next = await advance(db, order, 'provisioning', { step: 'voiding', failure_code: 'supplier_delivery_timeout' });
        break;
      }
      // Reserved before a crash or a failed provider call: the provider is asked again (idempotent by order id).
      const provisioned = await purchaseSteps.provision.invoke(db, ctx, order);
      if (provisioned) return provisioned;
      break;
    }
    case 'voiding': {
      // Asked to void for good and refused, the order fails with the reason where an admin looks
      // (the orders list, its failure code and params, the error log): no eSIMs went out.
      const unsettled = await purchaseSteps.hold.compensate(db, ctx, order, call);
      next = await db.transaction(async (trx) => {
        const changes = unsettled
          ? { step: 'failed', failure_code: 'esim_payment_unsettled', failure_params: JSON.stringify(unsettled) }
          : { step: 'failed' };
        const failed = await advance(trx, order, 'voiding', changes);
        if (failed) {
          await publish(trx, 'esim', {
            type: 'esim.order.failed',
            aggregateId: order.id,
            payload: {
              ...eventPayload(order, order.hold_id),
              reason: failed.failure_code ?? 'esim_provider_failed',
              orderNumber: order.order_number,
              locale: order.locale === 'en' ? 'en' : 'tr',
            },
          });
        }
        return failed;
      });
      break;
    }
    default:
      return { order };
  }
  // Someone else (the recovery loop, a concurrent retry) moved it first: read where it is now.
  return { order: next ?? (await loadOrder(db, order.id))! };
}

/** The order was placed at its supplier longer ago than the supplier may take to deliver. */
const deliveryOverdue = (order: OrderRow, ctx: EsimContext) =>
  Date.now() - new Date(order.updated_at).getTime() > ctx.config.SUPPLIER_DELIVERY_TIMEOUT_MINUTES * 60_000;

/** The claim's refusal as the buyer is told it: the payment went to another order, or it cannot pay one. */
const cardRefusal = (code: string) =>
  code === 'payment_already_used' ? 'esim_card_payment_used' : 'esim_card_payment_not_paid';

/** Claims the order's card payment at the balance service and keeps the card's share with the order's documents. */
async function claimCardPayment(db: Knex, ctx: EsimContext, order: OrderRow, requestId?: string): Promise<void> {
  const claimed = await ctx.balance.request<{ card_cents: number; provider_payment_id: string | null }>(
    'POST',
    `/internal/payments/${encodeURIComponent(order.card_payment_id!)}/claim`,
    { body: { order_id: order.id, user_id: order.user_id, total_cents: order.total_cents }, requestId },
  );
  await db('order_agreements').where({ order_id: order.id }).update({
    card_payment_id: order.card_payment_id,
    card_payment_reference: claimed.provider_payment_id,
    paid_by_card_cents: claimed.card_cents,
  });
}

/**
 * Whether a failed hold request is the balance service's final word on this order (the order then
 * fails, nothing held), and with which reason. Insufficient balance is; so is any other 4xx (the
 * request itself is refused: the buyer's account, the amount, a conflicting hold), which asking
 * again would only repeat. A 5xx, a timeout or the service being down is not: the order waits and
 * the recovery loop asks again with back-off.
 */
export function holdRefusal(error: unknown): string | undefined {
  const refusal = finalRefusal(error);
  if (!refusal) return undefined;
  return refusal === 'insufficient_balance' ? 'insufficient_balance' : 'esim_payment_refused';
}

/** The balance service's code when a failed request is its final word (a 4xx but 408 and 429, which say "not now", not "no"). */
export function finalRefusal(error: unknown): string | undefined {
  if (!(error instanceof AppError) || error.statusCode < 400 || error.statusCode >= 500) return undefined;
  if (error.statusCode === 408 || error.statusCode === 429) return undefined;
  return error.code;
}

/** The refusal's figures: what the buyer may spend, and what is left of a credit limit where there is one. */
async function availableOf(
  ctx: EsimContext,
  userId: string,
  requestId?: string,
): Promise<{ available: string; credit_left?: string }> {
  const answer = await ctx.balance.request<{ available_cents: number; available: string; credit_left?: string }>(
    'GET',
    `/internal/users/${encodeURIComponent(userId)}/available`,
    { requestId },
  );
  return { available: answer.available, ...(answer.credit_left ? { credit_left: answer.credit_left } : {}) };
}

/**
 * Drives an order until it is finished (by id, or the row the caller already has). A remote step
 * that fails (a service down, a timeout) leaves the order where it is and rethrows: the recovery
 * loop takes it from there.
 */
export async function driveOrder(
  db: Knex,
  ctx: EsimContext,
  orderOrId: string | OrderRow,
  call: DriveCall = {},
): Promise<Driven> {
  let driven: Driven = { order: typeof orderOrId === 'string' ? (await loadOrder(db, orderOrId))! : orderOrId };
  for (let guard = 0; guard < 8 && !FINISHED.includes(driven.order.step); guard += 1) {
    driven = await step(db, ctx, driven.order, call);
  }
  return driven;
}
