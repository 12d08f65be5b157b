import { isUuid } from '@esim/contracts';
import type { EventBus } from '@esim/platform';
import { queueEvent } from './endpoints';
import { publicEventOf, WEBHOOK_SOURCE_EVENTS } from './payloads';

/**
 * Queues the public counterpart of each internal event auth consumes for the dealer's endpoints that
 * chose it, in the consumer's transaction with its inbox row: a redelivered event queues nothing
 * twice, and no HTTP call happens here (the delivery loop sends).
 */
export function registerWebhookQueueing(bus: EventBus): void {
  for (const type of WEBHOOK_SOURCE_EVENTS) {
    bus.on(type, async (event, { trx }) => {
      const found = publicEventOf(event as never, type);
      // Only a user of ours can have endpoints; an id that is no UUID (an old event's) has none, and must not fail the event.
      if (found && isUuid(found.userId)) await queueEvent(trx, found.userId, found.body);
    });
  }
}
