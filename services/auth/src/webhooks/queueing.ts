import { isUuid } from '@esim/contracts';
import type { EventBus } from '@esim/platform';
import { queueEvents } from './endpoints';
import { publicEventOf, WEBHOOK_SOURCE_EVENTS } from './payloads';

/**
 * Queues the public counterpart of each internal event auth consumes for the dealer's endpoints that
 * chose it, in the consumer's transaction with its inbox row: a redelivered event queues nothing
 * twice, and no HTTP call happens here (the delivery loop sends).
 */
export function registerWebhookQueueing(bus: EventBus): void {
  for (const type of WEBHOOK_SOURCE_EVENTS) {
    const publicOf = (event: Parameters<typeof publicEventOf>[0]) => {
      const found = publicEventOf(event, type);
      // Only a user of ours can have endpoints; an id that is no UUID (an old event's) has none, and must not fail the event.
      return found && isUuid(found.userId) ? [found] : [];
    };
    // Every purchase completes an order: a run of them is queued in one statement. The other types are
    // rare and some are also mailed at once by their other handler, which a failed run's retry one by one would mail twice.
    if (type === 'esim.order.completed')
      bus.onBatch(type, async (events, { trx }) => {
        await queueEvents(trx, events.flatMap(publicOf));
      });
    else
      bus.on(type, async (event, { trx }) => {
        await queueEvents(trx, publicOf(event as never));
      });
  }
}
