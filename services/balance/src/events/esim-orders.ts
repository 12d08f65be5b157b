import type { Knex } from 'knex';
import type { EventBatchHandler, EventHandler } from '@esim/platform';
import { companyAccountIds, revenueBucketOf } from '../ledger/accounts';
import { captureHoldsIn, holdOfOrderEvent } from '../ledger/holds';
import { countOrder, countOrders } from '../sales/order-copies';

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
    for (const event of events) holds.push(event.payload.holdId ?? (await holdOfOrderEvent(trx, event.payload)));
    // The sales copies first: the capture locks the buyers' accounts, which their next holds wait
    // for, so it is the run's last statement and the locks last only until the commit.
    await countOrders(
      trx,
      'esim',
      events.map((event) => event.payload),
      'completed',
    );
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
  };
}

export const onEsimOrderFailed: EventHandler<'esim.order.failed'> = async (event, { trx }) =>
  countOrder(trx, 'esim', event.payload, 'failed');
