import type { EventType } from '@esim/contracts';
import type { EventBus, EventHandler } from '@esim/platform';

/**
 * The bus allows one handler per event type in a service; auth both mails and queues webhooks from
 * some. This bus runs every handler given for a type, in the order given, in the consumer's one
 * transaction (so the inbox row, the mail's retry and the queued deliveries stay together).
 */
export function busWithSharedTypes(bus: EventBus): EventBus {
  const lists = new Map<string, EventHandler[]>();
  return {
    ...bus,
    on<T extends EventType>(type: T, handler: EventHandler<T>): void {
      let list = lists.get(type);
      if (!list) {
        const handlers: EventHandler[] = [];
        list = handlers;
        lists.set(type, handlers);
        bus.on(type, async (event, context) => {
          for (const each of handlers) await each(event as never, context);
        });
      }
      list.push(handler as unknown as EventHandler);
    },
  };
}
