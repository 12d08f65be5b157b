import type { EventHandler } from '@esim/platform';
import { company, openAndLock, spendable } from '../ledger/accounts';
import { captureHold, holdOfOrder, holdOfOrderEvent, voidHold } from '../ledger/holds';
import { postTransfer } from '../ledger/transfers';
import { countOrder } from '../sales/order-copies';

/**
 * physical-sim's order and return events: an approval captures the order's hold, a rejection voids
 * it, an approved return refunds (keyed by the return id).
 */

export const onPhysicalSimOrderApproved: EventHandler<'physical-sim.order.approved'> = async (event, { trx }) => {
  await captureHold(trx, await holdOfOrderEvent(trx, event.payload), { createdBy: `event:${event.id}` });
  await countOrder(trx, 'physical-sim', event.payload, 'approved');
};

export const onPhysicalSimOrderRejected: EventHandler<'physical-sim.order.rejected'> = async (event, { trx }) => {
  // An order rejected while still being placed names no hold and may never have got one: nothing to void then.
  const hold = event.payload.holdId
    ? await holdOfOrderEvent(trx, event.payload)
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
