import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb, migrateShared, type Db } from '../../src/db';
import { EVENT_LOG_PARTITIONS } from '../../src/events/log-membership';
import { publish } from '../../src/events/publish';
import { waitFor } from '../../src/testing/index';
import { createHarness, effects, EVENT, PRODUCER, startConsumer, type Harness } from './harness';

/**
 * A database that ran the event log before it had partitions: one offset per group, log rows
 * without a partition. Migrating it must keep every group where it was.
 */
const MIGRATION = '20261126000000_event_log_partitions';

let db: Db;
let h: Harness;
beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL!, PRODUCER, 2);
  // Back to the shape the log had before (the template database is fully migrated).
  await db.raw(`
    DROP TABLE platform.consumer_members;
    DELETE FROM platform.consumer_offsets WHERE partition <> 0;
    ALTER TABLE platform.consumer_offsets DROP CONSTRAINT consumer_offsets_pkey;
    ALTER TABLE platform.consumer_offsets DROP COLUMN partition;
    ALTER TABLE platform.consumer_offsets ADD PRIMARY KEY (group_id);
    DROP INDEX platform.event_log_partition_position;
    ALTER TABLE platform.event_log DROP COLUMN partition;
    DELETE FROM platform.platform_migrations WHERE name = '${MIGRATION}';
  `);
});
afterAll(async () => {
  await h?.close();
  await db?.destroy();
});

it('keeps each consumer group at its offset when the log gets partitions', async () => {
  // Six events in the old log, appended as the old relay did; the group had read the first three.
  const keys = Array.from({ length: 6 }, (_, i) => `upgrade-k${i}`);
  const positions: number[] = [];
  for (const key of keys) {
    const envelope = await db.transaction((trx) =>
      publish(trx, PRODUCER, { type: EVENT, aggregateId: key, payload: { packageId: `${key}:0` } }),
    );
    await db('outbox').where({ event_id: envelope.id }).update({ published_at: db.fn.now() });
    const appended = await db.raw(
      `INSERT INTO platform.event_log (event_id, topic, type, key, producer, envelope) VALUES (?, ?, ?, ?, ?, ?) RETURNING position`,
      [envelope.id, 'catalog.package', EVENT, key, PRODUCER, JSON.stringify(envelope)],
    );
    positions.push(Number(appended.rows[0].position));
  }
  await db.raw('INSERT INTO platform.consumer_offsets (group_id, position) VALUES (?, ?)', ['balance', positions[2]!]);

  expect(await migrateShared(db)).toEqual([MIGRATION]);

  const offsets = await db.raw(
    `SELECT partition, position FROM platform.consumer_offsets WHERE group_id = 'balance' ORDER BY partition`,
  );
  expect(
    offsets.rows.map((row: { partition: number; position: string }) => [row.partition, Number(row.position)]),
  ).toEqual(Array.from({ length: EVENT_LOG_PARTITIONS }, (_, p) => [p, positions[2]]));
  const unpartitioned = await db.raw(
    `SELECT count(*)::int AS n FROM platform.event_log WHERE partition IS DISTINCT FROM mod(hashtext(key) & 2147483647, ${EVENT_LOG_PARTITIONS})`,
  );
  expect(unpartitioned.rows[0].n).toBe(0);

  // The group goes on after its offset: the three events it had not read, none of the others.
  h = await createHarness(
    { DATABASE_URL: process.env.DATABASE_URL! },
    { metricsLogIntervalMs: 0, memberHeartbeatMs: 100 },
  );
  await startConsumer(h);
  await waitFor(async () => (await effects(h, 'upgrade-')).length >= 3, {
    timeoutMs: 10_000,
    what: 'the unread events',
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect((await effects(h, 'upgrade-')).map((row) => row.key).sort()).toEqual(keys.slice(3));
});
