import { Queue } from 'bullmq';
import type { Knex } from 'knex';
import { bullConnection, bullPrefix } from '@esim/platform';

/**
 * The BullMQ queue of import jobs. The database row is the job's truth (status, counts, errors);
 * the queue entry only wakes a worker. If the entry is lost (Redis restarted without persistence,
 * enqueue failed), the recovery sweep (`requeueStale`) queues the job again.
 */
export const IMPORT_QUEUE = 'physical-sim-imports';

export interface ImportJobData {
  importId: string;
}

export function createImportQueue(redisUrl: string, redisPrefix: string): Queue<ImportJobData> {
  const queue = new Queue<ImportJobData>(IMPORT_QUEUE, {
    connection: bullConnection(redisUrl),
    prefix: bullPrefix(redisPrefix),
    defaultJobOptions: {
      attempts: 5,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: 1000,
      removeOnFail: 1000,
    },
  });
  // A Redis outage must not crash the process: the sweep re-queues what was lost.
  queue.on('error', () => {});
  return queue;
}

/** Queues a run of the job; `attempt` makes the BullMQ id unique per re-queue (BullMQ ignores a known id). */
export async function enqueueImport(queue: Queue<ImportJobData>, importId: string, attempt = 0): Promise<void> {
  await queue.add('import', { importId }, { jobId: attempt === 0 ? importId : `${importId}-${attempt}` });
}

/**
 * Queues again every unfinished job with no sign of life for `staleAfterMs` (its worker died, or
 * its queue entry vanished with a Redis restart). The heartbeat is bumped in the same statement,
 * so of several sweeping workers only one re-queues a job per period.
 */
export async function requeueStale(db: Knex, queue: Queue<ImportJobData>, staleAfterMs: number): Promise<string[]> {
  const stale = await db('import_jobs')
    .whereIn('status', ['queued', 'processing'])
    .where('heartbeat_at', '<', db.raw(`now() - (? * interval '1 millisecond')`, [staleAfterMs]))
    .update({ heartbeat_at: db.fn.now() })
    .returning('id');
  const ids = stale.map((row: { id: string }) => row.id);
  for (const id of ids) await enqueueImport(queue, id, Date.now());
  return ids;
}
