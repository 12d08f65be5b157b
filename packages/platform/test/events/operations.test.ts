import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createEventBus } from '../../src/events/bus';
import { runCli } from '../../src/events/cli';
import type { EventLogger } from '../../src/events/logger';
import { metricsToPrometheus } from '../../src/events/metrics';
import { waitFor } from '../../src/testing/index';
import { CONSUMER, createHarness, EVENT, effects, publishSeq, recorder, uniqueTag, type Harness } from './harness';

/** What an operator sees: log lines, the periodic metrics line, Prometheus text, a stuck relay. */
interface Line {
  level: 'info' | 'warn' | 'error';
  msg: string;
  obj: Record<string, unknown>;
}
function capture(): { logger: EventLogger; lines: Line[] } {
  const lines: Line[] = [];
  const at = (level: Line['level']) => (obj: object, msg?: string) =>
    void lines.push({ level, msg: msg ?? '', obj: obj as Record<string, unknown> });
  return { lines, logger: { debug() {}, info: at('info'), warn: at('warn'), error: at('error') } };
}

let h: Harness;
beforeAll(async () => {
  h = await createHarness(
    { DATABASE_URL: process.env.DATABASE_URL! },
    { maxAttempts: 3, retryBaseMs: 10, retryMaxMs: 50, metricsLogIntervalMs: 0 },
  );
});
afterEach(async () => {
  await Promise.all(h.buses.splice(0).map((bus) => bus.stop()));
});
afterAll(async () => {
  await h?.close();
});

it('logs each retry and the parking, logs its metrics periodically and renders them for Prometheus', async () => {
  const tag = uniqueTag('ops');
  const { logger, lines } = capture();
  const bus = createEventBus({
    service: CONSUMER,
    db: h.consumerDb,
    config: h.config,
    logger,
    settings: { ...h.settings, metricsLogIntervalMs: 50 },
  });
  h.buses.push(bus);
  bus.on(EVENT, recorder({ poison: new Set([`${tag}-k:0`]) }));
  await bus.start();
  const [eventId] = await publishSeq(h.producerDb, `${tag}-k`, 2);
  await waitFor(async () => (await effects(h, tag)).length === 1 && bus.metrics().parked === 1, {
    what: 'one handled, one parked',
  });

  const retries = lines.filter((l) => l.msg === 'event handler failed, retrying');
  expect(retries.map((l) => [l.level, l.obj.attempt, l.obj.eventId])).toEqual([
    ['warn', 1, eventId],
    ['warn', 2, eventId],
  ]);
  const parked = lines.filter((l) => l.msg.startsWith('event parked'));
  expect(parked).toHaveLength(1);
  expect(parked[0]).toMatchObject({
    level: 'error',
    obj: { consumer: 'balance', eventId, attempts: 3, error: `cannot handle ${tag}-k:0` },
  });

  const periodic = await waitFor(() => lines.find((l) => l.msg === 'event bus metrics' && l.obj.parked === 1), {
    what: 'metrics line',
  });
  // Something is stuck (a parked message): the periodic line says so at warn level.
  expect(periodic).toMatchObject({
    level: 'warn',
    obj: { service: 'balance', transport: 'postgres', retries: 2, outboxBacklog: 0 },
  });

  const text = metricsToPrometheus([bus.metrics()]);
  expect(text).toContain('# TYPE events_parked_total counter');
  expect(text).toContain('events_parked_total{service="balance",transport="postgres"} 1');
  expect(text).toContain('events_retries_total{service="balance",transport="postgres"} 2');
  expect(text).toMatch(/events_consumer_lag\{service="balance",transport="postgres"\} \d+/);
});

it('parks an event whose handler swallowed an SQL error, and still commits the rest of its batch', async () => {
  const tag = uniqueTag('swallow');
  const bus = createEventBus({ service: CONSUMER, db: h.consumerDb, config: h.config, settings: h.settings });
  h.buses.push(bus);
  const record = recorder();
  bus.on(EVENT, async (event, context) => {
    await record(event, context);
    if (event.payload.packageId === `${tag}-k:1`) {
      // A bug: the error is caught, but PostgreSQL has already aborted the transaction.
      await context.trx.raw('SELECT 1 / 0').catch(() => {});
    }
  });
  // Published before the consumer starts, so the three arrive in one batch.
  const ids = await publishSeq(h.producerDb, `${tag}-k`, 3);
  await waitFor(
    async () => (await h.producerDb('outbox').whereIn('event_id', ids).whereNull('published_at')).length === 0,
    { what: 'relayed' },
  );
  await bus.start();
  const parked = await waitFor(() => h.consumerDb('parked_events').where({ event_id: ids[1] }).first(), {
    what: 'parked',
  });
  expect(parked.last_error).toMatch(/left its transaction aborted/);
  await waitFor(async () => (await effects(h, tag)).length === 2, { what: 'the other two handled' });
  expect((await effects(h, tag)).map((r) => r.package_id)).toEqual([`${tag}-k:0`, `${tag}-k:2`]);
});

