/**
 * The test suite's own PostgreSQL, Redis and Kafka in throwaway containers (testcontainers), for a
 * machine with a Docker engine (`TEST_CONTAINERS=1`, or detected: see backends.ts). Loaded only on
 * that path, so a run on the local servers never imports testcontainers.
 */
export interface TestContainers {
  /** The server's `postgres` database as the superuser (the global setup creates the template beside it). */
  databaseUrl: string;
  redisUrl: string;
  kafkaBrokers: string[];
  stop(): Promise<void>;
}

/** Images the suite is written against (PostgreSQL 16 as in docker-compose; a KRaft Kafka broker). */
export const TEST_IMAGES = {
  postgres: 'postgres:16-alpine',
  redis: 'redis:7-alpine',
  kafka: 'confluentinc/cp-kafka:7.9.0',
} as const;

export async function startTestContainers(): Promise<TestContainers> {
  const [{ PostgreSqlContainer }, { RedisContainer }, { KafkaContainer }] = await Promise.all([
    import('@testcontainers/postgresql'),
    import('@testcontainers/redis'),
    import('@testcontainers/kafka'),
  ]);
  const [postgres, redis, kafka] = await Promise.all([
    new PostgreSqlContainer(TEST_IMAGES.postgres)
      .withDatabase('postgres')
      .withUsername('postgres')
      .withPassword('postgres')
      // Every test file clones the template and its services open pools: the default 100 is too few.
      .withCommand(['postgres', '-c', 'max_connections=400', '-c', 'fsync=off'])
      .start(),
    new RedisContainer(TEST_IMAGES.redis).start(),
    new KafkaContainer(TEST_IMAGES.kafka).withKraft().start(),
  ]);
  return {
    databaseUrl: postgres.getConnectionUri(),
    redisUrl: redis.getConnectionUrl(),
    kafkaBrokers: [`${kafka.getHost()}:${kafka.getMappedPort(9093)}`],
    async stop() {
      await Promise.all([postgres.stop(), redis.stop(), kafka.stop()]);
    },
  };
}
