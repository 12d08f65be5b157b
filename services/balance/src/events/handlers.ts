import type { Knex } from 'knex';
import { USER_TYPE, type EventEnvelope, type EventPayload, type EventType } from '@esim/contracts';
import type { EventBatchHandler, EventBus, EventHandler } from '@esim/platform';
import {
  company,
  companyAccountIds,
  openAccounts,
  openAndLock,
  receivable,
  revenueBucketOf,
  salesManagerCash,
  spendable,
} from '../ledger/accounts';
import { captureHold, captureHoldsIn, holdOfOrder, voidHold } from '../ledger/holds';
import { postTransfer } from '../ledger/transfers';
import { markPartyDeleted, upsertParty } from '../parties/parties';

/**
 * Handlers of the events the balance service consumes. The bus delivers at least once and commits
 * each handler's effect with its inbox row in `trx`; every handler is also idempotent on its own
 * (accounts opened with ON CONFLICT, captures and voids that replay, refunds keyed by return id),
 * so a replay from any source changes nothing.
 */

// ── people: accounts and the dealer → sales-manager map ──

export const onUserRegistered: EventHandler<'auth.user.registered'> = async (event, { trx }) => {
  const p = event.payload;
  await upsertParty(trx, {
    id: p.userId,
    user_type: p.userType,
    email: p.email,
    full_name: p.fullName,
    status: p.status,
  });
  // Sales managers never spend: they get their cash account from auth.sales-manager.created.
  if (p.userType !== USER_TYPE.salesManager) await openAccounts(trx, [spendable(p.userId)]);
};

type DealerEvent = EventEnvelope<EventPayload<'auth.dealer.created'>>;
async function keepDealer(event: DealerEvent, trx: Knex.Transaction): Promise<void> {
  const p = event.payload;
  await upsertParty(trx, {
    id: p.userId,
    user_type: USER_TYPE.dealer,
    email: p.email,
    full_name: p.fullName,
    company_name: p.companyName,
    sales_manager_id: p.salesManagerId,
    status: p.status,
  });
}

export const onDealerCreated: EventHandler<'auth.dealer.created'> = async (event, { trx }) => {
  await keepDealer(event, trx);
  await openAccounts(trx, [spendable(event.payload.userId), receivable(event.payload.userId)]);
};

export const onDealerUpdated: EventHandler<'auth.dealer.updated'> = async (event, { trx }) => keepDealer(event, trx);

export const onDealerStatusChanged: EventHandler<'auth.dealer.status-changed'> = async (event, { trx }) => {
  await upsertParty(trx, { id: event.payload.userId, user_type: USER_TYPE.dealer, status: event.payload.status });
};

export const onDealerDeleted: EventHandler<'auth.dealer.deleted'> = async (event, { trx }) => {
  // The accounts stay: the ledger never forgets; the dealer just leaves their sales manager's list.
  await markPartyDeleted(trx, event.payload.userId);
};

type SalesManagerEvent = EventEnvelope<EventPayload<'auth.sales-manager.created'>>;
async function keepSalesManager(event: SalesManagerEvent, trx: Knex.Transaction): Promise<void> {
  const p = event.payload;
  await upsertParty(trx, {
    id: p.userId,
    user_type: USER_TYPE.salesManager,
    email: p.email,
    full_name: p.fullName,
    status: p.status,
  });
}

export const onSalesManagerCreated: EventHandler<'auth.sales-manager.created'> = async (event, { trx }) => {
  await keepSalesManager(event, trx);
  await openAccounts(trx, [salesManagerCash(event.payload.userId)]);
};

/** A renamed or suspended sales manager: collection logs and reports name them as they are now. */
export const onSalesManagerUpdated: EventHandler<'auth.sales-manager.updated'> = async (event, { trx }) =>
  keepSalesManager(event, trx);

// ── orders: holds settle, refunds, dashboard counts ──

type OrderPayload = EventPayload<'physical-sim.order.approved'>;

/** The hold an order event is about: by its id when the event names it, else by the order. */
async function holdFor(trx: Knex.Transaction, payload: OrderPayload) {
  const hold = payload.holdId
    ? await trx('holds').where({ id: payload.holdId }).first('id')
    : await holdOfOrder(trx, payload.orderId);
  if (!hold) {
    // Not a skip: the order was placed with a hold, so its absence is a bug. Failing lets the bus
    // retry and then park the event where operators see it.
    throw new Error(`no hold for order ${payload.orderId} (hold ${payload.holdId ?? 'not named'})`);
  }
  return hold.id as string;
}

async function countOrder(trx: Knex.Transaction, kind: 'esim' | 'physical-sim', payload: OrderCount, status: string) {
  await countOrders(trx, kind, [payload], status);
}

type OrderCount = { orderId: string; userId: string; amountCents: number };

