import { expect, it } from 'vitest';
import { waitFor } from '../../src/testing/index';
import { eventBusContract } from './contract';
import { effects, publishSeq, startConsumer, uniqueTag } from './harness';

const settings = {
  maxAttempts: 3,
  retryBaseMs: 20,
  retryMaxMs: 100,
  // Long enough that a test passing in time proves the LISTEN/NOTIFY wake-up, not the poll.
  pollIntervalMs: 5_000,
  metricsLogIntervalMs: 0,
};

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
      await waitFor(async () => (await effects(h, tag)).length === 1, { timeoutMs: 4_000, what: 'notified delivery', intervalMs: 5 });
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
  },
);
