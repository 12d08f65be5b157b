import type { Knex } from 'knex';
import { ConsumerStoppedError, type EventConsumer } from './consumer';
import type { EventLogger } from './logger';
import type { MetricsRegistry } from './metrics';
import { LOCK_NAMESPACE, type OutboxSink } from './outbox-relay';
import { PollingWorker } from './polling-worker';
import type { EventBusSettings } from './settings';
import type { Transport } from './transport';

/** NOTIFY channel of the PostgreSQL event log; the payload lists the topics just appended. */
export const EVENT_LOG_CHANNEL = 'event_log';

/**
 * Moves outbox rows to `platform.event_log` and marks them published in ONE transaction, so a row
 * is marked exactly when it is in the log. Every relay of every service appends under one advisory
 * lock held until commit: positions are handed out in commit order, and a consumer that has seen
 * position P has seen everything before it. The whole pass is one round trip (a multi-statement
 * simple query runs as one implicit transaction, released with its locks at its end): the relay
 * sits on the latency path of every event.
 */
export const pgLogSink: OutboxSink = {
  async relayPass(db: Knex, batchSize: number): Promise<number> {
    const limit = Math.max(1, Math.floor(batchSize));
    const results = await db.raw(
      `SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext('outbox:' || current_schema()));
       SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}, 0);
       WITH batch AS (
              SELECT position FROM outbox WHERE published_at IS NULL ORDER BY position LIMIT ${limit}),
            appended AS (
              INSERT INTO platform.event_log (event_id, topic, type, key, producer, envelope)
              SELECT o.event_id, o.topic, o.type, o.aggregate_id, o.envelope->>'producer', o.envelope
                FROM outbox o JOIN batch b ON b.position = o.position ORDER BY o.position
              RETURNING topic),
            marked AS (
              UPDATE outbox o SET published_at = now(), attempts = o.attempts + 1, last_error = NULL
                FROM batch b WHERE o.position = b.position RETURNING 1),
            topics AS (SELECT string_agg(DISTINCT topic, ',') AS list FROM appended)
       SELECT (SELECT count(*) FROM marked)::int AS relayed,
              (SELECT pg_notify('${EVENT_LOG_CHANNEL}', left(list, 7000)) FROM topics WHERE list IS NOT NULL) AS notified;`,
    );
    const last = (results as Array<{ rows: Array<{ relayed: number }> }>).at(-1);
    return last?.rows[0]?.relayed ?? 0;
  },
};

interface LogRow {
  /** Null when the group has nothing to read (the LEFT JOIN found no row). */
  position: number | null;
  topic: string;
  envelope: unknown;
}

/**
 * A consumer group reading the PostgreSQL log after its offset, in log order (so per key too).
 * The transaction that settles a batch also advances the offset: effects and offset commit
 * together. Several processes of one service may run this loop at once: the offset row's lock
 * and the "still after the offset?" filter let exactly one of them settle each event.
 */
export class PgLogConsumer extends PollingWorker {
  constructor(
    private readonly options: {
      db: Knex;
      group: string;
      consumer: EventConsumer;
      topics: string[];
      settings: EventBusSettings;
      metrics: MetricsRegistry;
      logger: EventLogger;
    },
  ) {
    super(options.settings);
  }

  override async start(): Promise<void> {
    await this.options.db.raw('INSERT INTO platform.consumer_offsets (group_id) VALUES (?) ON CONFLICT DO NOTHING', [this.options.group]);
    super.start();
  }

  /** A NOTIFY on the log: wake only if one of our topics was appended (or we cannot tell). */
  notify(payload: string): void {
    if (!payload || payload.split(',').some((topic) => this.options.topics.includes(topic))) this.wake();
  }

  override async stop(): Promise<void> {
    this.options.consumer.stop();
    await super.stop();
  }

