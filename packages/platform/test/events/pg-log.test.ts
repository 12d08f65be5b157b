import type { Knex } from 'knex';
import { expect, it } from 'vitest';
import { waitFor } from '../../src/testing/index';
import { publish } from '../../src/events/publish';
import { EVENT_LOG_PARTITIONS } from '../../src/events/log-membership';
import { eventBusContract } from './contract';
import {
  effects,
  outboxDrained,
  PRODUCER,
  EVENT,
  publishSeq,
  runCrashingConsumer,
  startConsumer,
  stopBus,
  uniqueTag,
  type EffectRow,
} from './harness';

const settings = {
  maxAttempts: 3,
  retryBaseMs: 20,
  retryMaxMs: 100,
  // Long enough that a test passing in time proves the LISTEN/NOTIFY wake-up, not the poll.
  pollIntervalMs: 5_000,
  metricsLogIntervalMs: 0,
  // A crashed consumer's partitions are taken over once its last heartbeat is this old.
  memberHeartbeatMs: 100,
  memberTimeoutMs: 1_000,
};

/** The log partition of a key, as the relay computes it. */
async function partitionOf(db: Knex, key: string): Promise<number> {
  const result = await db.raw(`SELECT mod(hashtext(?) & 2147483647, ${EVENT_LOG_PARTITIONS})::int AS p`, [key]);
  return result.rows[0].p as number;
}

/** `count` keys `${tag}-k<i>` on as many different partitions (none on `avoid`'s). */
async function keysOnDistinctPartitions(db: Knex, tag: string, count: number, avoid: number[] = []): Promise<string[]> {
  const taken = new Set(avoid);
  const keys: string[] = [];
  for (let i = 0; keys.length < count; i++) {
    const p = await partitionOf(db, `${tag}-k${i}`);
    if (taken.has(p)) continue;
    taken.add(p);
    keys.push(`${tag}-k${i}`);
  }
  return keys;
}

const seqsOf = (rows: EffectRow[], key: string) =>
  rows.filter((r) => r.key === key).map((r) => Number(r.package_id.split(':')[1]));

