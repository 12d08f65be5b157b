import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { topicOf } from '@esim/contracts';
import { startKafkaTestBroker, type KafkaTestBroker } from '../../../../infra/kafka-test-broker/index';
import { waitFor } from '../../src/testing/index';
import { eventBusContract } from './contract';
import {
  EVENT,
  effects,
  outboxDrained,
  publishSeq,
  runCrashingConsumer,
  startConsumer,
  uniqueTag,
  uniqueTagOnEveryPartition,
} from './harness';

// Group joins, session timeouts and a broker outage take seconds each.
vi.setConfig({ testTimeout: 60_000 });

let broker: KafkaTestBroker;
beforeAll(async () => {
  // Only the topic the suite's events travel on: the others would only slow the broker's start.
  broker = await startKafkaTestBroker({ brokers: 3, topics: [{ name: topicOf(EVENT), partitions: 3 }] });
});
afterAll(async () => {
  await broker?.stop();
});

const settings = {
  maxAttempts: 3,
  retryBaseMs: 20,
  retryMaxMs: 100,
  pollIntervalMs: 1_000,
  metricsLogIntervalMs: 0,
  kafka: { sessionTimeout: 3_000, heartbeatInterval: 300, maxWaitTimeInMs: 100, retries: 10 },
};

eventBusContract(
  'Kafka',
  () => ({
    config: () => ({ DATABASE_URL: process.env.DATABASE_URL!, KAFKA_BROKERS: broker.bootstrap.join(',') }),
    settings,
    timeoutMs: 20_000,
  }),
  (harness) => {
    it('splits the partitions between two consumers of one group, each event handled once', async () => {
      const h = harness();
      // Keys on every partition: each consumer handles some, whichever partitions it gets.
      const tag = uniqueTagOnEveryPartition('split', 12, 3);
      const group = 'split-group';
      // A new group starts at the topic's beginning: count only this test's events per consumer.
      const handled = { a: 0, b: 0 };
      const a = await startConsumer(h, { group, onHandled: (id) => void (id.startsWith(tag) && handled.a++) });
      const b = await startConsumer(h, { group, onHandled: (id) => void (id.startsWith(tag) && handled.b++) });
      await waitFor(
        () =>
          a.metrics().assignments.length > 0 &&
          b.metrics().assignments.length > 0 &&
          a.metrics().assignments.length + b.metrics().assignments.length === 3,
        {
          timeoutMs: 20_000,
          what: 'both consumers assigned',
        },
      );
      expect([...a.metrics().assignments, ...b.metrics().assignments].sort()).toEqual([
        'catalog.package/0',
        'catalog.package/1',
        'catalog.package/2',
      ]);

      await Promise.all(Array.from({ length: 12 }, (_, i) => publishSeq(h.producerDb, `${tag}-k${i}`, 5)));
      await waitFor(async () => (await effects(h, tag)).length >= 60, { timeoutMs: 20_000, what: '60 effects' });
      const rows = await effects(h, tag);
      expect(rows).toHaveLength(60);
      expect(new Set(rows.map((r) => r.event_id)).size).toBe(60);
      expect(handled.a).toBeGreaterThan(0);
      expect(handled.b).toBeGreaterThan(0);
      expect(handled.a + handled.b).toBe(60);
    });

    it('replaces a consumer that dies mid-stream without losing or repeating an effect', async () => {
      const h = harness();
      // Every partition gets keys (5 events each): whichever partitions the child ends up with, it reaches its 3rd event.
      const tag = uniqueTagOnEveryPartition('replace', 12, 3);
      const group = 'replace-group';
      const survivor = await startConsumer(h, { group });
      // The child joins the same group and dies inside its 3rd handler, before that commit.
      let child: string[] = [];
      let childExited = false;
      const died = runCrashingConsumer(h, {
        group,
        crashAt: 3,
        timeoutMs: 45_000,
        onAssignments: (assignments) => (child = assignments),
      });
      void died.finally(() => (childExited = true)).catch(() => {});
      // Publish only once the group is exactly the survivor and the live child, splitting the partitions.
      // The survivor losing a partition is not enough: the mock broker refuses a follower's SyncGroup that
      // comes after the leader's (INVALID_REQUEST), so the child's first member often crashes, is rebuilt
      // by the transport, and stays in the group holding a partition until its session expires (3 s, then
      // a 2 s rebalance). Events published meanwhile are all handled by the survivor when the child's
      // final partitions are ones the survivor already drained: the child never reaches its 3rd event.
      // Each failed attempt costs about 5–8 s (rebalance 2 s, restart back-off from 0.5 s, session 3 s).
      const shared = () => {
        const own = survivor.metrics().assignments;
        return (
          own.length > 0 &&
          child.length > 0 &&
          new Set([...own, ...child]).size === 3 &&
          own.length + child.length === 3
        );
      };
      await waitFor(() => childExited || shared(), {
        timeoutMs: 35_000,
        what: 'the survivor and the child sharing the partitions',
      }).catch((error: Error) => {
        throw new Error(
          `${error.message} (survivor ${JSON.stringify(survivor.metrics().assignments)}, child ${JSON.stringify(child)})`,
        );
      });
      await Promise.all(Array.from({ length: 12 }, (_, i) => publishSeq(h.producerDb, `${tag}-k${i}`, 5)));
      expect(await died).toBe('SIGKILL');
      // Once the dead member's session expires, the survivor takes its partitions over.
      await waitFor(() => survivor.metrics().assignments.length === 3, {
        timeoutMs: 30_000,
        what: 'survivor owns every partition',
      });

      await waitFor(async () => (await effects(h, tag)).length >= 60, { timeoutMs: 30_000, what: '60 effects' });
      const rows = await effects(h, tag);
      expect(rows).toHaveLength(60);
      expect(new Set(rows.map((r) => r.event_id)).size).toBe(60);
      // The child's last batch died with it (rolled back) and was redone by the survivor.
      expect(rows.some((r) => r.pid === process.pid)).toBe(true);
      for (let i = 0; i < 12; i++) {
        const seqs = rows.filter((r) => r.key === `${tag}-k${i}`).map((r) => Number(r.package_id.split(':')[1]));
        expect(seqs).toEqual([0, 1, 2, 3, 4]);
      }
    });

    it('loses nothing when a broker goes down and comes back mid-stream', async () => {
      const h = harness();
      const tag = uniqueTag('brokerdown');
      // Every partition of the topic led by broker 1, so its outage stops all traffic of the topic.
      for (const partition of [0, 1, 2]) await broker.setLeader('catalog.package', partition, 1);
      await startConsumer(h);
      const round = (n: number) =>
        Promise.all(Array.from({ length: 6 }, (_, i) => publishSeq(h.producerDb, `${tag}-k${i}`, 1, n)));
      for (let n = 0; n < 3; n++) await round(n);
      await waitFor(async () => (await effects(h, tag)).length >= 18, {
        timeoutMs: 20_000,
        what: '18 effects before the outage',
      });

      await broker.brokerDown(1);
      for (let n = 3; n < 7; n++) await round(n);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      // Nothing can reach the topic meanwhile: the events wait in the outbox, nothing is handled.
      expect(await outboxDrained(h)).toBe(false);
      expect(await effects(h, tag)).toHaveLength(18);
      await broker.brokerUp(1);
      for (let n = 7; n < 10; n++) await round(n);

      await waitFor(() => outboxDrained(h), { timeoutMs: 30_000, what: 'outbox relayed' });
      await waitFor(async () => (await effects(h, tag)).length >= 60, { timeoutMs: 30_000, what: '60 effects' });
      const rows = await effects(h, tag);
      expect(rows).toHaveLength(60);
      for (let i = 0; i < 6; i++) {
        const seqs = rows.filter((r) => r.key === `${tag}-k${i}`).map((r) => Number(r.package_id.split(':')[1]));
        expect(seqs).toEqual(Array.from({ length: 10 }, (_, n) => n));
      }
    });
  },
);