it('gives a run handler consecutive events of its type in one call, and tries them alone when it fails', async () => {
  const tag = uniqueTag('run');
  const bus = createEventBus({ service: CONSUMER, db: h.consumerDb, config: h.config, settings: h.settings });
  h.buses.push(bus);
  const record = recorder({ poison: new Set([`${tag}-k:4`]) });
  const calls: string[][] = [];
  bus.onBatch(EVENT, async (events, context) => {
    calls.push(events.map((e) => e.payload.packageId));
    for (const event of events) await record(event, context);
  });
  // Published before the consumer starts, so they arrive in one batch.
  const ids = await publishSeq(h.producerDb, `${tag}-k`, 3);
  await waitFor(
    async () => (await h.producerDb('outbox').whereIn('event_id', ids).whereNull('published_at')).length === 0,
    { what: 'relayed' },
  );
  await bus.start();
  await waitFor(async () => (await effects(h, tag)).length === 3, { what: 'the three handled' });
  expect(calls).toEqual([[`${tag}-k:0`, `${tag}-k:1`, `${tag}-k:2`]]);

  // One at fault among three: the run fails, then each is tried alone; only that one is parked.
  await bus.stop();
  const more = await publishSeq(h.producerDb, `${tag}-k`, 3, 3);
  await waitFor(
    async () => (await h.producerDb('outbox').whereIn('event_id', more).whereNull('published_at')).length === 0,
    { what: 'relayed' },
  );
  calls.length = 0;
  const again = createEventBus({ service: CONSUMER, db: h.consumerDb, config: h.config, settings: h.settings });
  h.buses.push(again);
  again.onBatch(EVENT, async (events, context) => {
    calls.push(events.map((e) => e.payload.packageId));
    for (const event of events) await record(event, context);
  });
  await again.start();
  await waitFor(() => h.consumerDb('parked_events').where({ event_id: more[1] }).first(), { what: 'parked' });
  await waitFor(async () => (await effects(h, tag)).length === 5, { what: 'the other two handled' });
  expect((await effects(h, tag)).map((r) => r.package_id)).toEqual([0, 1, 2, 3, 5].map((n) => `${tag}-k:${n}`));
  expect(calls[0]).toEqual([3, 4, 5].map((n) => `${tag}-k:${n}`));
  expect(calls.slice(1, 3)).toEqual([[`${tag}-k:3`], [`${tag}-k:4`]]);
});

it('keeps the outbox when the transport is unreachable, with the reason in status and metrics', async () => {
  // A Kafka bus whose broker does not exist: the relay fails, backs off, and never marks a row.
  const bus = createEventBus({
    service: 'catalog',
    db: h.producerDb,
    config: { ...h.config, KAFKA_BROKERS: '127.0.0.1:1' },
    settings: { ...h.settings, retryBaseMs: 50, retryMaxMs: 200, kafka: { retries: 0 } },
  });
  await h.producerBus.stop();
  h.buses.push(bus);
  await bus.start();
  const tag = uniqueTag('unreachable');
  const ids = await publishSeq(h.producerDb, `${tag}-k`, 2);
  await waitFor(() => bus.metrics().relayErrors >= 2, { timeoutMs: 15_000, what: 'relay errors' });
  expect(await h.producerDb('outbox').whereIn('event_id', ids).whereNotNull('published_at')).toHaveLength(0);
  expect(bus.metrics().outboxBacklog).toBeGreaterThanOrEqual(2);

  const lines: string[] = [];
  await runCli(['status'], { db: h.producerDb, locale: 'en', out: (line) => lines.push(line) });
  expect(lines.join('\n')).toMatch(/catalog: \d+ event\(s\) waiting in the outbox \(oldest /);
  expect(lines.join('\n')).toMatch(/last relay error: .*(ECONNREFUSED|Connection|connect)/i);
});
