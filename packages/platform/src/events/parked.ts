import type { Knex } from 'knex';
import { ConsumerStoppedError, type EventConsumer, type ParkedFailure } from './consumer';
import type { EventLogger } from './logger';
import type { MetricsRegistry } from './metrics';
import { PollingWorker } from './polling-worker';
import type { EventBusSettings } from './settings';

/** NOTIFY channel the CLI pings when it re-queues a parked message of a schema. */
export const parkedChannel = (schema: string) => `parked_${schema}`;

interface RequeuedRow {
  id: string;
  topic: string | null;
  envelope: unknown;
  source: string;
}

/**
 * Runs the parked messages an operator re-queued through the consumer again (same inbox, same
 * retries). Success resolves the row; another failure parks it again with the new error. Works the
 * same for both transports: parked rows live in the service's own schema.
 */
export class ParkedRequeueWorker extends PollingWorker {
  constructor(
    private readonly options: {
      db: Knex;
      group: string;
      consumer: EventConsumer;
      settings: EventBusSettings;
      metrics: MetricsRegistry;
      logger: EventLogger;
    },
  ) {
    super(options.settings);
  }

  protected pollFailed(error: unknown): 'stop' | void {
    if (error instanceof ConsumerStoppedError) return 'stop';
    this.options.logger.warn(
      { err: error, group: this.options.group },
      'running re-queued parked events failed, retrying',
    );
  }

  /** Runs one batch of re-queued rows; never asks to go again at once (a batch is at most 50 rows). */
  protected async poll(): Promise<boolean> {
    const { db, group, consumer, metrics, logger } = this.options;
    const result = await db.raw(
      `SELECT id, topic, envelope, source FROM parked_events
        WHERE consumer = ? AND status = 'requeued' ORDER BY requeued_at, parked_at LIMIT 50`,
      [group],
    );
    for (const row of result.rows as RequeuedRow[]) {
      if (!this.running) return false;
      const type = (row.envelope as { type?: unknown } | null)?.type;
      if (typeof type !== 'string' || !consumer.types.includes(type)) {
        // This service does not handle it (any more): back to the parking lot, with the reason.
        await db.raw(`UPDATE parked_events SET status = 'parked', last_error = ?, parked_at = now() WHERE id = ?`, [
          'no handler for this event type in this service',
          row.id,
        ]);
        continue;
      }
      let resolved = false;
      await consumer.handle(
        {
          message: row.envelope,
          topic: row.topic ?? '',
          source: row.source,
          park: (trx, failure) => parkAgain(trx, row.id, failure),
        },
        {
          pending: async (trx, batch) => ((await stillRequeued(trx, row.id)) ? batch : []),
          // Also runs after a failure parked it again (status 'parked' then): only a success resolves it.
          settled: async (trx) => {
            const result = await trx.raw(
              `UPDATE parked_events SET status = 'resolved', resolved_at = now() WHERE id = ? AND status = 'requeued'`,
              [row.id],
            );
            resolved = Boolean(result.rowCount);
          },
        },
      );
      if (resolved) {
        metrics.inc('unparked');
        logger.info({ consumer: group, parkedId: row.id }, 're-queued parked event settled');
      }
    }
    return false;
  }
}

/** Locks the row; false when another process already took it. */
async function stillRequeued(trx: Knex.Transaction, id: string): Promise<boolean> {
  const result = await trx.raw(`SELECT 1 FROM parked_events WHERE id = ? AND status = 'requeued' FOR UPDATE`, [id]);
  return Boolean(result.rowCount);
}

async function parkAgain(trx: Knex.Transaction, id: string, failure: ParkedFailure): Promise<void> {
  await trx.raw(
    `UPDATE parked_events SET status = 'parked', resolved_at = NULL, parked_at = now(), attempts = attempts + ?, last_error = ? WHERE id = ?`,
    [failure.attempts, failure.error.slice(0, 4000), id],
  );
}
