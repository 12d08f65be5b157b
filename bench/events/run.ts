/**
 * Event backbone benchmark: outbox → consumer latency and throughput on both transports.
 *   npm run bench:events [-- --events 10000 --rate 500 --only postgres|kafka]
 * For each transport it publishes N events through the outbox twice, from a worker thread (its own
 * event loop, as a producing service would be its own process):
 *   steady: at a fixed offered rate, each event its own transaction as a request would → latency
 *   burst:  all at once in transactions of 100 → how fast the backlog drains (throughput)
 * Latency runs from the commit that put the event in the outbox to the consumer's handler.
 * Baseline measured in the same run: a bare NOTIFY → LISTEN round trip on the same server, the floor
 * any PostgreSQL wake-up can reach (and a gauge of how loaded the machine is right now).
 * Target: steady p95 ≤ 100 ms on the PostgreSQL log. The default rate (500/s) is what a small
 * machine's disk sustains in single-event commits (each one flushes the WAL); raise it on bigger ones.
 * PostgreSQL: a fresh database it creates and drops. Kafka: the librdkafka mock cluster
 * (infra/kafka-test-broker), so its figures describe the mock more than a real cluster.
 */
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { topicOf } from '@esim/contracts';
import { createDb, createEventBus, ensureDatabase, migrateService, migrateShared, withDatabase } from '@esim/platform';
import type { PublishJob, PublishReport } from './publisher';
import { dropDatabase } from '../support';
import { startKafkaTestBroker, type KafkaTestBroker } from '../../infra/kafka-test-broker/index';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '10000' },
    rate: { type: 'string', default: '500' },
    only: { type: 'string' },
  },
});
const EVENTS = Number(values.events);
const RATE = Number(values.rate);
const PUBLISHERS = 16;
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/esim';
const dbName = `esim_bench_events_${Date.now()}`;
const url = withDatabase(baseUrl, dbName);
const TYPE = 'catalog.package.deactivated' as const;

interface Result {
  transport: string;
  phase: string;
  events: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Events per second published (offered) and handled (from the first publish to the last arrival). */
  offered: number;
  throughput: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

function summarise(
  transport: string,
  phase: string,
  latencies: number[],
  seconds: number,
  publishSeconds = seconds,
): Result {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    transport,
    phase,
    events: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
    offered: Math.round(sorted.length / publishSeconds),
    throughput: Math.round(sorted.length / seconds),
  };
}

/** Baseline: NOTIFY from one connection, time until another connection's LISTEN sees it. */
async function notifyBaseline(count: number): Promise<Result> {
  const listener = new pg.Client({ connectionString: url });
  const sender = new pg.Client({ connectionString: url });
  await Promise.all([listener.connect(), sender.connect()]);
  await listener.query('LISTEN bench_baseline');
  const latencies: number[] = [];
  let done: () => void = () => {};
  const finished = new Promise<void>((resolve) => (done = resolve));
  listener.on('notification', (message) => {
    latencies.push(performance.now() - Number(message.payload));
    if (latencies.length === count) done();
  });
  const started = performance.now();
  for (let i = 0; i < count; i++)
    await sender.query('SELECT pg_notify($1, $2)', ['bench_baseline', String(performance.now())]);
  await finished;
  const seconds = (performance.now() - started) / 1000;
  await Promise.all([listener.end(), sender.end()]);
  return summarise('baseline', 'NOTIFY→LISTEN', latencies, seconds);
}

