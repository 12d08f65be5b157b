import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createServer } from 'node:net';
import { Pool } from 'undici';
import { createDb, withDatabase, type Db } from '@esim/platform';
import { waitFor } from '@esim/platform/testing';
import { migrateAll } from '../../infra/src/migrate-all';
import { planProcesses } from '../../infra/src/processes';
import { seedAll } from '../../infra/src/seed';
import { loadStartSettings } from '../../infra/src/settings';
import { captureHold, createHold } from '../../services/balance/src/ledger/holds';
import { fundFromBank } from '../../services/balance/src/ledger/bank-funding';
import { formatLedgerReport, verifyLedger } from '../../services/balance/src/ledger/verify';
import { withLuhnDigit } from '../../services/esim/src/profiles/iccid';
import { cpuSeconds, dropDatabase, drive } from '../support';

/**
 * `npm run bench:purchase`: PURCHASES eSIM purchases by BUYERS concurrent buyers through the gateway
 * on the real processes (auth, catalog, balance, esim, gateway: each its own `src/server.ts`, as
 * `npm start` runs them), each a whole saga: quote (catalog) → hold (balance) → provision (pool) →
 * completed; the capture follows asynchronously (balance consumes esim.order.completed), and the
 * measurement waits for every capture before it reads the CPU, so their cost is counted. Beside it, in the same run on the same database, the ledger's bare hold + capture
 * rate (the balance service's own domain functions called in-process by as many clients): the floor
 * under any purchase. Prints purchases/s and p50/p95/p99 against that baseline, checks the target
 * (p99 ≤ 150 ms) and proves the ledger. A fresh database is created, migrated, seeded and dropped.
 */
const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 1_000);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 50);
/**
 * Purchases before the measured ones, so the processes are measured as they run in service: warm.
 * V8 optimises the saga's code over the first few thousand purchases (each one runs a few thousand
 * functions across five processes, and TurboFan compiles on the same two cores): after 1,000, `perf`
 * still found a third of esim's CPU in V8's compiler and marking threads, and the Node processes'
 * CPU per purchase halved again by 4,000. The warm-up runs in rounds of WARM_UP_ROUND, each printed
 * (rate and Node CPU per purchase), so a run shows whether it reached the steady state it measures.
 */
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 4_000);
const WARM_UP_ROUND = 1_000;
const LEAD_IN = 200;
const TARGET_P99_MS = 150;
const PACKAGE = 'US-7D-3GB';

const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/esim';

const freePortBase = async (): Promise<number> => {
  // Six consecutive free ports: the gateway's and the five services'.
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    const free = await Promise.all(
      Array.from(
        { length: 6 },
        (_, i) =>
          new Promise<boolean>((resolve) => {
            const server = createServer().once('error', () => resolve(false));
            server.listen(base + i, '127.0.0.1', () => server.close(() => resolve(true)));
          }),
      ),
    );
    if (free.every(Boolean)) return base;
  }
};

/**
 * CPU seconds of the PostgreSQL backends serving the bench's database, by pid (the server's shared
 * processes, WAL writer and checkpointer, are not counted: they also work for the machine's others).
 */
async function postgresCpu(db: Db, database: string): Promise<Map<number, number>> {
  const result = await db.raw('SELECT pid FROM pg_stat_activity WHERE datname = ?', [database]);
  return new Map(
    (result.rows as Array<{ pid: number }>)
      .map(({ pid }) => [pid, cpuSeconds(pid)] as const)
      .filter(([, s]) => !Number.isNaN(s)),
  );
}

/** Transactions committed in the database so far (a statement outside a transaction is one too), as the statistics show them. */
async function commits(db: Db, database: string): Promise<number> {
  // Backends report their counts at most once a second: wait for the last ones.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  await db.raw('SELECT pg_stat_clear_snapshot()');
  const result = await db.raw('SELECT xact_commit FROM pg_stat_database WHERE datname = ?', [database]);
  return Number(result.rows[0].xact_commit);
}

