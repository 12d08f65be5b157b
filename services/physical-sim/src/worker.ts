import { bullConnection, bullPrefix, createDb, createRedis, loggerOptions } from '@esim/platform';
import pino from 'pino';
import { Worker } from 'bullmq';
import { createCatalogClient } from './clients/catalog';
import { loadPhysicalSimConfig } from './config';
import { processImport } from './imports/process';
import { createImportQueue, IMPORT_QUEUE, requeueStale, type ImportJobData } from './imports/queue';
import { failJob } from './imports/process';
import { compactCardCounts } from './cards/counts';
import { WorkerJobCounts } from './imports/metrics';

/**
 * The import worker: its own process (`npm start` runs it beside the service; docker-compose's
 * `physical-sim-worker`, scalable with --scale). Takes import jobs from the BullMQ queue, runs them
 * (src/imports/process.ts), and every few seconds re-queues jobs whose worker died or whose queue
 * entry was lost, so no import stays half-done in silence.
 */
const config = loadPhysicalSimConfig();
const log = pino(loggerOptions('physical-sim-worker', config.NODE_ENV === 'test' ? 'silent' : config.LOG_LEVEL));
// Each running import holds a transaction and writes its progress on a second connection: those two
// are opened now and kept, so a job does not start by connecting (about 50 ms of a 100,000-row run).
const db = createDb(config.DATABASE_URL, 'physical_sim', Math.max(2, config.IMPORT_WORKER_CONCURRENCY * 2 + 1), 2);
await Promise.all([db.raw('SELECT 1'), db.raw('SELECT 1')]);
const catalog = createCatalogClient({ baseUrl: config.CATALOG_URL, token: config.INTERNAL_SERVICE_TOKEN });
const queue = createImportQueue(config.REDIS_URL, config.REDIS_PREFIX);
const redis = createRedis(config.REDIS_URL, config.REDIS_PREFIX);
// A Redis outage must not crash the worker: BullMQ reports it, and the counts are reported again later.
redis.on('error', () => {});
const jobCounts = new WorkerJobCounts(redis);
const reportFailed = (error: unknown) => log.warn({ err: error }, 'reporting import job counts failed');
const reportCounts = () => jobCounts.report().catch(reportFailed);

const packagesOf = (userId: string) => async () =>
  new Map((await catalog.plusPackages(userId)).map((p) => [p.code.toUpperCase(), { id: p.id, name: p.name }]));

const worker = new Worker<ImportJobData>(
  IMPORT_QUEUE,
  async (job) => {
    const importId = job.data.importId;
    const row = await db('import_jobs').where({ id: importId }).first('created_by');
    if (!row) return 'skipped';
    const outcome = await processImport(db, importId, {
      maxRows: config.IMPORT_MAX_ROWS,
      maxRuns: config.IMPORT_MAX_RUNS,
      packages: packagesOf(row.created_by as string),
    });
    log.info({ importId, outcome }, 'import run finished');
    // After a bulk load: the batches' count deltas folded, fresh planner statistics and visibility map.
    if (outcome === 'completed') {
      await compactCardCounts(db).catch((error: unknown) => log.warn({ err: error }, 'card count compaction failed'));
      await db
        .raw('VACUUM (ANALYZE) cards')
        .catch((error: unknown) => log.warn({ err: error }, 'vacuum after import failed'));
    }
    return outcome;
  },
  {
    connection: bullConnection(config.REDIS_URL),
    prefix: bullPrefix(config.REDIS_PREFIX),
    concurrency: config.IMPORT_WORKER_CONCURRENCY,
    lockDuration: Math.max(5_000, config.IMPORT_STALE_AFTER_MS),
    stalledInterval: Math.max(5_000, config.IMPORT_STALE_AFTER_MS),
  },
);
worker.on('error', (error) => log.warn({ err: error }, 'queue connection trouble'));
worker.on('completed', (_job, outcome: string) => void jobCounts.count(outcome).catch(reportFailed));
worker.on('failed', (job, error) => {
  void jobCounts.count('failed').catch(reportFailed);
  if (!job) return;
  log.warn({ importId: job.data.importId, err: error, attempt: job.attemptsMade }, 'import run failed');
  // Out of retries (e.g. the catalog stayed unreachable): the job fails visibly with the reason.
  if (job.attemptsMade >= (job.opts.attempts ?? 1)) {
    void failJob(db, job.data.importId, 'import_failed', { reason: error.message.slice(0, 300) }).catch(() => {});
  }
});

const sweepEvery = Math.max(1000, Math.floor(config.IMPORT_STALE_AFTER_MS / 3));
let sweeps = 0;
const sweep = setInterval(() => {
  // Once a minute or so, the card count deltas of everyday changes (transfers, orders) are folded too.
  if ((sweeps += 1) % Math.max(1, Math.round(60_000 / sweepEvery)) === 0) {
    compactCardCounts(db).catch((error: unknown) => log.warn({ err: error }, 'card count compaction failed'));
  }
  void reportCounts();
  requeueStale(db, queue, config.IMPORT_STALE_AFTER_MS)
    .then((ids) => ids.length && log.warn({ ids }, 're-queued stale imports'))
    .catch((error: unknown) => log.warn({ err: error }, 'stale-import sweep failed'));
}, sweepEvery);

void reportCounts();
log.info({ concurrency: config.IMPORT_WORKER_CONCURRENCY, worker: jobCounts.name }, 'import worker started');

async function shutdown(signal: string) {
  log.info({ signal }, 'import worker stopping');
  clearInterval(sweep);
  // A running import finishes (or its transaction rolls back and the sweep re-queues it).
  await worker.close();
  await jobCounts.leave().catch(() => {});
  redis.disconnect();
  await queue.close();
  await db.destroy();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
