import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../src/testing/index';
import { requeueParked } from '../../src/events/ops';
import {
  createHarness,
  effects,
  EVENT,
  outboxDrained,
  publishSeq,
  runCrashingConsumer,
  startConsumer,
  stopBus,
  uniqueTag,
  type Harness,
  type TransportConfig,
} from './harness';
import type { DeepPartial, EventBusSettings } from '../../src/events/settings';

export interface ContractFixture {
  /** Connection settings of the transport (a test broker is started in `beforeAll` when needed). */
  config(): TransportConfig;
  settings: DeepPartial<EventBusSettings>;
  /** How long a delivery may take (Kafka group joins and rebalances take seconds). */
  timeoutMs: number;
}

/**
 * The event backbone's contract: every transport must pass all of it. At least once delivery,
 * exactly-once effects through the inbox, order per aggregate, nothing lost, poison parked.
 */
export function eventBusContract(
  name: string,
  fixture: () => ContractFixture,
  extra?: (h: () => Harness) => void,
): void {
  describe(`event bus contract: ${name}`, () => {
    let h: Harness;
    let timeout: number;

    beforeAll(async () => {
      const f = fixture();
      timeout = f.timeoutMs;
      h = await createHarness(f.config(), f.settings);
    });
    afterEach(async () => {
      await Promise.all(h.buses.splice(0).map((bus) => bus.stop()));
    });
    afterAll(async () => {
      await h?.close();
    });

    const handledCount = async (prefix: string, expected: number) =>
      waitFor(async () => (await effects(h, prefix)).length >= expected, {
        timeoutMs: timeout,
        what: `${expected} effects of ${prefix}`,
      });

    it('delivers a published event to the consumer with its envelope, once', async () => {
      const tag = uniqueTag('basic');
      const bus = await startConsumer(h);
      const ids = await publishSeq(h.producerDb, `${tag}-a`, 3);
      await publishSeq(h.producerDb, `${tag}-b`, 2);
      await handledCount(tag, 5);
      const rows = await effects(h, tag);
      expect(rows.map((r) => r.package_id).sort()).toEqual([
        `${tag}-a:0`,
        `${tag}-a:1`,
        `${tag}-a:2`,
        `${tag}-b:0`,
        `${tag}-b:1`,
      ]);
      expect(rows.filter((r) => r.key === `${tag}-a`).map((r) => r.event_id)).toEqual(ids);
      const inbox = await h.consumerDb('inbox').whereIn('event_id', ids);
      expect(inbox.map((r) => [r.consumer, r.type])).toEqual(ids.map(() => ['balance', EVENT]));
      // The relay marks its rows and counts them after the transport took them (Kafka: after the
      // broker's ack), and metrics count after the commit, so the effects can be visible a moment
      // before: wait for the bookkeeping too.
      const bookkept = async () =>
        (await h.producerDb('outbox').whereIn('event_id', ids).whereNotNull('published_at')).length === 3 &&
        h.producerBus.metrics().relayed >= 5 &&
        bus.metrics().handled >= 5;
      await waitFor(bookkept, { timeoutMs: timeout, what: 'the relay and the consumer to count the events' });
      const published = await h.producerDb('outbox').whereIn('event_id', ids).whereNotNull('published_at');
      expect(published).toHaveLength(3);
      expect(bus.metrics()).toMatchObject({ service: 'balance', parked: 0 });
      expect(bus.metrics().handled).toBeGreaterThanOrEqual(5);
      expect(h.producerBus.metrics().relayed).toBeGreaterThanOrEqual(5);
    });

    it('keeps the order of each aggregate while many are published at once', async () => {
      const tag = uniqueTag('order');
      await startConsumer(h);
      const keys = Array.from({ length: 6 }, (_, i) => `${tag}-k${i}`);
      // Each key's events are published one after another; keys interleave from parallel transactions.
      await Promise.all(keys.map((key) => publishSeq(h.producerDb, key, 15)));
      await handledCount(tag, keys.length * 15);
      const rows = await effects(h, tag);
      for (const key of keys) {
        const seqs = rows.filter((r) => r.key === key).map((r) => Number(r.package_id.split(':')[1]));
        expect(seqs).toEqual(Array.from({ length: 15 }, (_, i) => i));
      }
    });

    it('redelivers the event a consumer crashed on before committing, and its effect happens once', async () => {
      const tag = uniqueTag('crash');
      const key = `${tag}-k`;
      await publishSeq(h.producerDb, key, 5);
      await waitFor(() => outboxDrained(h), { timeoutMs: timeout, what: 'outbox relayed' });
      // The child handles :0 and :1, writes :2's effect in its transaction, and is killed before the commit.
      expect(await runCrashingConsumer(h, { crashOn: `${key}:2` })).toBe('SIGKILL');
      const beforeRestart = (await effects(h, tag)).map((r) => r.package_id);
      expect(beforeRestart).not.toContain(`${key}:2`);

      await startConsumer(h);
      await handledCount(tag, 5);
      const rows = await effects(h, tag);
      expect(rows.map((r) => r.package_id)).toEqual([0, 1, 2, 3, 4].map((i) => `${key}:${i}`));
      expect(rows.find((r) => r.package_id === `${key}:2`)?.pid).toBe(process.pid);
    });

    it('loses nothing published while the consumer is down', async () => {
      const tag = uniqueTag('down');
      const first = await startConsumer(h);
      await publishSeq(h.producerDb, `${tag}-k`, 4);
      await handledCount(tag, 4);
      await stopBus(h, first);

      await publishSeq(h.producerDb, `${tag}-k`, 6, 4);
      await waitFor(() => outboxDrained(h), { timeoutMs: timeout, what: 'outbox relayed' });
      expect(await effects(h, tag)).toHaveLength(4);

      await startConsumer(h);
      await handledCount(tag, 10);
      const rows = await effects(h, tag);
      expect(rows.map((r) => r.package_id)).toEqual(Array.from({ length: 10 }, (_, i) => `${tag}-k:${i}`));
    });

    it('dedupes a duplicate delivery through the inbox', async () => {
      const tag = uniqueTag('dup');
      const bus = await startConsumer(h);
      const ids = await publishSeq(h.producerDb, `${tag}-k`, 5);
      await handledCount(tag, 5);
      const duplicatesBefore = bus.metrics().duplicates;

      // A relay that crashed after handing the rows over but before marking them publishes them again.
      await h.producerDb('outbox').whereIn('event_id', ids).update({ published_at: null });
      await h.producerDb.raw("SELECT pg_notify('outbox_catalog', '')");
      await waitFor(() => bus.metrics().duplicates >= duplicatesBefore + 5, {
        timeoutMs: timeout,
        what: 'duplicates seen',
      });

      expect(await effects(h, tag)).toHaveLength(5);
      expect(await h.consumerDb('inbox').whereIn('event_id', ids)).toHaveLength(5);
    });

    it('parks a message whose handler keeps failing, moves on, and runs it again once re-queued', async () => {
      const tag = uniqueTag('poison');
      const key = `${tag}-k`;
      const poison = new Set([`${key}:1`]);
      const bus = await startConsumer(h, { poison });
      const ids = await publishSeq(h.producerDb, key, 3);
      await handledCount(tag, 2);
      const parked = await waitFor(() => h.consumerDb('parked_events').where({ event_id: ids[1] }).first(), {
        timeoutMs: timeout,
        what: 'parked row',
      });
      expect(parked).toMatchObject({
        consumer: 'balance',
        type: EVENT,
        aggregate_id: key,
        status: 'parked',
        attempts: 3,
      });
      expect(parked.last_error).toBe(`cannot handle ${key}:1`);
      expect(parked.envelope).toMatchObject({ id: ids[1], payload: { packageId: `${key}:1` } });
      expect((await effects(h, tag)).map((r) => r.package_id)).toEqual([`${key}:0`, `${key}:2`]);
      expect(bus.metrics()).toMatchObject({ parked: 1, retries: 2 });

      // The operator fixes the cause and re-queues it (what `npm run events -- unpark <id>` does).
      poison.clear();
      expect(await requeueParked(h.consumerDb, parked.id)).toEqual([
        { schema: 'balance', id: parked.id, consumer: 'balance' },
      ]);
      await handledCount(tag, 3);
      await waitFor(
        async () => (await h.consumerDb('parked_events').where({ id: parked.id }).first()).status === 'resolved',
        {
          timeoutMs: timeout,
          what: 'parked row resolved',
        },
      );
      expect(bus.metrics().unparked).toBe(1);
      expect((await effects(h, tag)).filter((r) => r.package_id === `${key}:1`)).toHaveLength(1);
    });

    it('parks a malformed event at once, without retrying it', async () => {
      const tag = uniqueTag('malformed');
      const bus = await startConsumer(h);
      const [good] = await publishSeq(h.producerDb, `${tag}-k`, 1);
      // A producer that bypassed `publish` (or an old version): the payload misses its packageId.
      const bad = await h.producerDb('outbox').where({ event_id: good }).first();
      const envelope = { ...bad.envelope, id: crypto.randomUUID(), payload: { wrong: true } };
      await h.producerDb('outbox').insert({
        event_id: envelope.id,
        type: EVENT,
        topic: bad.topic,
        aggregate_id: bad.aggregate_id,
        envelope: JSON.stringify(envelope),
      });
      await h.producerDb.raw("SELECT pg_notify('outbox_catalog', '')");
      const parked = await waitFor(() => h.consumerDb('parked_events').where({ event_id: envelope.id }).first(), {
        timeoutMs: timeout,
        what: 'malformed event parked',
      });
      expect(parked).toMatchObject({ attempts: 1, status: 'parked' });
      expect(parked.last_error).toMatch(/^payload does not match catalog\.package\.deactivated v1/);
      expect(bus.metrics().retries).toBe(0);
    });

    extra?.(() => h);
  });
}
