import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import type pg from 'pg';
import { EVENT_TOPICS } from '@esim/contracts';

/**
 * Counts events the transport carried more than once (the consumers' inboxes skip the copies):
 * on the PostgreSQL log, event ids appended twice; on Kafka, event ids a consumer group of our
 * own reads twice across every topic. Cumulative, so a phase's figure is the difference of two reads.
 */
export interface RedeliveryCounter {
  count(): Promise<number>;
  stop(): Promise<void>;
}

export function logRedeliveries(db: pg.Pool): RedeliveryCounter {
  return {
    async count() {
      const sql = 'SELECT (count(*) - count(DISTINCT event_id))::int AS copies FROM platform.event_log';
      // Once more on a fresh connection if the fault just ended the pooled one.
      const result = await db.query(sql).catch(() => db.query(sql));
      return result.rows[0].copies as number;
    },
    async stop() {},
  };
}

export async function kafkaRedeliveries(brokers: string[]): Promise<RedeliveryCounter> {
  const kafka = new Kafka({ clientId: 'fault-run-tap', brokers, logLevel: logLevel.NOTHING });
  const consumer: Consumer = kafka.consumer({ groupId: `fault-run-tap-${randomUUID()}` });
  const seen = new Set<string>();
  let copies = 0;
  await consumer.connect();
  await consumer.subscribe({ topics: [...EVENT_TOPICS], fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      const id = eventIdOf(message.value);
      if (!id) return;
      if (seen.has(id)) copies += 1;
      else seen.add(id);
    },
  });
  return {
    async count() {
      return copies;
    },
    async stop() {
      await consumer.disconnect();
    },
  };
}

function eventIdOf(value: Buffer | null): string | undefined {
  if (!value) return undefined;
  try {
    return (JSON.parse(value.toString()) as { id?: string }).id;
  } catch {
    return undefined;
  }
}
