import type { FastifyInstance } from 'fastify';
import '../health';
import '../serving';
import type { Knex } from 'knex';
import { topicOf, type EventType } from '@esim/contracts';
import type { BaseConfig } from '../config';
import { EventConsumer } from './consumer';
import { KafkaTransport } from './kafka-transport';
import { silentLogger, type EventLogger } from './logger';
import { MetricsRegistry, type EventBusMetrics } from './metrics';
import { NotifyListener } from './notify-listener';
import { OutboxRelay } from './outbox-relay';
import { ParkedRequeueWorker, parkedChannel } from './parked';
import { PgLogTransport } from './pg-log-transport';
import { outboxChannel } from './publish';
import { eventBusSettings, type DeepPartial, type EventBusSettings } from './settings';
import type { Transport } from './transport';
import type { EventBatchHandler, EventBus, EventHandler, RegisteredHandler } from './types';

export interface CreateEventBusOptions {
  /** The service: its consumer group and Kafka client id. */
  service: string;
  /** The service's pool (search_path = its schema: outbox, inbox and parked_events live there). */
  db: Knex;
  config: Pick<BaseConfig, 'DATABASE_URL' | 'KAFKA_BROKERS'>;
  logger?: EventLogger;
  /** Consumer group, when it must differ from the service name (tests). */
  group?: string;
  /** The service's schema; read from the pool when omitted. */
  schema?: string;
  settings?: DeepPartial<EventBusSettings>;
}

/**
 * The event bus of one service process: the outbox relay of its schema, and one consumer group
 * (the service) for the events it registered handlers for. Kafka when `KAFKA_BROKERS` is set,
 * the embedded PostgreSQL log otherwise. Nothing runs until `start()`.
 */
