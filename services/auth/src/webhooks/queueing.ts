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
      if (found) await queueEvent(trx, found.userId, found.body);
    });
  }
}
