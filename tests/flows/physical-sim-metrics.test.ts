import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { SERVICE_TOKEN_HEADER } from '@esim/platform';
import { waitFor } from '@esim/platform/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cardNumbers } from '../../infra/src/testing/cards';
import { PLUS_EU, PLUS_TR, physicalSimFlow, waitForImport, type PhysicalSimFlow } from './physical-sim';
import { startSystem, type System } from './system';

/**
 * What an operator scales the import workers and watches the money by, read from `/metrics` on the
 * running system: physical-sim's import queue by state and each worker's jobs (the real worker process), and the balance
 * service's pending holds and the age of the oldest.
 */
let system: System;
let f: PhysicalSimFlow;
beforeAll(async () => {
  system = await startSystem();
  f = await physicalSimFlow(system);
}, 120_000);
afterAll(async () => {
  f?.stopWorkers();
  await system?.stop();
});

const scrape = async (app: FastifyInstance) => {
  const res = await app.inject({
    url: '/metrics',
    headers: { [SERVICE_TOKEN_HEADER]: app.config.INTERNAL_SERVICE_TOKEN },
  });
  expect(res.statusCode).toBe(200);
  return res.body;
};

/** Every sample of `name` whose labels include the ones given, as [labels, value]. */
function samples(text: string, name: string, labels: Record<string, string> = {}): Array<[string, number]> {
  const found: Array<[string, number]> = [];
  for (const line of text.split('\n')) {
    const match = /^([a-z_:][a-z0-9_:]*)(?:\{(.*)\})? (\S+)$/i.exec(line);
    if (!match || match[1] !== name) continue;
    if (Object.entries(labels).every(([key, value]) => (match[2] ?? '').split(',').includes(`${key}="${value}"`)))
      found.push([match[2] ?? '', Number(match[3])]);
  }
  return found;
}
const value = (text: string, name: string, labels: Record<string, string> = {}) => samples(text, name, labels)[0]?.[1];

function promtool(text: string): void {
  const check = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
  expect(check.error, 'promtool not found: apt-get install prometheus').toBeUndefined();
  expect(`${check.stdout}${check.stderr}`.trim()).toBe('');
}

it('shows the import queue by state and the jobs each import worker took', async () => {
  const before = await scrape(f.app);
  expect(value(before, 'import_queue_jobs', { state: 'waiting' })).toBe(0);
  expect(samples(before, 'import_worker_jobs')).toEqual([]);

  const worker = f.startWorker();
  const csv = (n: number) => {
    const card = cardNumbers(701, n);
    return `iccid,serial_number,eid,package_code\n${card.iccid},${card.serial_number},,${PLUS_TR.code}\n`;
  };
  for (const n of [1, 2]) {
    const res = await f.app.inject({
      method: 'POST',
      url: '/admin/physical-sim/import',
      headers: f.auth(f.tokens.admin, { 'content-type': 'text/csv' }),
      payload: csv(n),
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(await waitForImport(f, res.json().data.id)).toMatchObject({ status: 'completed' });
  }

  const text = await waitFor(
    async () => {
      const scraped = await scrape(f.app);
      return value(scraped, 'import_worker_jobs', { outcome: 'completed' }) === 2 ? scraped : null;
    },
    { timeoutMs: 10_000, what: "the worker's two jobs on /metrics" },
  );
  expect(value(text, 'import_queue_jobs', { state: 'completed' })).toBe(2);
  expect(value(text, 'import_queue_jobs', { state: 'failed' })).toBe(0);
  expect(value(text, 'import_queue_jobs', { state: 'active' })).toBe(0);
  // One worker process, named by its host and pid.
  const workers = samples(text, 'import_worker_jobs', { outcome: 'completed' });
  expect(workers).toHaveLength(1);
  expect(workers[0]![0]).toContain(`worker="`);
  expect(workers[0]![0]).toContain(`-${worker.pid}"`);
  promtool(text);

  // A worker that stops leaves the list.
  worker.kill('SIGTERM');
  await waitFor(async () => samples(await scrape(f.app), 'import_worker_jobs').length === 0, {
    timeoutMs: 10_000,
    what: 'the stopped worker gone from /metrics',
  });
});

it("shows the balance service's pending holds and how old the oldest is", async () => {
  const before = await scrape(f.balance);
  const pendingBefore = value(before, 'balance_pending_holds')!;
  expect(pendingBefore).toBeGreaterThanOrEqual(0);

  const placed = await f.app.inject({
    method: 'POST',
    url: '/user/physical-sim/order',
    headers: f.auth(f.tokens.dealer, { 'idempotency-key': randomUUID() }),
    payload: { package_id: PLUS_EU.id, quantity: 1 },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  // Backdated, as a hold left pending for a while would be.
  await f.balance
    .db('holds')
    .where({ order_id: placed.json().data.id })
    .update({ created_at: f.balance.db.raw("now() - interval '90 seconds'") });
  await new Promise((resolve) => setTimeout(resolve, 1_100));

  const text = await scrape(f.balance);
  expect(value(text, 'balance_pending_holds')).toBe(pendingBefore + 1);
  expect(value(text, 'balance_oldest_pending_hold_seconds')).toBeGreaterThanOrEqual(90);
  promtool(text);
});

it('shows what the alerts read: the oldest unfinished import, card payments and the supplier warning level', async () => {
  // An import no worker takes (none runs now), queued ten minutes ago.
  const [stuck] = await f.app
    .db('import_jobs')
    .insert({
      format: 'csv',
      file_sha256: 'f'.repeat(64),
      file_size: 1,
      created_by: 'metrics-test',
      created_at: f.app.db.raw("now() - interval '10 minutes'"),
    })
    .returning('id');
  try {
    const imports = await scrape(f.app);
    expect(value(imports, 'import_oldest_unfinished_seconds')).toBeGreaterThanOrEqual(600);
    promtool(imports);
  } finally {
    await f.app.db('import_jobs').where({ id: stuck.id }).delete();
  }
  expect(value(await scrape(f.app), 'import_oldest_unfinished_seconds')).toBe(0);

  const money = await scrape(f.balance);
  for (const status of ['pending', 'review', 'paid', 'failed', 'expired'])
    expect(value(money, 'balance_card_payments_last_hour', { status }), status).toBeGreaterThanOrEqual(0);
  expect(value(money, 'balance_oldest_pending_card_payment_seconds')).toBe(0);
  promtool(money);

  const esim = await scrape(system.services.esim);
  // SUPPLIER_BALANCE_WARNING_EUROS' default, 100 euros.
  expect(value(esim, 'esim_supplier_balance_warning_cents')).toBe(10_000);
  promtool(esim);
});