  protected pollFailed(error: unknown, retryInMs: number): 'stop' | void {
    if (error instanceof ConsumerStoppedError) return 'stop';
    this.options.logger.warn({ err: error, group: this.options.group, retryInMs }, 'event log consumer failed, retrying');
  }

  /** Reads one batch after the group's offset and settles it. True when the batch was full. */
  protected async poll(): Promise<boolean> {
    const { db, group, consumer, settings, metrics } = this.options;
    // One round trip: the group's offset, the log's head, and the next batch of our events up to it.
    const result = await db.raw(
      `WITH o AS (SELECT position FROM platform.consumer_offsets WHERE group_id = ?),
            h AS (SELECT coalesce(max(position), 0) AS head FROM platform.event_log)
       SELECT o.position AS "offset", h.head, l.position, l.topic, l.envelope
         FROM o CROSS JOIN h
         LEFT JOIN LATERAL (
           SELECT position, topic, envelope FROM platform.event_log
            WHERE position > o.position AND position <= h.head AND type = ANY(?)
            ORDER BY position LIMIT ?) l ON true`,
      [group, consumer.types, settings.consumerBatchSize],
    );
    const first = result.rows[0] as (LogRow & { offset: number; head: number }) | undefined;
    const offset = Number(first?.offset ?? 0);
    const head = Number(first?.head ?? 0);
    metrics.setLag('log', head - offset);
    if (head <= offset) return false;
    const rows = (result.rows as LogRow[]).filter((row) => row.position !== null);
    if (!this.running) return false;
    const deliveries = rows.map((row) => ({ message: row.envelope, topic: row.topic, source: `log:${row.position}`, position: Number(row.position) }));
    if (!deliveries.length) {
      // Nothing of ours up to `head`: step over the rest (other services' events), lag is 0.
      await db.raw('UPDATE platform.consumer_offsets SET position = ?, updated_at = now() WHERE group_id = ? AND position < ?', [head, group, head]);
      metrics.setLag('log', 0);
      return false;
    }
    // A short batch holds every event of ours up to `head`: settling its last one may move the offset to `head`.
    const complete = rows.length < settings.consumerBatchSize;
    const final = deliveries[deliveries.length - 1];
    await consumer.handleBatch(deliveries, {
      pending: async (trx, batch) => {
        // Holding the offset row until commit: another process of this service waits, then sees our offset.
        const locked = await trx.raw('SELECT position FROM platform.consumer_offsets WHERE group_id = ? FOR UPDATE', [group]);
        const current = Number(locked.rows[0]?.position ?? 0);
        return batch.filter((delivery) => delivery.position > current);
      },
      settled: async (trx, last) => {
        const position = complete && last === final ? head : last.position;
        await trx.raw('UPDATE platform.consumer_offsets SET position = ?, updated_at = now() WHERE group_id = ?', [position, group]);
        metrics.setLag('log', head - position);
      },
    });
    return !complete;
  }
}

/** The embedded transport: the outbox relay appends to the log, the group's consumer reads it. */
export class PgLogTransport implements Transport {
  readonly name = 'postgres' as const;
  readonly sink = pgLogSink;
  readonly channels = [EVENT_LOG_CHANNEL];
  private consumers: PgLogConsumer[] = [];

  constructor(
    private readonly options: { db: Knex; settings: EventBusSettings; metrics: MetricsRegistry; logger: EventLogger },
  ) {}

  async startConsumer(consumer: EventConsumer, group: string, topics: string[]): Promise<void> {
    const logConsumer = new PgLogConsumer({ ...this.options, group, consumer, topics });
    await logConsumer.start();
    this.consumers.push(logConsumer);
  }

  notify(channel: string, payload: string): void {
    if (channel === EVENT_LOG_CHANNEL) for (const consumer of this.consumers) consumer.notify(payload);
  }

  wake(): void {
    for (const consumer of this.consumers) consumer.wake();
  }

  async stop(): Promise<void> {
    await Promise.all(this.consumers.map((consumer) => consumer.stop()));
    this.consumers = [];
  }
}
