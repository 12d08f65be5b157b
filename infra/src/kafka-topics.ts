/**
 * Creates every event topic (`EVENT_TOPICS` of the contracts) on the cluster in KAFKA_BROKERS.
 * Run once by docker-compose's `topics` job; safe to run again (existing topics are kept).
 *   KAFKA_BROKERS=host:9092 [KAFKA_TOPIC_PARTITIONS=6] [KAFKA_REPLICATION_FACTOR=1] node --import tsx infra/src/kafka-topics.ts
 */
import { z } from 'zod';
import { ensureKafkaTopics } from '@esim/platform';

const env = z
  .object({
    KAFKA_BROKERS: z
      .string({ error: 'set the Kafka bootstrap servers, e.g. kafka:9092' })
      .min(1, 'set the Kafka bootstrap servers, e.g. kafka:9092'),
    // Partitions bound how many processes of one service consume in parallel.
    KAFKA_TOPIC_PARTITIONS: z.coerce.number().int().min(1).default(6),
    KAFKA_REPLICATION_FACTOR: z.coerce.number().int().min(1).default(1),
  })
  .safeParse(process.env);

if (!env.success) {
  for (const issue of env.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`);
  process.exit(2);
}

const { KAFKA_BROKERS, KAFKA_TOPIC_PARTITIONS, KAFKA_REPLICATION_FACTOR } = env.data;
try {
  await ensureKafkaTopics({
    brokers: KAFKA_BROKERS.split(',')
      .map((b) => b.trim())
      .filter(Boolean),
    partitions: KAFKA_TOPIC_PARTITIONS,
    replicationFactor: KAFKA_REPLICATION_FACTOR,
    log: (line) => console.log(`kafka-topics: ${line}`),
  });
} catch (error) {
  console.error(`kafka-topics: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
