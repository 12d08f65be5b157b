import type { Knex } from 'knex';
import type { EventLogger } from './logger';
import type { MetricsRegistry } from './metrics';
import { PollingWorker } from './polling-worker';
import type { EventBusSettings } from './settings';

export interface OutboxRow {
  position: number;
  event_id: string;
  type: string;
  topic: string;
  aggregate_id: string;
  envelope: Record<string, unknown>;
}

/** Where the relay hands outbox rows: Kafka (`deliver`), or the PostgreSQL log (`relayPass`, all in the database). */
export interface OutboxSink {
  /** Hands over rows read in the relay's transaction; it marks them published once this resolves. */
  deliver?(trx: Knex.Transaction, rows: OutboxRow[]): Promise<void>;
  /** Or does a whole pass itself (lock, move, mark) and returns how many rows it moved. */
  relayPass?(db: Knex, batchSize: number): Promise<number>;
}

/** Advisory-lock namespace of the event backbone (two-int keys: [namespace, hash]). */
export const LOCK_NAMESPACE = 727100;

/**
 * Moves one service schema's outbox to the transport, oldest first. One pass runs in one
 * transaction under a per-schema advisory lock, so when the service runs as several processes
 * only one relays at a time and the order of the rows is the order they are published in; a row is
 * marked published in the same transaction that delivered it (the PG log), or right after the
 * broker acknowledged it (Kafka: a crash in between republishes, consumers' inboxes dedupe).
 */
export class OutboxRelay extends PollingWorker {
  constructor(
    private readonly options: {
      db: Knex;
      schema: string;
      sink: OutboxSink;
      settings: EventBusSettings;
      metrics: MetricsRegistry;
      logger: EventLogger;
    },
  ) {
    super(options.settings);
  }

  protected async poll(): Promise<boolean> {
    // A full batch means more is waiting: go again at once.
    return (await this.pass()) === this.options.settings.relayBatchSize;
  }

  protected async pollFailed(error: unknown, retryInMs: number): Promise<void> {
    const { metrics, logger, schema } = this.options;
    metrics.inc('relayErrors');
    logger.warn({ err: error, schema, retryInMs }, 'outbox relay failed, retrying');
    await this.recordFailure(error).catch(() => {});
  }

  /** One batch: lock, read the oldest unpublished rows, deliver, mark. Returns how many it relayed. */
  async pass(): Promise<number> {
    const { db, sink, settings, metrics } = this.options;
    const relayed = sink.relayPass ? await sink.relayPass(db, settings.relayBatchSize) : await this.deliverPass();
    metrics.inc('relayed', relayed);
    if (relayed < settings.relayBatchSize) metrics.setBacklog(0);
    return relayed;
  }

  private async deliverPass(): Promise<number> {
    const { db, schema, sink, settings } = this.options;
    return db.transaction(async (trx) => {
      await trx.raw('SELECT pg_advisory_xact_lock(?, hashtext(?))', [LOCK_NAMESPACE, `outbox:${schema}`]);
      const result = await trx.raw(
        `SELECT position, event_id, type, topic, aggregate_id, envelope
           FROM outbox WHERE published_at IS NULL ORDER BY position LIMIT ?`,
        [settings.relayBatchSize],
      );
      const rows = result.rows as OutboxRow[];
      if (!rows.length) return 0;
      await sink.deliver!(trx, rows);
      await trx.raw(
        'UPDATE outbox SET published_at = now(), attempts = attempts + 1, last_error = NULL WHERE position = ANY(?::bigint[])',
        [rows.map((row) => row.position)],
      );
      return rows.length;
    });
  }

  /** Keeps the reason on the oldest stuck row, so `events status` shows why the outbox is not draining. */
  private async recordFailure(error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    await this.options.db.raw(
      `UPDATE outbox SET attempts = attempts + 1, last_error = ?
        WHERE position = (SELECT min(position) FROM outbox WHERE published_at IS NULL)`,
      [message.slice(0, 4000)],
    );
    const backlog = await this.options.db.raw('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL');
    this.options.metrics.setBacklog(backlog.rows[0].n as number);
  }
}
