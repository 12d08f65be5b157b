import { hostname } from 'node:os';
import type { Queue } from 'bullmq';
import { Gauge, registerTableGauges, type Db, type Redis, type Registry } from '@esim/platform';
import type { ImportJobData } from './queue';

/** Redis hash (under the service's prefix): one field per live import worker, its job counts as JSON. */
const WORKERS_KEY = 'import-workers';
/** A worker that has not reported for this long is gone (killed); its field is dropped. */
const WORKER_GONE_AFTER_MS = 60_000;

type Outcome = 'completed' | 'failed' | 'skipped' | 'other';
interface WorkerReport {
  jobs: Record<Outcome, number>;
  at: number;
}

/** This worker process's name in the metrics. */
export const workerName = () => `${hostname()}-${process.pid}`;

/**
 * The import worker's job counts since it started, kept in Redis so the service's `/metrics` shows
 * every worker of the queue (workers listen on no port). Reported after each job and on each sweep.
 */
export class WorkerJobCounts {
  private readonly jobs: Record<Outcome, number> = { completed: 0, failed: 0, skipped: 0, other: 0 };

  constructor(
    private readonly redis: Pick<Redis, 'hset' | 'hdel'>,
    readonly name = workerName(),
  ) {}

  count(outcome: string): Promise<void> {
    const known = outcome === 'completed' || outcome === 'failed' || outcome === 'skipped' ? outcome : 'other';
    this.jobs[known] += 1;
    return this.report();
  }

  async report(): Promise<void> {
    const report: WorkerReport = { jobs: this.jobs, at: Date.now() };
    await this.redis.hset(WORKERS_KEY, this.name, JSON.stringify(report));
  }

  async leave(): Promise<void> {
    await this.redis.hdel(WORKERS_KEY, this.name);
  }
}

/**
 * Import gauges on the service's `/metrics`, read at scrape time: the BullMQ queue's jobs by state
 * (its depth), each live worker's jobs by outcome, and the age of the oldest unfinished import.
 */
export function registerImportMetrics(
  registry: Registry,
  queue: Queue<ImportJobData>,
  redis: Pick<Redis, 'hgetall' | 'hdel'>,
  db: Db,
): void {
  registerTableGauges<{ oldest: number }>(
    registry,
    db,
    `SELECT coalesce(extract(epoch FROM now() - min(created_at)), 0)::float AS oldest FROM import_jobs WHERE status IN ('queued', 'processing')`,
    [
      {
        name: 'import_oldest_unfinished_seconds',
        help: 'Age of the oldest import still queued or processing (0: none); a stuck import keeps growing it',
        value: (row) => row.oldest,
      },
    ],
  );
  const states = ['waiting', 'active', 'delayed', 'completed', 'failed'] as const;
  new Gauge({
    name: 'import_queue_jobs',
    help: 'Import jobs in the BullMQ queue by state (completed and failed: those the queue still keeps)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      try {
        const counts = await queue.getJobCounts(...states);
        for (const state of states) this.set({ state }, counts[state] ?? 0);
      } catch {
        // Redis down: /ready says so; the gauge keeps its last reading.
      }
    },
  });
  new Gauge({
    name: 'import_worker_jobs',
    help: 'Import jobs each live worker process has finished since it started, by outcome',
    labelNames: ['worker', 'outcome'],
    registers: [registry],
    async collect() {
      let reports: Record<string, string>;
      try {
        reports = await redis.hgetall(WORKERS_KEY);
      } catch {
        return;
      }
      this.reset();
      for (const [worker, text] of Object.entries(reports)) {
        const report = JSON.parse(text) as WorkerReport;
        if (Date.now() - report.at > WORKER_GONE_AFTER_MS) {
          await redis.hdel(WORKERS_KEY, worker).catch(() => 0);
          continue;
        }
        for (const [outcome, jobs] of Object.entries(report.jobs)) this.set({ worker, outcome }, jobs);
      }
    },
  });
}
