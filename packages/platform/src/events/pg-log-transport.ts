import type { Knex } from 'knex';
import { ConsumerStoppedError, type Delivery, type EventConsumer, type SettleHooks } from './consumer';
import { EVENT_LOG_PARTITIONS, LogMembership, partitionSql } from './log-membership';
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
              INSERT INTO platform.event_log (event_id, topic, type, key, partition, producer, envelope)
              SELECT o.event_id, o.topic, o.type, o.aggregate_id, ${partitionSql('o.aggregate_id')}, o.envelope->>'producer', o.envelope
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
  partition: number;
  offset: string;
  head: string;
  /** Events of ours after the partition's offset (at most one batch). */
  waiting: number;
  /** Null when none of them is in this pass's batch (the LEFT JOIN found no row). */
  position: string | null;
  topic: string;
  envelope: unknown;
}

interface LogDelivery extends Delivery {
  position: number;
  partition: number;
}

/**
 * A consumer group reading the PostgreSQL log, one offset per partition. Each process of the group
 * reads the partitions its `LogMembership` gives it, all in one query and in log order, and settles
 * a batch in one transaction that also advances the offsets: effects and offsets commit together.
 * A failing event holds only its partition (its key's events) while it is retried on the side; the
 * other partitions go on. The offset rows' locks and the "still after the offset?" filter let exactly
 * one process settle each event, even while two briefly read one partition when members come and go.
 */
