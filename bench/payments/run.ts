import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createDb, withDatabase, type Db } from '@esim/platform';
import { migrateAll } from '../../infra/src/migrate-all';
import { freePortRange } from '../../infra/test/helpers/scripts';
import { quietEnv } from '../support';

/**
 * `npm run bench:payments`: how long a paid card payment whose buyer never came back (no callback,
 * no poll from the browser) waits before the balance service credits it, when 10,000 others are
 * pending. The balance service runs as its own process (as `npm start` runs it) with its real poll
 * loop and the demo provider, whose retrieve reads its own books; the pending payments are spread
 * over the last 25 minutes and over 3,334 people (at most three open each, as the service allows).
 *
 * Baseline, in the same run: the same wait with nothing else pending. Target: every paid payment
 * credited within 60 s; printed beside the baseline's wait and the provider calls per second the
 * loop made (its limit: CARD_PROVIDER_CALLS_PER_SECOND, default 400).
 */
const PENDING = Number(process.env.BENCH_PENDING ?? 10_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 5);
const TARGET_SECONDS = 60;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/esim';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Pending payments with their open demo sessions, `count` of them, made over the last `spreadMinutes`. */
async function insertPending(db: Db, count: number, spreadMinutes: number, label: string): Promise<void> {
  await db.raw(
    `WITH made AS (
       SELECT g, gen_random_uuid() AS deposit_id, gen_random_uuid() AS payment_id,
              now() - (random() * ? * interval '1 minute') AS at,
              '00000000-0000-4000-8000-' || lpad(((g - 1) / 3)::text, 12, '0') AS user_id
         FROM generate_series(1, ?) g),
     deposits AS (
       INSERT INTO deposits (id, user_id, amount, method, reference_code, created_at)
       SELECT deposit_id, user_id, 1000, 'card', 'BK' || upper(substr(md5(?::text || g), 1, 8)), at FROM made),
     sessions AS (
       INSERT INTO demo_card_sessions (token, amount, currency, locale, description, callback_url, conversation_id, expires_at, created_at)
       SELECT ?::text || g, 1000, 'EUR', 'tr', 'Bakiye yükleme (kart)', 'http://localhost:8080/api/payments/callback',
              payment_id::text, at + interval '30 minutes', at FROM made)
     INSERT INTO payments (id, deposit_id, user_id, provider, amount, locale, return_path, token, page_url, page_expires_at, next_check_at, created_at)
     SELECT payment_id, deposit_id, user_id, 'demo', 1000, 'tr', '/balance', ?::text || g, 'http://localhost:8080/', at + interval '30 minutes',
            now() + random() * interval '30 seconds', at FROM made`,
    [spreadMinutes, count, label, `${label}-`, `${label}-`],
  );
}

/** The buyer pays on the provider's page and closes the browser: the provider's books say paid, nobody tells us. */
async function payWithoutCallback(db: Db, paymentId: string): Promise<void> {
  await db('demo_card_sessions')
    .where({ conversation_id: paymentId })
    .update({ status: 'paid', payment_id: `demo-${randomBytes(6).toString('hex')}`, charged_at: db.fn.now() });
}

async function secondsUntilCredited(db: Db, paymentId: string): Promise<number> {
  const started = performance.now();
  await payWithoutCallback(db, paymentId);
  for (;;) {
    const row = await db('payments').where({ id: paymentId }).first('status');
    if (row.status === 'paid') return (performance.now() - started) / 1000;
    if ((performance.now() - started) / 1000 > TARGET_SECONDS * 3) return Number.POSITIVE_INFINITY;
    await sleep(100);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fmt = (seconds: number) => (Number.isFinite(seconds) ? `${seconds.toFixed(1)} s` : 'never');

function startBalance(databaseUrl: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'services/balance/src/server.ts')], {
    cwd: root,
    env: { ...process.env, ...quietEnv('payments'), DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const poll = async () => {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/ready`)).ok) return resolve(child);
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) return reject(new Error('the balance service did not start'));
      setTimeout(poll, 200);
    };
    child.once('exit', (code) => reject(new Error(`the balance service exited (${code})`)));
    void poll();
  });
}

async function main(): Promise<void> {
  const database = `esim_bench_payments_${Date.now()}`;
  const admin = createDb(withDatabase(baseUrl, 'postgres'), 'public', 1);
  await admin.raw(`CREATE DATABASE ${database}`);
  const url = withDatabase(baseUrl, database);
  let db: Db | undefined;
  let balance: ChildProcess | undefined;
  let failed = false;
  try {
    await migrateAll(url);
    db = createDb(url, 'balance', 4);
    balance = await startBalance(url, await freePortRange(1));

    // Baseline: one pending payment at a time, nothing else waiting.
    const baseline: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const label = `base${i}`;
      await insertPending(db, 1, 1, label);
      const { id } = await db('payments')
        .where({ token: `${label}-1` })
        .first('id');
      baseline.push(await secondsUntilCredited(db, id));
    }

    await insertPending(db, PENDING, 25, 'load');
    await db.raw('ANALYZE');
    const checksBefore = Number((await db('payments').sum({ n: 'checks' }).first())!.n);
    const loadStarted = performance.now();
    // The paid ones: the oldest, the newest and some between, each while the other 10,000 wait.
    const ids = (await db('payments').whereLike('token', 'load-%').orderBy('created_at').pluck('id')) as string[];
    const picks = Array.from({ length: SAMPLES }, (_, i) => ids[Math.round((i * (ids.length - 1)) / (SAMPLES - 1))]!);
    const loaded: number[] = [];
    for (const id of picks) loaded.push(await secondsUntilCredited(db, id));
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const checksAfter = Number((await db('payments').sum({ n: 'checks' }).first())!.n);
    const pendingLeft = Number((await db('payments').where({ status: 'pending' }).count({ n: '*' }).first())!.n);

    const worst = Math.max(...loaded);
    const ratio = median(loaded) / median(baseline);
    console.log(
      `pending card payments: ${PENDING.toLocaleString('en')} over 25 minutes and ${Math.ceil(PENDING / 3).toLocaleString('en')} people (still pending at the end: ${pendingLeft.toLocaleString('en')})`,
    );
    console.log(`baseline (nothing else pending): ${baseline.map(fmt).join(', ')}; median ${fmt(median(baseline))}`);
    console.log(
      `with ${PENDING.toLocaleString('en')} pending: ${loaded.map(fmt).join(', ')}; median ${fmt(median(loaded))}`,
    );
    console.log(
      `provider calls while loaded: ${((checksAfter - checksBefore) / loadSeconds).toFixed(0)}/s over ${loadSeconds.toFixed(0)} s`,
    );
    console.log(`median wait with ${PENDING.toLocaleString('en')} pending / baseline median: ${ratio.toFixed(1)}×`);
    const met = worst <= TARGET_SECONDS;
    console.log(
      `target: every paid payment credited within ${TARGET_SECONDS} s: ${met ? 'met' : 'NOT MET'} (worst ${fmt(worst)})`,
    );
    failed = !met;
  } finally {
    balance?.kill('SIGTERM');
    await new Promise((resolve) =>
      balance && balance.exitCode === null ? balance.once('exit', resolve) : resolve(null),
    );
    await db?.destroy();
    await admin.raw(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.destroy();
  }
  process.exitCode = failed ? 1 : 0;
}

await main();