eventBusContract(
  'embedded PostgreSQL log',
  () => ({ config: () => ({ DATABASE_URL: process.env.DATABASE_URL! }), settings, timeoutMs: 10_000 }),
  (harness) => {
    it('wakes the consumer by NOTIFY, well before the safety-net poll', async () => {
      const h = harness();
      const tag = uniqueTag('notify');
      await startConsumer(h);
      // Let the consumer's first pass finish so only a wake-up can bring the next event in.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = Date.now();
      await publishSeq(h.producerDb, `${tag}-k`, 1);
      await waitFor(async () => (await effects(h, tag)).length === 1, {
        timeoutMs: 4_000,
        what: 'notified delivery',
        intervalMs: 5,
      });
      expect(Date.now() - started).toBeLessThan(1_000);
    });

    it('lets two processes of one service share the log: each event handled by exactly one', async () => {
      const h = harness();
      const tag = uniqueTag('twoproc');
      const handledBy = new Map<string, number>();
      const count = (bus: number) => () => handledBy.set(String(bus), (handledBy.get(String(bus)) ?? 0) + 1);
      await startConsumer(h, { onHandled: count(1) });
      await startConsumer(h, { onHandled: count(2) });
      await Promise.all([0, 1, 2, 3].map((i) => publishSeq(h.producerDb, `${tag}-k${i}`, 10)));
      await waitFor(async () => (await effects(h, tag)).length >= 40, { timeoutMs: 10_000, what: '40 effects' });
      const rows = await effects(h, tag);
      expect(new Set(rows.map((r) => r.event_id)).size).toBe(40);
      expect(rows).toHaveLength(40);
      for (let i = 0; i < 4; i++) {
        const seqs = rows.filter((r) => r.key === `${tag}-k${i}`).map((r) => Number(r.package_id.split(':')[1]));
        expect(seqs).toEqual(Array.from({ length: 10 }, (_, n) => n));
      }
    });

    it("steps a group's offsets over the partitions holding only other types' events, with the batch it settles", async () => {
      const h = harness();
      const tag = uniqueTag('step');
      const group = `${tag}-group`;
      const [ours, ...others] = await keysOnDistinctPartitions(h.producerDb, tag, 4);
      await startConsumer(h, { group });
      // One transaction: our event and three of a type the group does not consume, each on its own partition.
      await h.producerDb.transaction(async (trx) => {
        await publish(trx, PRODUCER, { type: EVENT, aggregateId: ours!, payload: { packageId: `${ours}:0` } });
        for (const key of others)
          await publish(trx, PRODUCER, {
            type: 'catalog.dealer-price.changed',
            aggregateId: key,
            payload: { dealerId: key, packageId: key, oldPriceCents: null, newPriceCents: 100, changedBy: tag },
          });
      });
      await waitFor(async () => (await effects(h, tag)).length === 1, { what: 'our event', timeoutMs: 4_000 });
      const foreign = (
        await h.consumerDb.raw('SELECT partition, position FROM platform.event_log WHERE key = ANY(?::text[])', [
          others,
        ])
      ).rows as Array<{ partition: number; position: string }>;
      expect(foreign).toHaveLength(3);
      // Well before the safety-net poll: the pass that handled ours stepped the others' offsets past them.
      await waitFor(
        async () => {
          const offsets = (
            await h.consumerDb.raw(
              'SELECT partition, position FROM platform.consumer_offsets WHERE group_id = ? AND partition = ANY(?::int[])',
              [group, foreign.map((row) => row.partition)],
            )
          ).rows as Array<{ partition: number; position: string }>;
          const at = new Map(offsets.map((row) => [row.partition, Number(row.position)]));
          return foreign.every((row) => (at.get(row.partition) ?? 0) >= Number(row.position));
        },
        { what: "offsets past the other types' events", timeoutMs: 2_000 },
      );
    });

    it("appends each key's events to one partition, in order", async () => {
      const h = harness();
      const tag = uniqueTag('part');
      const keys = Array.from({ length: 8 }, (_, i) => `${tag}-k${i}`);
      await Promise.all(keys.map((key) => publishSeq(h.producerDb, key, 5)));
      await waitFor(() => outboxDrained(h), { timeoutMs: 5_000, what: 'outbox relayed' });
      const rows = await h.consumerDb.raw(
        'SELECT key, partition, envelope FROM platform.event_log WHERE key LIKE ? ORDER BY position',
        [`${tag}%`],
      );
      for (const key of keys) {
        const own = (
          rows.rows as Array<{ key: string; partition: number; envelope: { payload: { packageId: string } } }>
        ).filter((r) => r.key === key);
        expect(new Set(own.map((r) => r.partition))).toEqual(new Set([await partitionOf(h.consumerDb, key)]));
        expect(own.map((r) => r.envelope.payload.packageId)).toEqual([0, 1, 2, 3, 4].map((i) => `${key}:${i}`));
      }
    });

    it("holds only the failing event's partition while it is retried: the other partitions' events flow", async () => {
      const h = harness();
      const tag = uniqueTag('hold');
      const [stuck] = await keysOnDistinctPartitions(h.consumerDb, `${tag}-s`, 1);
      const others = await keysOnDistinctPartitions(h.consumerDb, `${tag}-o`, 5, [
        await partitionOf(h.consumerDb, stuck!),
      ]);
      const poison = new Set([`${stuck}:1`]);
      // Retried for far longer than the test takes to see the others through.
      const bus = await startConsumer(h, {
        poison,
        settings: { maxAttempts: 1_000, retryBaseMs: 50, retryMaxMs: 100 },
      });
      await publishSeq(h.producerDb, stuck!, 4);
      await Promise.all(others.map((key) => publishSeq(h.producerDb, key, 10)));

      await waitFor(async () => (await effects(h, tag)).length >= 51, {
        timeoutMs: 10_000,
        what: 'the other partitions handled',
      });
      await waitFor(() => bus.metrics().retries >= 3, { timeoutMs: 5_000, what: 'the failing event retried' });
      let rows = await effects(h, tag);
      for (const key of others) expect(seqsOf(rows, key)).toEqual(Array.from({ length: 10 }, (_, i) => i));
      // The failing event's own partition waits behind it: its key's later events are not handled yet.
      expect(seqsOf(rows, stuck!)).toEqual([0]);
      expect(await h.consumerDb('parked_events').where('aggregate_id', stuck!)).toHaveLength(0);

      // More events on the other partitions still flow past it.
      await Promise.all(others.map((key) => publishSeq(h.producerDb, key, 2, 10)));
      await waitFor(async () => (await effects(h, tag)).length >= 61, {
        timeoutMs: 10_000,
        what: 'later events of the other partitions',
      });
      expect(seqsOf(await effects(h, tag), stuck!)).toEqual([0]);

      // The cause goes away: the held partition resumes, in order.
      poison.clear();
      await waitFor(async () => (await effects(h, tag)).length >= 64, {
        timeoutMs: 10_000,
        what: "the held partition's events",
      });
      rows = await effects(h, tag);
      expect(seqsOf(rows, stuck!)).toEqual([0, 1, 2, 3]);
      expect(rows).toHaveLength(64);
    });

    it('splits the partitions between two consumers of one group, and one takes over what the other held when it stops', async () => {
      const h = harness();
      const tag = uniqueTag('split');
      const group = `${tag}-group`;
      // A new group reads the log from its start: count only this test's events per consumer.
      const handled = { a: 0, b: 0 };
      const a = await startConsumer(h, { group, onHandled: (id) => void (id.startsWith(tag) && handled.a++) });
      const b = await startConsumer(h, { group, onHandled: (id) => void (id.startsWith(tag) && handled.b++) });
      const halves = () => [a.metrics().assignments, b.metrics().assignments];
      await waitFor(() => halves().every((own) => own.length === EVENT_LOG_PARTITIONS / 2), {
        timeoutMs: 5_000,
        what: 'the partitions split',
      });
      expect(halves().flat().sort()).toEqual(
        Array.from({ length: EVENT_LOG_PARTITIONS }, (_, p) => `event_log/${p}`).sort(),
      );

      const keys = await keysOnDistinctPartitions(h.consumerDb, tag, EVENT_LOG_PARTITIONS);
      await Promise.all(keys.map((key) => publishSeq(h.producerDb, key, 3)));
      await waitFor(async () => (await effects(h, tag)).length >= 48, { timeoutMs: 10_000, what: '48 effects' });
      expect(handled).toEqual({ a: 24, b: 24 });

      await stopBus(h, b);
      await waitFor(() => a.metrics().assignments.length === EVENT_LOG_PARTITIONS, {
        timeoutMs: 5_000,
        what: 'the survivor owns every partition',
      });
      await Promise.all(keys.map((key) => publishSeq(h.producerDb, key, 2, 3)));
      await waitFor(async () => (await effects(h, tag)).length >= 80, { timeoutMs: 10_000, what: '80 effects' });
      const rows = await effects(h, tag);
      expect(rows).toHaveLength(80);
      expect(handled).toEqual({ a: 56, b: 24 });
      for (const key of keys) expect(seqsOf(rows, key)).toEqual([0, 1, 2, 3, 4]);
    });

    it("takes over a dead consumer's partitions once its heartbeat is too old, losing and repeating nothing", async () => {
      const h = harness();
      const tag = uniqueTag('dead');
      const group = `${tag}-group`;
      const survivor = await startConsumer(h, { group });
      const keys = await keysOnDistinctPartitions(h.consumerDb, tag, EVENT_LOG_PARTITIONS);
      // A member takes the even or the odd partitions: the child dies inside the handler of the
      // second event of the key on its side (one of these two), before that commit.
      const sides = await Promise.all(keys.map((key) => partitionOf(h.consumerDb, key)));
      const crashKeys = [keys[sides.findIndex((p) => p % 2 === 0)]!, keys[sides.findIndex((p) => p % 2 === 1)]!];
      let child: string[] = [];
      const died = runCrashingConsumer(h, {
        group,
        crashOn: crashKeys.map((key) => `${key}:1`).join(','),
        timeoutMs: 20_000,
        onAssignments: (assignments) => (child = assignments),
      });
      await waitFor(
        () =>
          child.length === EVENT_LOG_PARTITIONS / 2 &&
          survivor.metrics().assignments.length === EVENT_LOG_PARTITIONS / 2,
        {
          timeoutMs: 10_000,
          what: 'the survivor and the child sharing the partitions',
        },
      );
      await Promise.all(keys.map((key) => publishSeq(h.producerDb, key, 3)));
      expect(await died).toBe('SIGKILL');
      await waitFor(() => survivor.metrics().assignments.length === EVENT_LOG_PARTITIONS, {
        timeoutMs: 5_000,
        what: 'the survivor owns every partition',
      });
      await waitFor(async () => (await effects(h, tag)).length >= 48, { timeoutMs: 10_000, what: '48 effects' });
      const rows = await effects(h, tag);
      expect(rows).toHaveLength(48);
      expect(new Set(rows.map((r) => r.event_id)).size).toBe(48);
      for (const key of keys) expect(seqsOf(rows, key)).toEqual([0, 1, 2]);
      // What the child was handling when it died was redone here.
      const childKey = crashKeys.find((key) => child.includes(`event_log/${sides[keys.indexOf(key)]}`))!;
      expect(rows.find((r) => r.package_id === `${childKey}:1`)?.pid).toBe(process.pid);
    });
  },
);