export class PgLogConsumer extends PollingWorker {
  private readonly membership: LogMembership;
  /** Partitions whose failing event is being retried, with the retry's promise. */
  private readonly held = new Map<number, Promise<void>>();

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
    this.membership = new LogMembership({
      db: options.db,
      group: options.group,
      heartbeatMs: options.settings.memberHeartbeatMs,
      timeoutMs: options.settings.memberTimeoutMs,
      logger: options.logger,
      onChange: (partitions) => {
        options.metrics.setAssignments(partitions.map((p) => `event_log/${p}`));
        options.logger.info(
          { group: options.group, member: this.membership.memberId, partitions },
          'event log partitions assigned',
        );
        this.wake();
      },
    });
  }

  override async start(): Promise<void> {
    // Every partition has its offset row; partitions new to a group start where the group's slowest one is.
    await this.options.db.raw(
      `INSERT INTO platform.consumer_offsets (group_id, partition, position)
       SELECT ?, p, coalesce((SELECT min(position) FROM platform.consumer_offsets WHERE group_id = ?), 0)
         FROM generate_series(0, ?) AS p
       ON CONFLICT DO NOTHING`,
      [this.options.group, this.options.group, EVENT_LOG_PARTITIONS - 1],
    );
    await this.membership.start();
    super.start();
  }

  /** A NOTIFY on the log: wake only if one of our topics was appended (or we cannot tell). */
  notify(payload: string): void {
    if (!payload || payload.split(',').some((topic) => this.options.topics.includes(topic))) this.wake();
  }

  override async stop(): Promise<void> {
    this.options.consumer.stop();
    await super.stop();
    await Promise.all(this.held.values());
    await this.membership.stop();
  }

  protected pollFailed(error: unknown, retryInMs: number): 'stop' | void {
    if (error instanceof ConsumerStoppedError) return 'stop';
    this.options.logger.warn(
      { err: error, group: this.options.group, retryInMs },
      'event log consumer failed, retrying',
    );
  }

  /** Reads one batch of our partitions after their offsets and settles it. True when more is waiting. */
  protected async poll(): Promise<boolean> {
    const { db, group, consumer, settings, metrics } = this.options;
    const partitions = this.membership.partitions.filter((p) => !this.held.has(p));
    if (!partitions.length) return false;
    const limit = settings.consumerBatchSize;
    // One round trip: the offsets, the log's head, how many of our events wait in each partition up
    // to the head, and the oldest `limit` of them across the partitions.
    const result = await db.raw(
      `WITH o AS (SELECT partition, position FROM platform.consumer_offsets WHERE group_id = ? AND partition = ANY(?::int[])),
            h AS (SELECT coalesce(max(position), 0) AS head FROM platform.event_log),
            waiting AS (
              SELECT o.partition, l.position FROM o CROSS JOIN h CROSS JOIN LATERAL (
                SELECT position FROM platform.event_log
                 WHERE partition = o.partition AND position > o.position AND position <= h.head AND type = ANY(?)
                 ORDER BY position LIMIT ?) l),
            batch AS (SELECT partition, position FROM waiting ORDER BY position LIMIT ?)
       SELECT o.partition, o.position AS "offset", h.head,
              (SELECT count(*) FROM waiting w WHERE w.partition = o.partition)::int AS waiting,
              e.position, e.topic, e.envelope
         FROM o CROSS JOIN h
         LEFT JOIN batch b ON b.partition = o.partition
         LEFT JOIN platform.event_log e ON e.position = b.position
        ORDER BY e.position`,
      [group, partitions, consumer.types, limit, limit],
    );
    if (!this.running) return false;
    const rows = result.rows as LogRow[];
    const head = Number(rows[0]?.head ?? 0);
    const waiting = new Map<number, number>();
    const behind: number[] = [];
    for (const row of rows) {
      if (waiting.has(row.partition)) continue;
      waiting.set(row.partition, row.waiting);
      metrics.setLag(`log:event_log/${row.partition}`, row.waiting);
      if (row.waiting === 0 && Number(row.offset) < head) behind.push(row.partition);
    }
    const deliveries: LogDelivery[] = rows
      .filter((row) => row.position !== null)
      .map((row) => ({
        message: row.envelope,
        topic: row.topic,
        source: `log:${row.position}`,
        position: Number(row.position),
        partition: row.partition,
      }));
    if (!deliveries.length) {
      // Nothing of ours up to `head` there: step over the rest (other services' events). With a batch
      // to settle, the step is taken by the batch's own offset update instead (one statement fewer).
      if (behind.length)
        await db.raw(
          'UPDATE platform.consumer_offsets SET position = ?, updated_at = now() WHERE group_id = ? AND partition = ANY(?::int[]) AND position < ?',
          [head, group, behind, head],
        );
      return false;
    }
    // A partition whose every waiting event is in the batch: settling its last one may move its offset to `head`.
    const inBatch = new Map<number, LogDelivery>();
    const counts = new Map<number, number>();
    for (const delivery of deliveries) {
      inBatch.set(delivery.partition, delivery);
      counts.set(delivery.partition, (counts.get(delivery.partition) ?? 0) + 1);
    }
    const finals = new Set(
      [...inBatch].filter(([p]) => counts.get(p) === waiting.get(p) && counts.get(p)! < limit).map(([, last]) => last),
    );
    const hooks: SettleHooks<LogDelivery> = {
      pending: async (trx, batch) => {
        // Holding the offset rows until commit: another process of the group waits, then sees our offsets.
        const locked = await trx.raw(
          'SELECT partition, position FROM platform.consumer_offsets WHERE group_id = ? AND partition = ANY(?::int[]) ORDER BY partition FOR UPDATE',
          [group, [...new Set(batch.map((d) => d.partition))]],
        );
        const current = new Map(
          (locked.rows as Array<{ partition: number; position: string }>).map((row) => [
            row.partition,
            Number(row.position),
          ]),
        );
        return batch.filter((delivery) => delivery.position > (current.get(delivery.partition) ?? 0));
      },
      settled: async (trx, settled) => {
        const last = new Map<number, LogDelivery>();
        for (const delivery of settled) last.set(delivery.partition, delivery);
        const moves = [...last.values()].map((d) => ({
          partition: d.partition,
          position: finals.has(d) ? head : d.position,
        }));
        // The partitions with nothing of ours up to `head` (none of them is in the batch) step over it here.
        for (const partition of behind) moves.push({ partition, position: head });
        await trx.raw(
          `UPDATE platform.consumer_offsets o SET position = v.position, updated_at = now()
             FROM unnest(?::int[], ?::bigint[]) AS v(partition, position)
            WHERE o.group_id = ? AND o.partition = v.partition AND o.position < v.position`,
          [moves.map((m) => m.partition), moves.map((m) => m.position), group],
        );
        for (const d of last.values()) {
          const left = deliveries.filter(
            (other) => other.partition === d.partition && other.position > d.position,
          ).length;
          metrics.setLag(
            `log:event_log/${d.partition}`,
            left + (waiting.get(d.partition) ?? 0) - (counts.get(d.partition) ?? 0),
          );
        }
      },
      streams: {
        of: (delivery) => delivery.partition,
        hold: (delivery, error) => {
          const earlier = held.get(delivery.partition);
          if (!earlier || delivery.position < earlier.delivery.position)
            held.set(delivery.partition, { delivery, error });
        },
      },
    };
    // Retries start once the batch is settled: the held partition's events before the failing one
    // must commit before it can (a retry that committed first would move the offset past them).
    const held = new Map<number, { delivery: LogDelivery; error: unknown }>();
    await consumer.handleBatch(deliveries, hooks);
    for (const { delivery, error } of held.values()) this.hold(delivery, error, hooks);
    return deliveries.length >= limit || [...waiting.values()].some((n) => n >= limit);
  }

  /** Retries a failing event on the side; its partition is left out of the passes until it is settled or parked. */
  private hold(delivery: LogDelivery, error: unknown, hooks: SettleHooks<LogDelivery>): void {
    const retry = this.options.consumer
      .retryFailed(delivery, error, hooks)
      .catch((failure: unknown) => {
        if (failure instanceof ConsumerStoppedError) return;
        this.options.logger.warn(
          { err: failure, group: this.options.group, partition: delivery.partition },
          'event log retry failed; the partition is read again',
        );
      })
      .finally(() => {
        this.held.delete(delivery.partition);
        this.wake();
      });
    this.held.set(delivery.partition, retry);
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