async function runTransport(name: string, config: { DATABASE_URL: string; KAFKA_BROKERS?: string }): Promise<Result[]> {
  const producerDb = createDb(url, 'catalog', 4);
  const consumerDb = createDb(url, 'balance', 4);
  const settings = {
    metricsLogIntervalMs: 0,
    kafka: { sessionTimeout: 6_000, heartbeatInterval: 500, maxWaitTimeInMs: 100 },
  };
  // The producing service's relay and the consuming service, as two services would run them.
  const producer = createEventBus({ service: 'catalog', db: producerDb, config, settings });
  const consumer = createEventBus({ service: 'balance', group: `bench-${name}`, db: consumerDb, config, settings });
  const arrivals = new Map<string, number>();
  let expected = 0;
  let allIn: () => void = () => {};
  consumer.on(TYPE, async (event) => {
    arrivals.set(event.id, performance.timeOrigin + performance.now());
    if (arrivals.size === expected) allIn();
  });
  await consumer.start();
  await producer.start();
  // Warm-up (connections, query plans, Kafka metadata and the group join) before anything is timed.
  await phase(200, 'burst');
  const results: Result[] = [];
  for (const kind of ['steady', 'burst'] as const) {
    const { latencies, seconds, publishSeconds } = await phase(EVENTS, kind);
    results.push(summarise(name, kind === 'steady' ? `steady ${RATE}/s` : 'burst', latencies, seconds, publishSeconds));
  }
  await consumer.stop();
  await producer.stop();
  await producerDb.destroy();
  await consumerDb.destroy();
  return results;

  async function phase(count: number, kind: 'steady' | 'burst') {
    arrivals.clear();
    expected = count;
    const arrived = new Promise<void>((resolve) => (allIn = resolve));
    const started = performance.now();
    const job: PublishJob = { url, count, kind, rate: RATE, connections: PUBLISHERS, keys: 100 };
    const report = await new Promise<PublishReport>((resolve, reject) => {
      const worker = new Worker(new URL('./publisher-worker.mjs', import.meta.url), { workerData: job });
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    const timeout = setTimeout(() => {
      console.error(`${name} ${kind}: only ${arrivals.size}/${count} events arrived after 120 s`);
      process.exit(1);
    }, 120_000);
    await arrived;
    clearTimeout(timeout);
    const seconds = (performance.now() - started) / 1000;
    // Outbox → consumer: from the commit that put the event in the outbox to its handler.
    const latencies = report.committed.map(([id, at]) => (arrivals.get(id) ?? NaN) - at);
    return { latencies, seconds, publishSeconds: report.seconds };
  }
}

function printTable(results: Result[]): void {
  const header = ['transport', 'phase', 'events', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'offered/s', 'handled/s'];
  const rows = results.map((r) => [
    r.transport,
    r.phase,
    String(r.events),
    ...[r.p50, r.p95, r.p99, r.max].map((v) => v.toFixed(1)),
    String(r.offered),
    String(r.throughput),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

async function main(): Promise<void> {
  await ensureDatabase(url);
  let broker: KafkaTestBroker | undefined;
  try {
    const shared = createDb(url, 'platform', 2);
    await migrateShared(shared);
    await shared.destroy();
    for (const schema of ['catalog', 'balance']) {
      const db = createDb(url, schema, 2);
      // Only the platform's per-service tables (outbox, inbox, parked events) matter here.
      await migrateService(db, { schema, directory: '/nonexistent-bench-migrations' });
      await db.destroy();
    }
    console.log(`event backbone bench: ${EVENTS} events per phase, steady rate ${RATE}/s, database ${dbName}\n`);
    const results: Result[] = [await notifyBaseline(2_000)];
    if (values.only !== 'kafka') results.push(...(await runTransport('postgres-log', { DATABASE_URL: url })));
    if (values.only !== 'postgres') {
      broker = await startKafkaTestBroker({ topics: [{ name: topicOf(TYPE), partitions: 3 }] });
      results.push(
        ...(await runTransport('kafka (mock)', { DATABASE_URL: url, KAFKA_BROKERS: broker.bootstrap.join(',') })),
      );
    }
    printTable(results);
    const pgSteady = results.find((r) => r.transport === 'postgres-log' && r.phase.startsWith('steady'));
    if (pgSteady)
      console.log(
        `\ntarget p95 ≤ 100 ms on the PostgreSQL log (steady): ${pgSteady.p95.toFixed(1)} ms → ${pgSteady.p95 <= 100 ? 'met' : 'NOT met'}`,
      );
  } finally {
    await broker?.stop();
    await dropDatabase(baseUrl, dbName);
  }
}

await main();
