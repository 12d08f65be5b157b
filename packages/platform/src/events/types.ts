import type { Knex } from 'knex';
import type { EventEnvelope, EventPayload, EventType } from '@esim/contracts';
import type { EventBusMetrics } from './metrics';

/**
 * The event backbone's public interface (docs/decisions/0002-outbox-and-two-transports.md). Services depend only on this;
 * the transport (embedded PostgreSQL log or Kafka) is chosen by config.
 */
export interface PublishInput<T extends EventType = EventType> {
  type: T;
  aggregateId: string;
  payload: EventPayload<T>;
  /** The request id (or the causing event's correlation id) this event belongs to. */
  correlationId?: string;
  /** The id of the event that caused this one, when a handler publishes. */
  causationId?: string;
}

export interface HandlerContext {
  /** The consumer's transaction: the handler's effect and the inbox row commit together. */
  trx: Knex.Transaction;
  /** How many times this event was tried before (0 on the first delivery). */
  attempt: number;
}

export type EventHandler<T extends EventType = EventType> = (
  event: EventEnvelope<EventPayload<T>>,
  context: HandlerContext,
) => Promise<void>;

/**
 * A handler given consecutive events of its type together, in stream order, in one call: for effects
 * that cost far less done for many at once than one by one (one ledger call for many captures).
 */
export type EventBatchHandler<T extends EventType = EventType> = (
  events: Array<EventEnvelope<EventPayload<T>>>,
  context: HandlerContext,
) => Promise<void>;

/** A type's handler as the consumer keeps it: one event per call, or a run of them. */
export type RegisteredHandler = { one: EventHandler } | { many: EventBatchHandler };

export interface EventBus {
  /** Registers a handler (before `start`). One consumer group per service; the inbox dedupes. */
  on<T extends EventType>(type: T, handler: EventHandler<T>): void;
  /**
   * Registers a handler that takes each run of consecutive events of `type` in a delivered batch at
   * once (before `start`). Order is kept: events before and after the run are handled before and
   * after it. If it throws, every event of the run is retried alone, so only the one at fault is parked.
   */
  onBatch<T extends EventType>(type: T, handler: EventBatchHandler<T>): void;
  /** Starts the outbox relay for this service and the consumers of the registered events. */
  start(): Promise<void>;
  /** Stops consuming and relaying; in-flight handlers finish first. */
  stop(): Promise<void>;
  /** Counters and gauges: relayed, handled, duplicates, retries, parked, lag, outbox backlog. */
  metrics(): EventBusMetrics;
  /**
   * What an operator must hear about, or null: the bus not running, an outbox row waiting longer
   * than `staleAfterMs`, or events waiting for this consumer group while none was handled for that long.
   */
  problem(staleAfterMs: number): Promise<string | null>;
}