export function createEventBus(options: CreateEventBusOptions): EventBus {
  const settings = eventBusSettings(options.settings);
  const logger = options.logger ?? silentLogger;
  const group = options.group ?? options.service;
  const brokers =
    options.config.KAFKA_BROKERS?.split(',')
      .map((b) => b.trim())
      .filter(Boolean) ?? [];
  const metrics = new MetricsRegistry(options.service, brokers.length ? 'kafka' : 'postgres');
  const handlers = new Map<string, RegisteredHandler>();

  let state: 'idle' | 'starting' | 'running' | 'stopped' = 'idle';
  let running: Running | undefined;
  let starting: Promise<void> | undefined;
  // The consumer's last sign of progress (an event handled, or nothing waiting), for problem().
  let progress = { count: 0, at: Date.now() };

  interface Running {
    transport: Transport;
    relay: OutboxRelay;
    listener: NotifyListener;
    consumer?: EventConsumer;
    requeue?: ParkedRequeueWorker;
    timer?: NodeJS.Timeout;
  }

  async function boot(): Promise<void> {
    const { db } = options;
    const schema = options.schema ?? ((await db.raw('SELECT current_schema() AS schema')).rows[0].schema as string);
    const transport: Transport = brokers.length
      ? new KafkaTransport({ brokers, clientId: options.service, settings, metrics, logger })
      : new PgLogTransport({ db, settings, metrics, logger });
    const relay = new OutboxRelay({ db, schema, sink: transport.sink, settings, metrics, logger });
    const consumer = handlers.size
      ? new EventConsumer({ db, consumer: group, handlers, settings, metrics, logger })
      : undefined;
    const requeue = consumer ? new ParkedRequeueWorker({ db, group, consumer, settings, metrics, logger }) : undefined;

    const listener = new NotifyListener({
      url: options.config.DATABASE_URL,
      channels: [outboxChannel(schema), ...(consumer ? [parkedChannel(schema), ...transport.channels] : [])],
      onNotify: (channel, payload) => {
        if (channel === outboxChannel(schema)) relay.wake();
        else if (channel === parkedChannel(schema)) requeue?.wake();
        else transport.notify?.(channel, payload);
      },
      onReconnect: () => {
        relay.wake();
        requeue?.wake();
        transport.wake?.();
      },
      logger,
    });
    running = { transport, relay, listener, consumer, requeue };
    await listener.start();
    relay.start();
    if (consumer) {
      const topics = [...new Set([...handlers.keys()].map(topicOf))];
      await transport.startConsumer(consumer, group, topics);
      requeue?.start();
    }
    if (settings.metricsLogIntervalMs > 0) {
      running.timer = setInterval(() => void logMetrics(schema), settings.metricsLogIntervalMs);
      running.timer.unref();
    }
    logger.info(
      { service: options.service, group, schema, transport: transport.name, handles: [...handlers.keys()] },
      'event bus started',
    );
  }

  async function logMetrics(schema: string): Promise<void> {
    try {
      const backlog = await options.db.raw('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL');
      metrics.setBacklog(backlog.rows[0].n as number);
    } catch {
      // The database is down: the relay and consumers log that themselves.
    }
    const snapshot = metrics.snapshot();
    const stuck = snapshot.lag > 0 || snapshot.outboxBacklog > 0 || snapshot.parked > 0;
    (stuck ? logger.warn : logger.info).call(logger, { schema, ...snapshot }, 'event bus metrics');
  }

  async function shutdown(): Promise<void> {
    const r = running;
    running = undefined;
    if (!r) return;
    if (r.timer) clearInterval(r.timer);
    // Consumers first (their retry waits end at once), then the relay, then the connections.
    r.consumer?.stop();
    await r.requeue?.stop();
    await r.transport.stop();
    await r.relay.stop();
    await r.listener.stop();
  }

  function register(type: EventType, handler: RegisteredHandler): void {
    if (state !== 'idle')
      throw new Error(`event bus of ${options.service}: register handlers before start() (${type})`);
    if (handlers.has(type)) throw new Error(`event bus of ${options.service}: ${type} already has a handler`);
    handlers.set(type, handler);
  }

  return {
    on<T extends EventType>(type: T, handler: EventHandler<T>): void {
      register(type, { one: handler as unknown as EventHandler });
    },
    onBatch<T extends EventType>(type: T, handler: EventBatchHandler<T>): void {
      register(type, { many: handler as unknown as EventBatchHandler });
    },
    async start(): Promise<void> {
      if (state === 'stopped') throw new Error(`event bus of ${options.service} was stopped; create a new one`);
      if (state !== 'idle') return starting;
      state = 'starting';
      starting = boot().then(
        () => {
          state = 'running';
          progress = { count: 0, at: Date.now() };
        },
        async (error: unknown) => {
          await shutdown().catch(() => {});
          state = 'idle';
          throw error;
        },
      );
      return starting;
    },
    async stop(): Promise<void> {
      if (state === 'starting') await starting?.catch(() => {});
      state = 'stopped';
      await shutdown();
    },
    metrics(): EventBusMetrics {
      return metrics.snapshot();
    },
    async problem(staleAfterMs: number): Promise<string | null> {
      if (state !== 'running') return `the event bus of ${options.service} is not running`;
      const problems: string[] = [];
      const outbox = await options.db.raw(
        `SELECT count(*)::int AS waiting, extract(epoch FROM now() - min(created_at)) AS age_s FROM outbox WHERE published_at IS NULL`,
      );
      const { waiting, age_s: ageSeconds } = outbox.rows[0] as { waiting: number; age_s: string | null };
      if (waiting > 0 && Number(ageSeconds) * 1000 > staleAfterMs) {
        problems.push(
          `${waiting} events of ${options.service} waiting in the outbox, the oldest for ${Math.round(Number(ageSeconds))} s`,
        );
      }
      const snapshot = metrics.snapshot();
      const handled = snapshot.handled + snapshot.duplicates + snapshot.parked;
      if (snapshot.lag === 0 || handled !== progress.count) progress = { count: handled, at: Date.now() };
      else if (Date.now() - progress.at > staleAfterMs) {
        problems.push(
          `${snapshot.lag} events waiting for ${group}, none handled for ${Math.round((Date.now() - progress.at) / 1000)} s`,
        );
      }
      return problems.length ? problems.join('; ') : null;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    events: EventBus;
  }
}

/**
 * Gives a service app its bus as `app.events`, on the app's pool, config and logger. Running the
 * service (runService) starts it, `/ready` reports it degraded when events wait longer than
 * EVENTS_STALE_AFTER_SECONDS, and closing the app stops it before the pool closes. Tests that build
 * the app without running it start the bus when they need deliveries.
 */
export function attachEventBus(
  app: FastifyInstance,
  options: { service: string; settings?: DeepPartial<EventBusSettings> },
): EventBus {
  const bus = createEventBus({
    service: options.service,
    db: app.db,
    config: app.config,
    logger: app.log,
    settings: options.settings,
  });
  app.decorate('events', bus);
  app.whileServing({ name: 'event bus', start: () => bus.start(), stop: () => bus.stop() });
  app.addDegradationCheck('events', () => bus.problem(app.config.EVENTS_STALE_AFTER_SECONDS * 1000));
  app.addHook('preClose', async () => {
    await bus.stop();
  });
  return bus;
}
