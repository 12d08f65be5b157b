import type { EventConsumer } from './consumer';
import type { OutboxSink } from './outbox-relay';

/** One way of carrying events between services: where the relay delivers, and how a group consumes. */
export interface Transport {
  readonly name: 'postgres' | 'kafka';
  readonly sink: OutboxSink;
  /** Starts feeding the consumer the messages of `topics`, in order per key, as consumer group `group`. */
  startConsumer(consumer: EventConsumer, group: string, topics: string[]): Promise<void>;
  /** A NOTIFY on a channel the bus listens to (the PG log's wake-up). */
  notify?(channel: string, payload: string): void;
  /** Look now: a NOTIFY may have been missed (the LISTEN connection was lost). */
  wake?(): void;
  /** Extra channels the bus should LISTEN on. */
  readonly channels: string[];
  stop(): Promise<void>;
}
