import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createDb, migrateService, withDatabase, type Db } from '@esim/platform';
import { configureHoldBatcher, DEFAULT_BATCHES_IN_FLIGHT } from '../../services/balance/src/ledger/batcher';
import { captureHold, createHold } from '../../services/balance/src/ledger/holds';
import { fundFromBank } from '../../services/balance/src/ledger/bank-funding';
import { formatLedgerReport, verifyLedger } from '../../services/balance/src/ledger/verify';

/**
 * `npm run bench:ledger`: the ledger's hold + capture throughput against the cheapest possible
 * balance update on the same PostgreSQL, in the same run.
 *
 * - baseline: `UPDATE raw_balances SET balance = balance - x WHERE id = ?`, one statement per
 *   operation, autocommit, from CONCURRENCY clients;
 * - ledger: hold (reserve) then capture (transfer + two entries + hold settled), through the
 *   service's own domain functions and batcher (src/ledger/holds.ts, batcher.ts), from CONCURRENCY
 *   clients; each client waits for its hold before it captures;
 * each once on ONE hot account/row and once spread over SPREAD accounts/rows. Prints operations
 * per second (a ledger operation is a hold+capture pair, i.e. one purchase transfer), p99 latency
 * and the ledger/baseline ratio per case, then proves the ledger's invariants. Exit code 1 when the
 * target is missed, an operation failed or the ledger does not verify.
 * A fresh database is created, migrated and dropped.
 */
