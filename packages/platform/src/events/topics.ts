import { Kafka, logLevel } from 'kafkajs';
import { EVENT_TOPICS } from '@esim/contracts';

export interface TopicPlan {
  create: Array<{ topic: string; numPartitions: number; replicationFactor: number }>;
  /** Topics with fewer partitions than wanted (Kafka can add partitions, never remove them). */
  grow: Array<{ topic: string; count: number }>;
}

/** What must change so every topic exists with at least `partitions` partitions. Pure, so it is unit-tested. */
export function planTopics(
  existing: ReadonlyMap<string, number>,
  wanted: readonly string[],
  options: { partitions: number; replicationFactor: number },
): TopicPlan {
  const plan: TopicPlan = { create: [], grow: [] };
  for (const topic of wanted) {
    const current = existing.get(topic);
    if (current === undefined)
      plan.create.push({ topic, numPartitions: options.partitions, replicationFactor: options.replicationFactor });
    else if (current < options.partitions) plan.grow.push({ topic, count: options.partitions });
  }
  return plan;
}

/**
 * Creates every event topic of the contracts on a real cluster (the runtime never does: it has no
 * admin rights to assume). Idempotent: existing topics are kept, short ones get more partitions.
 * Note that adding partitions moves keys to other partitions for new messages; do it before traffic.
 */
export async function ensureKafkaTopics(options: {
  brokers: string[];
  partitions: number;
  replicationFactor: number;
  log?: (line: string) => void;
  topics?: readonly string[];
}): Promise<TopicPlan> {
  const log = options.log ?? (() => {});
  const admin = new Kafka({
    clientId: 'esim-topics',
    brokers: options.brokers,
    logLevel: logLevel.WARN,
    retry: { retries: 10 },
  }).admin();
  await admin.connect();
  try {
    const metadata = await admin.fetchTopicMetadata();
    const existing = new Map(metadata.topics.map((t) => [t.name, t.partitions.length]));
    const plan = planTopics(existing, options.topics ?? EVENT_TOPICS, options);
    if (plan.create.length) {
      await admin.createTopics({ topics: plan.create, waitForLeaders: true });
      for (const t of plan.create)
        log(`created ${t.topic} (${t.numPartitions} partitions, replication ${t.replicationFactor})`);
    }
    if (plan.grow.length) {
      await admin.createPartitions({ topicPartitions: plan.grow });
      for (const t of plan.grow) log(`grew ${t.topic} to ${t.count} partitions`);
    }
    if (!plan.create.length && !plan.grow.length) log('every event topic exists already');
    return plan;
  } finally {
    await admin.disconnect();
  }
}