/** The dashboard's copy of orders: one statement for many (an order named twice is counted once). */
async function countOrders(
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

export const onPhysicalSimOrderApproved: EventHandler<'physical-sim.order.approved'> = async (event, { trx }) => {
  await captureHold(trx, await holdFor(trx, event.payload), { createdBy: `event:${event.id}` });
  await countOrder(trx, 'physical-sim', event.payload, 'approved');
};

export const onPhysicalSimOrderRejected: EventHandler<'physical-sim.order.rejected'> = async (event, { trx }) => {
  // An order rejected while still being placed names no hold and may never have got one: nothing to void then.
  const hold = event.payload.holdId
    ? await holdFor(trx, event.payload)
    : (await holdOfOrder(trx, event.payload.orderId))?.id;
  if (hold) await voidHold(trx, hold, { createdBy: `event:${event.id}` });
  await countOrder(trx, 'physical-sim', event.payload, 'rejected');
};

export const onPhysicalSimOrderPlaced: EventHandler<'physical-sim.order.placed'> = async (event, { trx }) => {
  // A late 'placed' must not undo an 'approved' or 'rejected' that arrived first.
  await trx('orders')
    .insert({
      order_id: event.payload.orderId,
      kind: 'physical-sim',
      user_id: event.payload.userId,
      status: 'placed',
      amount: event.payload.amountCents,
    })
    .onConflict(['kind', 'order_id'])
    .ignore();
};

/** A return approved: the refund goes back to the user's spendable balance (company:refunds → spendable), once per return. */
export const onPhysicalSimReturnApproved: EventHandler<'physical-sim.return.approved'> = async (event, { trx }) => {
  const p = event.payload;
  if (p.refundCents <= 0) return;
  const user = spendable(p.userId);
  const accounts = await openAndLock(trx, [user, company('refunds')]);
  await postTransfer(trx, {
    debitAccountId: accounts.get(company('refunds').key)!.id,
    creditAccountId: accounts.get(user.key)!.id,
    amountCents: p.refundCents,
    kind: 'refund',
    idempotencyKey: `refund:physical-sim-return:${p.returnId}`,
    reference: p.returnId,
    metadata: { return_id: p.returnId, order_id: p.orderId },
    createdBy: `event:${event.id}`,
  });
};

/**
 * eSIM orders completed: their holds are captured here, a whole run of them in one ledger call (the
 * esim service marks an order completed in the transaction that hands out its eSIMs and publishes
 * this event; the outbox guarantees it arrives, so every order with eSIMs is paid for). A redelivery
 * replays the capture. A hold that is gone or was voided means eSIMs went out unpaid: that is never
 * skipped, the event fails and is parked where operators see it.
 */
export function onEsimOrdersCompleted(db: Knex): EventBatchHandler<'esim.order.completed'> {
  return async (events, { trx }) => {
    // Named by the event (always, since holds exist); ledger_holds itself says when one is not there.
    const holds: string[] = [];
    for (const event of events) holds.push(event.payload.holdId ?? (await holdFor(trx, event.payload)));
    // A revenue bucket picked by the first hold; its id from the pool's cache (no lookup per run).
    const bucket = (await companyAccountIds(db)).revenue[revenueBucketOf(holds[0]!)]!;
    const outcomes = await captureHoldsIn(
      trx,
      events.map((event, i) => ({ holdId: holds[i]!, createdBy: `event:${event.id}` })),
      bucket,
    );
    outcomes.forEach((outcome, i) => {
      if (outcome.outcome !== 'ok' && outcome.outcome !== 'replayed') {
        throw new Error(
          `esim order ${events[i]!.payload.orderId} completed, but its hold ${holds[i]} cannot be captured: ${outcome.outcome}`,
        );
      }
    });
    await countOrders(
      trx,
      'esim',
      events.map((event) => event.payload),
      'completed',
    );
  };
}

export const onEsimOrderFailed: EventHandler<'esim.order.failed'> = async (event, { trx }) =>
  countOrder(trx, 'esim', event.payload, 'failed');

/** Every handler by the event it handles. */
export const BALANCE_HANDLERS: { [T in EventType]?: EventHandler<T> } = {
  'auth.user.registered': onUserRegistered,
  'auth.dealer.created': onDealerCreated,
  'auth.dealer.updated': onDealerUpdated,
  'auth.dealer.status-changed': onDealerStatusChanged,
  'auth.dealer.deleted': onDealerDeleted,
  'auth.sales-manager.created': onSalesManagerCreated,
  'auth.sales-manager.updated': onSalesManagerUpdated,
  'physical-sim.order.placed': onPhysicalSimOrderPlaced,
  'physical-sim.order.approved': onPhysicalSimOrderApproved,
  'physical-sim.order.rejected': onPhysicalSimOrderRejected,
  'physical-sim.return.approved': onPhysicalSimReturnApproved,
  'esim.order.failed': onEsimOrderFailed,
};

/** Handlers that take a run of consecutive events of their type at once (`db`: the service's pool, for cached lookups). */
export function balanceRunHandlers(db: Knex): { [T in EventType]?: EventBatchHandler<T> } {
  return { 'esim.order.completed': onEsimOrdersCompleted(db) };
}

export function registerBalanceHandlers(bus: EventBus, db: Knex): void {
  for (const [type, handler] of Object.entries(BALANCE_HANDLERS)) bus.on(type as EventType, handler as EventHandler);
  for (const [type, handler] of Object.entries(balanceRunHandlers(db)))
    bus.onBatch(type as EventType, handler as EventBatchHandler);
}
