import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { withDatabase } from '../db';

/**
 * Vitest setup file: gives the test file its own database, cloned from the migrated template,
 * and its own Redis key prefix, through the same variables the services read. Files then run
 * in parallel without seeing each other's data. The database is dropped when the file ends.
 */
const template = inject('testTemplateDatabase');
const baseUrl = inject('testBaseDatabaseUrl');
// The creation time in the name lets a later run clean up after a killed one.
const name = `esim_t_${Math.floor(Date.now() / 1000)}_${randomBytes(5).toString('hex')}`;

const admin = new pg.Client({ connectionString: withDatabase(baseUrl, 'postgres') });
await admin.connect();
await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pg.escapeIdentifier(template)}`);

process.env.NODE_ENV = 'test';
process.env.DATABASE_URL = withDatabase(baseUrl, name);
process.env.REDIS_PREFIX = `test:${name}:`;
process.env.TEST_DATABASE_NAME = name;
// The containers' servers when the run has them (infra/src/testing/backends.ts), else the local ones.
process.env.REDIS_URL = inject('testRedisUrl');
const kafkaBrokers = inject('testKafkaBrokers');
if (kafkaBrokers) process.env.TEST_KAFKA_BROKERS = kafkaBrokers;

afterAll(async () => {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
  });
  try {
    await redis.connect();
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await redis.scan(cursor, 'MATCH', `test:${name}:*`, 'COUNT', 500);
      cursor = next;
      keys.push(...batch);
    } while (cursor !== '0');
    if (keys.length) await redis.del(...keys);
  } catch {
    // Redis down or never used by this file: nothing to clean.
  } finally {
    redis.disconnect();
  }
  // Connections still open (a pool that was not closed) must not keep the database alive.
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});