async function main(): Promise<void> {
  const database = `esim_bench_purchase_${Date.now()}`;
  const url = withDatabase(baseUrl, database);
  const admin = createDb(withDatabase(baseUrl, 'postgres'), 'public', 1);
  await admin.raw(`CREATE DATABASE ${database}`);
  // BENCH_LOG_STATEMENTS: every statement on this database goes to the server's log (to count them per purchase).
  if (process.env.BENCH_LOG_STATEMENTS)
    await admin.raw(`ALTER DATABASE ${database} SET log_min_duration_statement = 0`);
  await admin.destroy();
  const children: ChildProcess[] = [];
  let balanceDb: Db | undefined;
  let esimDb: Db | undefined;
  try {
    await migrateAll(url);
    await seedAll(url);
    const portBase = await freePortBase();
    const settings = loadStartSettings({
      ...process.env,
      APP_MODE: 'demo',
      DATABASE_URL: url,
      PORT_BASE: String(portBase),
      REDIS_PREFIX: `bench:purchase:${randomBytes(4).toString('hex')}:`,
      LOG_LEVEL: 'error',
    });
    const plan = planProcesses(settings, {
      internalToken: randomBytes(32).toString('hex'),
      smtpUrl: 'smtp://127.0.0.1:9',
    });
    const wanted = new Set(['auth', 'catalog', 'balance', 'esim', 'gateway']);
    const benchEnv = {
      NODE_ENV: 'production',
      APP_MODE: 'demo',
      LOG_LEVEL: 'error',
      // Sign-ups and sign-ins of the bench's buyers come from one address.
      RATE_LIMIT_REGISTER_PER_MIN: '100000',
      ...(process.env.BENCH_POOL_MAX ? { DATABASE_POOL_MAX: process.env.BENCH_POOL_MAX } : {}),
      RATE_LIMIT_LOGIN_PER_MIN: '100000',
      RATE_LIMIT_API_PER_MIN: '1000000',
      REGISTER_LIMIT_PER_IP: '100000',
      LOGIN_MAX_FAILURES: '100000',
    };
    const named: Array<{ name: string; pid: number }> = [];
    for (const group of [plan.groups.services, plan.groups.gateway]) {
      for (const p of group.filter((p) => wanted.has(p.service.name))) {
        // BENCH_PROFILE_DIR: the processes named in BENCH_PROFILE (default esim) write a CPU profile there on exit.
        const profiled = (process.env.BENCH_PROFILE ?? 'esim').split(',').includes(p.service.name);
        const profile =
          process.env.BENCH_PROFILE_DIR && profiled
            ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE_DIR]
            : [];
        const child = spawn(p.spec.command, [...profile, ...p.spec.args], {
          cwd: p.spec.cwd,
          env: { ...p.spec.env, ...benchEnv },
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        children.push(child);
        named.push({ name: p.service.name, pid: child.pid! });
        await waitFor(async () => (await fetch(p.readyUrl!).catch(() => undefined))?.ok, {
          timeoutMs: 60_000,
          intervalMs: 200,
          what: `${p.service.name} ready`,
        });
      }
    }
    const api = `http://127.0.0.1:${portBase}/api`;

    // Buyers: real accounts through the gateway, each funded through the ledger and given a token.
    const tokens: string[] = [];
    for (let i = 0; i < BUYERS; i++) {
      const email = `buyer${i}-${randomUUID().slice(0, 8)}@bench.test`;
      const reg = await fetch(`${api}/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          full_name: `Buyer ${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`,
          email,
          password: 'Bench-Parola-123',
        }),
      });
      if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);
      const login = await fetch(`${api}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Bench-Parola-123' }),
      });
      tokens.push(((await login.json()) as { data: { token: string } }).data.token);
    }
    balanceDb = createDb(url, 'balance', BUYERS);
    esimDb = createDb(url, 'esim', 4);
    const me = async (token: string) =>
      (
        (await (await fetch(`${api}/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
          data: { id: string };
        }
      ).data.id;
    const buyerIds = await Promise.all(tokens.map(me));
    for (const id of buyerIds)
      await fundFromBank(balanceDb, id, 1_000_000_00, { idempotencyKey: `bench-fund-${id}`, createdBy: 'bench' });
    // Stock for every purchase, straight into the pool.
    const stock = Array.from({ length: PURCHASES + WARM_UP + LEAD_IN + 60 }, (_, n) => ({
      iccid: withLuhnDigit(`89903${String(n).padStart(13, '0')}`),
      smdp_address: 'smdp.bench.example',
      matching_id: `BENCH-${n}`,
      package_code: PACKAGE,
      operator: 'Bench',
    }));
    for (let i = 0; i < stock.length; i += 500) await esimDb('profiles').insert(stock.slice(i, i + 500));
    const catalogDb = createDb(url, 'catalog', 1);
    const packageId = (await catalogDb('packages').where({ code: PACKAGE }).first('id')).id as string;
    await catalogDb.destroy();

    // The load generator stands in for 50 phones: one keep-alive connection each through undici's
    // Pool (as autocannon does for the other benches), not fetch, whose own per-request cost is as
    // large as a service's and would be taken from the processes under test on this 2-core machine.
    const gateway = new Pool(`http://127.0.0.1:${portBase}`, { connections: BUYERS, pipelining: 1 });
    const buyBody = JSON.stringify({ package_id: packageId, quantity: 1 });
    const buy = async (_i: number, client: number) => {
      const res = await gateway.request({
        path: '/api/user/packages/buy',
        method: 'POST',
        headers: {
          authorization: `Bearer ${tokens[client]}`,
          'content-type': 'application/json',
          'idempotency-key': `bench-${randomUUID()}`,
        },
        body: buyBody,
      });
      if (res.statusCode !== 201) throw new Error(`buy: ${res.statusCode} ${(await res.body.text()).slice(0, 200)}`);
      await res.body.dump();
    };
    const warmUpRounds: string[] = [];
    for (let done = 0; done < WARM_UP; done += WARM_UP_ROUND) {
      const size = Math.min(WARM_UP_ROUND, WARM_UP - done);
      const cpuAtStart = named.map((n) => cpuSeconds(n.pid));
      const round = await drive(size, BUYERS, buy);
      const nodeCpuMs = named.reduce((sum, n, i) => sum + cpuSeconds(n.pid) - cpuAtStart[i]!, 0) * 1000;
      warmUpRounds.push(`${round.rate.toFixed(0)}/s ${(nodeCpuMs / size).toFixed(1)} ms`);
    }
    // One buyer at a time: the saga's own latency, without queueing behind the other buyers.
    const alone = await drive(50, 1, buy);
    // Then the buyers together, in one closed loop: LEAD_IN purchases, then the measured ones, so
    // measuring starts with the buyers in their steady rhythm (not all 50 arriving in the same
    // instant, after a pause in which their quotes expired). The counters are read as the first
    // measured purchase starts (PostgreSQL's backends by pid; the commit statistics, which backends
    // report only about once a second, over the whole loop).
    const backends = await postgresCpu(balanceDb, database);
    const commitsBefore = await commits(balanceDb, database);
    let cpuBefore: number[] = [];
    let pgBefore = new Map<number, number>();
    let driverBefore = process.cpuUsage();
    const purchases = await drive(PURCHASES, BUYERS, buy, {
      warmUp: LEAD_IN,
      onMeasureStart: () => {
        cpuBefore = named.map((n) => cpuSeconds(n.pid));
        pgBefore = new Map([...backends.keys()].map((pid) => [pid, cpuSeconds(pid)]));
        driverBefore = process.cpuUsage();
      },
    });
    // Captures are asynchronous: wait until every hold is settled, so their CPU and commits are counted.
    const settledAfter = performance.now();
    await waitFor(
      async () => Number((await balanceDb!('holds').where({ status: 'pending' }).count({ n: '*' }))[0]!.n) === 0,
      {
        timeoutMs: 60_000,
        intervalMs: 20,
        what: 'every purchase captured',
      },
    );
    const captureTailMs = performance.now() - settledAfter;
    const driver = process.cpuUsage(driverBefore);
    const pgAfter = await postgresCpu(balanceDb, database);
    const commitsPerPurchase = ((await commits(balanceDb, database)) - commitsBefore) / (LEAD_IN + PURCHASES);
    const pgSeconds = [...pgAfter].reduce((sum, [pid, seconds]) => sum + seconds - (pgBefore.get(pid) ?? 0), 0);
    const cpuPerPurchase = [
      ...named.map((n, i) => `${n.name} ${(((cpuSeconds(n.pid) - cpuBefore[i]!) * 1000) / PURCHASES).toFixed(1)}`),
      `postgres ${((pgSeconds * 1000) / PURCHASES).toFixed(1)}`,
      `bench driver ${((driver.user + driver.system) / 1000 / PURCHASES).toFixed(1)}`,
    ];

    // The baseline: the ledger's bare hold + capture, same database, same concurrency.
    const ledger = await drive(PURCHASES, BUYERS, async (i, client) => {
      const { holdId } = await createHold(balanceDb!, {
        orderId: `bench-bare-${i}`,
        userId: buyerIds[client]!,
        amountCents: 14_99,
      });
      await captureHold(balanceDb!, holdId, { createdBy: 'bench' });
    });

    await gateway.close();
    const report = await verifyLedger(balanceDb);
    const ms = (n: number) => n.toFixed(1).padStart(6);
    console.log(
      `\npurchase benchmark: ${PURCHASES} purchases by ${BUYERS} concurrent buyers through the gateway (auth, catalog, balance, esim, gateway processes); load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${cpus().length} cores`,
    );
    console.log('what                                   |   per s | p50 ms | p95 ms | p99 ms | failures');
    console.log(
      `purchase saga via gateway              | ${purchases.rate.toFixed(0).padStart(7)} | ${ms(purchases.p50)} | ${ms(purchases.p95)} | ${ms(purchases.p99)} | ${purchases.failures}`,
    );
    console.log(
      `purchase saga, one buyer at a time     | ${alone.rate.toFixed(0).padStart(7)} | ${ms(alone.p50)} | ${ms(alone.p95)} | ${ms(alone.p99)} | ${alone.failures}`,
    );
    console.log(
      `ledger bare hold + capture (baseline)  | ${ledger.rate.toFixed(0).padStart(7)} | ${ms(ledger.p50)} | ${ms(ledger.p95)} | ${ms(ledger.p99)} | ${ledger.failures}`,
    );
    console.log(`purchases / bare ledger pairs: ${(purchases.rate / ledger.rate).toFixed(2)}`);
    console.log(
      `warm-up rounds of ${WARM_UP_ROUND} (purchases/s, the services' CPU ms per purchase): ${warmUpRounds.join(' → ')}`,
    );
    console.log(`CPU ms per purchase by process: ${cpuPerPurchase.join(', ')}`);
    console.log(`captures (asynchronous) all landed ${captureTailMs.toFixed(0)} ms after the last purchase answered`);
    console.log(
      `PostgreSQL commits per purchase (a statement outside a transaction counts as one): ${commitsPerPurchase.toFixed(1)}`,
    );
    const met = purchases.p99 <= TARGET_P99_MS && purchases.failures === 0;
    console.log(`target p99 ≤ ${TARGET_P99_MS} ms: ${met ? 'met' : 'MISSED'}`);
    console.log(formatLedgerReport(report));
    if (!met || !report.ok) process.exitCode = 1;
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await balanceDb?.destroy();
    await esimDb?.destroy();
    await dropDatabase(baseUrl, database);
  }
}

await main();
process.exit();
