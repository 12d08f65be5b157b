import type { EventType } from '@esim/contracts';
import type { EventBatchHandler, EventBus, EventHandler } from '@esim/platform';

type Shared = { one: EventHandler } | { many: EventBatchHandler };

/**
 * The bus allows one handler per event type in a service; auth both mails and queues webhooks from
 * some. This bus runs every handler given for a type, in the order given, in the consumer's one
 * transaction (so the inbox row, the mail's retry and the queued deliveries stay together).
 *
 * A type's first handler decides how the bus delivers it: one event at a time (`on`), or each run of
 * consecutive events at once (`onBatch`, for handlers that write a whole run in one statement). The
 * other handlers of the type are then given the same: a run handler a run of one, or a one-event
 * handler each event of the run in turn.
 */
export function busWithSharedTypes(bus: EventBus): EventBus {
  const lists = new Map<string, Shared[]>();
  const add = (type: EventType, handler: Shared) => {
    let list = lists.get(type);
    if (!list) {
      const handlers: Shared[] = [];
      list = handlers;
      lists.set(type, handlers);
      if ('many' in handler)
        bus.onBatch(type, async (events, context) => {
          for (const each of handlers)
            if ('many' in each) await each.many(events, context);
            else for (const event of events) await each.one(event, context);
        });
      else
        bus.on(type, async (event, context) => {
          for (const each of handlers)
            if ('many' in each) await each.many([event], context);
            else await each.one(event, context);
        });
    }
    list.push(handler);
  };
  return {
    ...bus,
    on<T extends EventType>(type: T, handler: EventHandler<T>): void {
      add(type, { one: handler as unknown as EventHandler });
    },
    onBatch<T extends EventType>(type: T, handler: EventBatchHandler<T>): void {
      add(type, { many: handler as unknown as EventBatchHandler });
    },
  };
}
