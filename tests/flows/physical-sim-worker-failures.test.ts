import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitFor } from '@esim/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigXlsx, multipart } from '../../infra/src/testing/cards';
import { PLUS_EU, physicalSimFlow, waitForImport, type PhysicalSimFlow } from './physical-sim';
import { freePort, startSystem, type System } from './system';

/**
 * On the running system (the worker asks the catalog for the package codes), the import worker
 * dying mid-import (SIGKILL) and Redis restarting mid-import (physical-sim's own Redis server, on its
 * own port, without persistence, so the queue is really lost): each import
 * ends completed or failed with a reason, the counts are exact, and no half-import is ever visible.
 */
const ROWS = 40_000;
let system: System;
let f: PhysicalSimFlow;
let redisPort: number;
let redis: ChildProcess;
const dir = mkdtempSync(path.join(tmpdir(), 'physical-sim-worker-'));

async function startRedis(): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(redisPort), '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    { stdio: 'ignore' },
  );
  await waitFor(
    () =>
      new Promise<boolean>((resolve) => {
        const socket = net.connect(redisPort, '127.0.0.1', () => {
          socket.end();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      }),
    { what: 'redis-server up', timeoutMs: 10_000 },
  );
  return child;
}

beforeAll(async () => {
  redisPort = await freePort();
  redis = await startRedis();
  // A short staleness window, so a dead worker's job is taken over within seconds.
  const env = { REDIS_URL: `redis://127.0.0.1:${redisPort}`, IMPORT_STALE_AFTER_MS: '3000' };
  system = await startSystem({ serviceEnv: { 'physical-sim': env } });
  f = await physicalSimFlow(system, { env });
  await bigXlsx(path.join(dir, 'a.xlsx'), 611, ROWS, PLUS_EU.code);
  await bigXlsx(path.join(dir, 'b.xlsx'), 612, ROWS, PLUS_EU.code);
}, 120_000);
afterAll(async () => {
  f?.stopWorkers();
  await system?.stop();
  redis.kill('SIGKILL');
});

const upload = async (file: string) => {
  const body = multipart('file', path.basename(file), readFileSync(file));
  const res = await f.app.inject({
    method: 'POST',
    url: '/admin/physical-sim/import-excel',
    headers: f.auth(f.tokens.admin, body.headers),
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json().data.id as string;
};
const cardsOf = async (importId: string) =>
  Number((await f.app.db('cards').where({ import_id: importId }).count('* as n').first())!.n);
// Under way: the worker's first progress report, written once its first batch of cards is stored
// (uncommitted) and long before the last (the import runs for hundreds of milliseconds more).
const runningJob = (id: string) =>
  waitFor(
    async () => {
      const job = await f.app.db('import_jobs').where({ id }).first();
      return job.status === 'processing' && job.rows_read > 0 ? job : null;
    },
    { what: 'import under way', timeoutMs: 60_000, intervalMs: 20 },
  );

/** A finished import is all or nothing: completed with every card, or failed with a reason and none. */
function expectWhole(
  job: {
    status: string;
    rows_imported: number;
    rows_rejected: number;
    rows_read: number;
    failure_reason: string | null;
  },
  cards: number,
) {
  if (job.status === 'completed') {
    expect(job).toMatchObject({ rows_read: ROWS, rows_imported: ROWS, rows_rejected: 0 });
    expect(cards).toBe(ROWS);
  } else {
    expect(job.status).toBe('failed');
    expect(job.failure_reason).toBeTruthy();
    expect(cards).toBe(0);
  }
}

describe('import worker failures', () => {
  it('a worker SIGKILLed mid-import: nothing half-imported, then another worker redoes it in full', async () => {
    const first = f.startWorker();
    const id = await upload(path.join(dir, 'a.xlsx'));
    await runningJob(id);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    // The dead worker's transaction is rolled back by PostgreSQL: no card of the import exists.
    // (Its session ends once PostgreSQL sees the socket close: the job's advisory lock goes with it.)
    await waitFor(
      async () =>
        (
          await f.app.db.raw(
            `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
          )
        ).rows[0].n === 0,
      { what: 'dead session gone' },
    );
    expect(await cardsOf(id)).toBe(0);

    f.startWorker();
    const job = await waitForImport(f, id, 120_000);
    expectWhole(job, await cardsOf(id));
    expect(job.status).toBe('completed');
    expect(job.runs).toBe(2);
  }, 180_000);

  it('Redis restarted mid-import (queue lost): the import still ends whole', async () => {
    const id = await upload(path.join(dir, 'b.xlsx'));
    await runningJob(id);
    redis.kill('SIGKILL');
    await new Promise((resolve) => redis.once('exit', resolve));
    redis = await startRedis();
    const job = await waitForImport(f, id, 120_000);
    expectWhole(job, await cardsOf(id));
    // And a job queued while Redis was away is picked up by the sweep after it comes back.
    const late = await upload(path.join(dir, 'a.xlsx'));
    const again = await waitForImport(f, late, 60_000);
    expect(again).toMatchObject({ status: 'completed', rows_imported: 0, rows_rejected: ROWS });
  }, 180_000);
});