const PAIRS = Number(process.env.BENCH_PAIRS ?? 5_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const SPREAD = 100;
const ROUNDS = 10;
const IN_FLIGHT = Number(process.env.BENCH_BATCHES_IN_FLIGHT ?? DEFAULT_BATCHES_IN_FLIGHT);
const TARGET_RATIO = 0.5;
const AMOUNT = 1_00;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/esim';

interface Result {
  name: string;
  ops: number;
  seconds: number;
  latencies: number[];
  failures: number;
}

/** Runs `total` operations from `concurrency` clients, each taking the next operation number. */
async function drive(
  name: string,
  total: number,
  concurrency: number,
  op: (i: number) => Promise<void>,
): Promise<Result> {
  let next = 0;
  let failures = 0;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < total; i = next++) {
        const t0 = performance.now();
        try {
          await op(i);
        } catch (error) {
          failures += 1;
          if (failures <= 3) console.error(`${name}: ${(error as Error).message}`);
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { name, ops: total, seconds: (performance.now() - started) / 1000, latencies, failures };
}

const rate = (r: Result) => r.ops / r.seconds;
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main(): Promise<void> {
  const database = `esim_bench_ledger_${Date.now()}`;
  const admin = createDb(withDatabase(baseUrl, 'postgres'), 'public', 1);
  await admin.raw(`CREATE DATABASE ${database}`);
  const url = withDatabase(baseUrl, database);
  let db: Db | undefined;
  try {
    const migrator = createDb(url, 'balance', 1);
    await migrateService(migrator, { schema: 'balance', directory: path.join(root, 'services/balance/migrations') });
    await migrator.destroy();
    db = createDb(url, 'balance', CONCURRENCY);
    // The service's batcher, sized as the service sizes it (its default; BENCH_BATCHES_IN_FLIGHT to try others).
    configureHoldBatcher(db, { maxInFlight: IN_FLIGHT });

    // Accounts: SPREAD users plus one hot one, each funded far beyond what the run spends.
    const users = Array.from(
      { length: SPREAD + 1 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const hot = users[SPREAD]!;
    for (const user of users)
      await fundFromBank(db, user, 100_000_000_00, { idempotencyKey: `bench-fund-${user}`, createdBy: 'bench' });
    await db.raw('CREATE TABLE raw_balances (id int PRIMARY KEY, balance bigint NOT NULL)');
    await db.raw('INSERT INTO raw_balances SELECT g, 100000000000 FROM generate_series(0, ?) g', [SPREAD]);
    await db.raw('VACUUM ANALYZE');

    const raw = (row: (i: number) => number) => async (i: number) => {
      await db!.raw('UPDATE raw_balances SET balance = balance - ? WHERE id = ?', [AMOUNT, row(i)]);
    };
    // Order ids must be unique per run slice: `order` tells the slices apart.
    let order = 0;
    const ledger = (user: (i: number) => string) => async (i: number) => {
      const { holdId } = await createHold(db!, {
        orderId: `bench-${order}-${i}`,
        userId: user(i),
        amountCents: AMOUNT,
      });
      await captureHold(db!, holdId, { createdBy: 'bench' });
    };
    const spreadUser = (i: number) => users[i % SPREAD]!;

    // Warm-up: connections opened, plans cached, on both sides.
    await drive(
      'warm-up',
      500,
      CONCURRENCY,
      raw((i) => i % SPREAD),
    );
    await drive('warm-up', 500, CONCURRENCY, ledger(spreadUser));

    // Baseline and ledger alternate in ROUNDS slices, so load on the machine that comes and goes
    // during the run weighs on both sides alike; each side's figures add up over its slices.
    const cases: Array<{ name: string; baseline: Result; ledger: Result }> = [];
    for (const [name, rawRow, ledgerUser] of [
      [`spread over ${SPREAD} accounts`, (i: number) => i % SPREAD, spreadUser],
      ['one hot account', () => SPREAD, () => hot],
    ] as const) {
      const baseline: Result = { name: `raw ${name}`, ops: 0, seconds: 0, latencies: [], failures: 0 };
      const ours: Result = { name: `ledger ${name}`, ops: 0, seconds: 0, latencies: [], failures: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        order += 1;
        const slice = Math.ceil(PAIRS / ROUNDS);
        for (const [into, result] of [
          [baseline, await drive(baseline.name, slice, CONCURRENCY, raw(rawRow))],
          [ours, await drive(ours.name, slice, CONCURRENCY, ledger(ledgerUser))],
        ] as const) {
          into.ops += result.ops;
          into.seconds += result.seconds;
          into.latencies.push(...result.latencies);
          into.failures += result.failures;
        }
      }
      cases.push({ name, baseline, ledger: ours });
    }

    console.log(
      `\nledger benchmark: ${PAIRS} operations per run, ${CONCURRENCY} concurrent clients, ${IN_FLIGHT} hold batches in flight, PostgreSQL ${(await db.raw('SHOW server_version')).rows[0].server_version}`,
    );
    console.log(
      'case                         | raw UPDATE/s | p99 ms | ledger transfers/s (hold+capture) | p99 ms | ratio',
    );
    let ok = true;
    for (const c of cases) {
      const ratio = rate(c.ledger) / rate(c.baseline);
      console.log(
        `${c.name.padEnd(28)} | ${rate(c.baseline).toFixed(0).padStart(12)} | ${percentile(c.baseline.latencies, 99).toFixed(1).padStart(6)} | ` +
          `${rate(c.ledger).toFixed(0).padStart(33)} | ${percentile(c.ledger.latencies, 99).toFixed(1).padStart(6)} | ${(ratio * 100).toFixed(0).padStart(4)}%`,
      );
      if (c.baseline.failures || c.ledger.failures) {
        console.log(`  failures: raw ${c.baseline.failures}, ledger ${c.ledger.failures}`);
        ok = false;
      }
      if (c.name.startsWith('spread') && ratio < TARGET_RATIO) ok = false;
    }
    console.log(
      `target: ledger ≥ ${TARGET_RATIO * 100}% of the raw baseline on the spread case: ${ok ? 'met' : 'NOT MET'}\n`,
    );

    const report = await verifyLedger(db);
    console.log(formatLedgerReport(report));
    const captured = (await db('holds').where({ status: 'captured' }).count({ n: '*' }))[0] as { n: number };
    const expected = 2 * ROUNDS * Math.ceil(PAIRS / ROUNDS) + 500;
    console.log(`captured holds: ${captured.n} (expected ${expected})`);
    if (!report.ok || Number(captured.n) !== expected) ok = false;
    process.exitCode = ok ? 0 : 1;
  } finally {
    await db?.destroy();
    await admin.raw(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.destroy();
  }
}

await main();
