import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Partitioners } from 'kafkajs';
import type { Knex } from 'knex';
import { topicOf } from '@esim/contracts';
import { createDb } from '../../src/db';
import { createEventBus } from '../../src/events/bus';
import { publish } from '../../src/events/publish';
import type { DeepPartial, EventBusSettings } from '../../src/events/settings';
import type { EventLogger } from '../../src/events/logger';
import type { EventBus, EventHandler } from '../../src/events/types';

/**
 * Shared pieces of the event backbone's tests: a producing service (catalog) and a consuming one
 * (balance) on the test file's own database, a handler that records its effect in the consumer's
 * transaction, and a child process that consumes and then dies like a crashed process.
 */
export const PRODUCER = 'catalog';
export const CONSUMER = 'balance';
export const EVENT = 'catalog.package.deactivated' as const;

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../..');

export interface TransportConfig {
  DATABASE_URL: string;
  KAFKA_BROKERS?: string;
}

export interface Harness {
  config: TransportConfig;
  settings: DeepPartial<EventBusSettings>;
  producerDb: Knex;
  consumerDb: Knex;
  producerBus: EventBus;
  /** Buses the current test started; stopped after it. */
  buses: EventBus[];
  close(): Promise<void>;
}

export async function createHarness(
  config: TransportConfig,
  settings: DeepPartial<EventBusSettings>,
): Promise<Harness> {
  const producerDb = createDb(config.DATABASE_URL, PRODUCER, 4);
  const consumerDb = createDb(config.DATABASE_URL, CONSUMER, 6);
  await consumerDb.raw(`CREATE TABLE IF NOT EXISTS test_effects (
    id bigserial PRIMARY KEY, grp text NOT NULL, event_id uuid NOT NULL, key text NOT NULL,
    package_id text NOT NULL, attempt int NOT NULL, pid int NOT NULL)`);
  // The producing service only relays its outbox (no handlers): it stays up for the whole file.
  const producerBus = createEventBus({ service: PRODUCER, db: producerDb, config, settings, logger: testLogger });
  await producerBus.start();
  const harness: Harness = {
    config,
    settings,
    producerDb,
    consumerDb,
    producerBus,
    buses: [],
    async close() {
      await Promise.all(harness.buses.splice(0).map((bus) => bus.stop()));
      await producerBus.stop();
      await producerDb.destroy();
      await consumerDb.destroy();
    },
  };
  return harness;
}

export interface RecorderOptions {
  group?: string;
  /** Package ids whose handler throws (until removed from the set). */
  poison?: Set<string>;
  onHandled?: (packageId: string) => void;
}

/** The consumer's handler: records the effect in the handler's transaction, fails on poison. */
export function recorder(options: RecorderOptions = {}): EventHandler<typeof EVENT> {
  return async (event, { trx, attempt }) => {
    const packageId = event.payload.packageId;
    if (options.poison?.has(packageId)) throw new Error(`cannot handle ${packageId}`);
    await trx('test_effects').insert({
      grp: options.group ?? CONSUMER,
      event_id: event.id,
      key: event.aggregateId,
      package_id: packageId,
      attempt,
      pid: process.pid,
    });
    options.onHandled?.(packageId);
  };
}

/** Starts a consuming bus of the balance service with the recorder (group defaults to the service). */
/** `EVENTS_TEST_LOG=1` prints the buses' log lines (to see why a delivery is late). */
export const testLogger: EventLogger | undefined = process.env.EVENTS_TEST_LOG
  ? {
      debug() {},
      info: (obj, msg) => console.error('info', msg, JSON.stringify(obj)),
      warn: (obj, msg) => console.error('warn', msg, JSON.stringify(obj)),
      error: (obj, msg) => console.error('error', msg, JSON.stringify(obj)),
    }
  : undefined;

export async function startConsumer(
  h: Harness,
  options: RecorderOptions & { settings?: DeepPartial<EventBusSettings> } = {},
): Promise<EventBus> {
  const bus = createEventBus({
    logger: testLogger,
    service: CONSUMER,
    group: options.group,
    db: h.consumerDb,
    config: h.config,
    settings: { ...h.settings, ...options.settings, kafka: { ...h.settings.kafka, ...options.settings?.kafka } },
  });
  bus.on(EVENT, recorder(options));
  h.buses.push(bus);
  await bus.start();
  return bus;
}

