import { z } from 'zod';

/** Tunables of the event bus. Defaults suit production; tests shorten the waits. */
export interface EventBusSettings {
  /** Handler attempts before a message is parked. */
  maxAttempts: number;
  /** First retry delay; doubles per attempt up to `retryMaxMs` (with jitter). */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Safety-net poll of the outbox, the PostgreSQL log and re-queued parked messages (NOTIFY wakes them at once). */
  pollIntervalMs: number;
  /**
   * Least time between the starts of two passes of one relay or consumer: a pass right after an idle
   * spell goes at once, but under load what arrives meanwhile is gathered into the next pass (one
   * statement for many events instead of one pass per commit). Events are asynchronous, so nothing
   * a user waits for is delayed.
   */
  gatherMs: number;
  relayBatchSize: number;
  consumerBatchSize: number;
  /** How often the metrics are logged (0: never). */
  metricsLogIntervalMs: number;
  /** PG log: how often a consumer process tells its group it is alive (and learns who else is). */
  memberHeartbeatMs: number;
  /** PG log: a group member silent this long is gone, and the others take over its partitions. */
  memberTimeoutMs: number;
  kafka: {
    sessionTimeout: number;
    heartbeatInterval: number;
    maxWaitTimeInMs: number;
    /** Retries of a Kafka request before the relay / consumer sees the error (then it backs off itself). */
    retries: number;
    /** Partitions one process handles at the same time (order holds per partition, hence per key). */
    partitionsConcurrently: number;
  };
}

const int = (min: number) => z.coerce.number().int().min(min);

/** Environment knobs of every process's event bus (each documented in .env.example). */
export const eventBusEnvSchema = z.object({
  EVENTS_MAX_ATTEMPTS: int(1).default(5),
  EVENTS_RETRY_BASE_MS: int(1).default(200),
  EVENTS_RETRY_MAX_MS: int(1).default(10_000),
  EVENTS_POLL_MS: int(10).default(2_000),
  EVENTS_GATHER_MS: int(0).default(20),
  EVENTS_RELAY_BATCH: int(1).default(500),
  EVENTS_CONSUMER_BATCH: int(1).default(200),
  EVENTS_METRICS_LOG_MS: int(0).default(60_000),
  EVENTS_MEMBER_HEARTBEAT_MS: int(10).default(1_000),
  EVENTS_MEMBER_TIMEOUT_MS: int(50).default(10_000),
  KAFKA_SESSION_TIMEOUT_MS: int(1000).default(30_000),
  KAFKA_HEARTBEAT_MS: int(100).default(3_000),
  KAFKA_MAX_WAIT_MS: int(10).default(500),
  KAFKA_RETRIES: int(0).default(5),
  KAFKA_PARTITIONS_CONCURRENTLY: int(1).default(3),
});

export type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? Partial<T[K]> : T[K] };

export function eventBusSettings(
  overrides: DeepPartial<EventBusSettings> = {},
  env: NodeJS.ProcessEnv = process.env,
): EventBusSettings {
  const parsed = eventBusEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid event bus configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    maxAttempts: overrides.maxAttempts ?? e.EVENTS_MAX_ATTEMPTS,
    retryBaseMs: overrides.retryBaseMs ?? e.EVENTS_RETRY_BASE_MS,
    retryMaxMs: overrides.retryMaxMs ?? e.EVENTS_RETRY_MAX_MS,
    pollIntervalMs: overrides.pollIntervalMs ?? e.EVENTS_POLL_MS,
    gatherMs: overrides.gatherMs ?? e.EVENTS_GATHER_MS,
    relayBatchSize: overrides.relayBatchSize ?? e.EVENTS_RELAY_BATCH,
    consumerBatchSize: overrides.consumerBatchSize ?? e.EVENTS_CONSUMER_BATCH,
    metricsLogIntervalMs: overrides.metricsLogIntervalMs ?? e.EVENTS_METRICS_LOG_MS,
    memberHeartbeatMs: overrides.memberHeartbeatMs ?? e.EVENTS_MEMBER_HEARTBEAT_MS,
    memberTimeoutMs: overrides.memberTimeoutMs ?? e.EVENTS_MEMBER_TIMEOUT_MS,
    kafka: {
      sessionTimeout: overrides.kafka?.sessionTimeout ?? e.KAFKA_SESSION_TIMEOUT_MS,
      heartbeatInterval: overrides.kafka?.heartbeatInterval ?? e.KAFKA_HEARTBEAT_MS,
      maxWaitTimeInMs: overrides.kafka?.maxWaitTimeInMs ?? e.KAFKA_MAX_WAIT_MS,
      retries: overrides.kafka?.retries ?? e.KAFKA_RETRIES,
      partitionsConcurrently: overrides.kafka?.partitionsConcurrently ?? e.KAFKA_PARTITIONS_CONCURRENTLY,
    },
  };
}

/** Exponential back-off with ±20 % jitter, so retrying processes do not hammer in step. */
export function backoffMs(attempt: number, baseMs: number, maxMs: number): number {
  const raw = Math.min(maxMs, baseMs * 2 ** attempt);
  return Math.round(raw * (0.8 + Math.random() * 0.4));
}