export async function stopBus(h: Harness, bus: EventBus): Promise<void> {
  h.buses.splice(h.buses.indexOf(bus), 1);
  await bus.stop();
}

/** Publishes `count` events for `key` (package ids `key:start` ...), each in its own transaction as a service would. */
export async function publishSeq(db: Knex, key: string, count: number, start = 0): Promise<string[]> {
  const ids: string[] = [];
  for (let seq = start; seq < start + count; seq++) {
    const envelope = await db.transaction((trx) =>
      publish(trx, PRODUCER, { type: EVENT, aggregateId: key, payload: { packageId: `${key}:${seq}` } }),
    );
    ids.push(envelope.id);
  }
  return ids;
}

export interface EffectRow {
  id: number;
  grp: string;
  event_id: string;
  key: string;
  package_id: string;
  attempt: number;
  pid: number;
}

export async function effects(h: Harness, keyPrefix: string): Promise<EffectRow[]> {
  return h.consumerDb('test_effects').where('key', 'like', `${keyPrefix}%`).orderBy('id');
}

/** Waits until every outbox row of the producer is handed to the transport. */
export async function outboxDrained(h: Harness): Promise<boolean> {
  const row = await h.producerDb('outbox').whereNull('published_at').count<{ count: string }[]>('* as count').first();
  return Number(row?.count) === 0;
}

export const uniqueTag = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * A unique tag whose keys `${tag}-k0` .. `${tag}-k${keys - 1}` land on every one of the topic's
 * `partitions` (the transport's default murmur2 partitioner), so every consumer of a group gets
 * some of them whatever partitions it is assigned: 12 random keys miss a given one of 3 partitions
 * in about 1 tag of 130.
 */
export function uniqueTagOnEveryPartition(name: string, keys: number, partitions: number): string {
  const partitioner = Partitioners.DefaultPartitioner();
  const partitionMetadata = Array.from({ length: partitions }, (_, partitionId) => ({
    partitionId,
    leader: 0,
    partitionErrorCode: 0,
    replicas: [],
    isr: [],
  }));
  for (;;) {
    const tag = uniqueTag(name);
    const used = new Set(
      Array.from({ length: keys }, (_, i) =>
        partitioner({ topic: topicOf(EVENT), partitionMetadata, message: { key: `${tag}-k${i}`, value: null } }),
      ),
    );
    if (used.size === partitions) return tag;
  }
}

/**
 * Runs `crashing-consumer.ts` in a child process: it consumes as group `group` and SIGKILLs itself
 * inside the handler (after writing the effect, before the commit) of the `crashAt`-th event it
 * handles or of a package in `crashOn` (comma-separated ids). Resolves with the signal it died of.
 */
export function runCrashingConsumer(
  h: Harness,
  options: {
    group?: string;
    crashOn?: string;
    crashAt?: number;
    timeoutMs?: number;
    /** Called with the child's partitions each time they change (`[]` after a failed join). */
    onAssignments?: (assignments: string[]) => void;
  },
): Promise<NodeJS.Signals | number | null> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'crashing-consumer.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: h.config.DATABASE_URL,
      KAFKA_BROKERS: h.config.KAFKA_BROKERS ?? '',
      TEST_GROUP: options.group ?? CONSUMER,
      TEST_CRASH_ON: options.crashOn ?? '',
      TEST_CRASH_AT: String(options.crashAt ?? 0),
      TEST_SETTINGS: JSON.stringify(h.settings),
    },
  });
  let stderr = '';
  let partial = '';
  child.stderr.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    stderr = (stderr + text).slice(-4000);
    const lines = (partial + text).split('\n');
    partial = lines.pop()!;
    for (const line of lines) {
      if (process.env.EVENTS_TEST_LOG) console.error(`child: ${line}`);
      if (line.startsWith('ASSIGNMENTS '))
        options.onAssignments?.(JSON.parse(line.slice('ASSIGNMENTS '.length)) as string[]);
    }
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`crashing consumer did not crash in time\n${stderr}`));
    }, options.timeoutMs ?? 30_000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (signal === 'SIGKILL') resolve(signal);
      else reject(new Error(`crashing consumer exited with ${signal ?? code}\n${stderr}`));
    });
  });
}
