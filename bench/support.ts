/**
 * What the benchmarks share. The HTTP ones (catalog, gateway) run their servers as child processes
 * of their own script, one role per process (as `npm start` runs them), and load them with
 * autocannon; the others drive their own calls with `drive`. All count per-process CPU (`cpuSeconds`).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Db } from '@esim/platform';
import type { StartSettings } from '../infra/src/settings';
import type { ProcessSpec } from '../infra/src/supervisor';

interface Histogram {
  average: number;
  p50: number;
  p99: number;
}
interface AutocannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  /** Requests per second across all connections (open to a fixed rate instead of as fast as answers come). */
  overallRate?: number;
}) => Promise<AutocannonResult>;
// autocannon ships no types; required (not imported) so no ambient module declaration is needed.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** `--name N` from the command line, or the fallback. */
export const numberArg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};

/** Quiet, production-like child processes; a Redis prefix of their own, so a run never meets another's keys. */
export const quietEnv = (bench: string) => ({
  NODE_ENV: 'production',
  APP_MODE: 'demo',
  LOG_LEVEL: 'error',
  REDIS_PREFIX: `bench:${bench}:${randomBytes(4).toString('hex')}:`,
});

/** Child side: tells the parent where it listens (the first line it writes to stdout). */
export function announce(url: string): void {
  process.stdout.write(`${JSON.stringify({ url })}\n`);
}

/** Parent side: runs `script <role>` under tsx and resolves with the URL it announces. */
export function startRole(
  script: string,
  role: string,
  env: Record<string, string>,
  options: { cwd?: string; nodeFlags?: string[] } = {},
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), '--import', 'tsx', script, role], {
    cwd: options.cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${role} exited with code ${code}`)));
    child.stdout!.once('data', (chunk: Buffer) => resolve({ child, url: JSON.parse(chunk.toString()).url as string }));
  });
}

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** Errors, timeouts and non-2xx answers together. */
  errors: number;
  /** CPU time (user + system) each process in `cpuOf` spent per request: robust on a busy machine. */
  cpuMicros: number[];
}

/** CPU seconds a process used so far (Linux /proc; NaN elsewhere). */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** The p-th percentile (0-100) of some values, nearest rank below; 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export interface DriveFigures {
  /** Operations per second over the whole run. */
  rate: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
}

/**
 * Closed-loop load for benchmarks that call their own code rather than a URL: `concurrency`
 * clients each run `op` back to back until `total` operations are done; latencies in milliseconds.
 * A failing operation counts (and its first few messages are printed) but does not stop the run.
 * `warmUp`: that many operations first, in the same loop, not measured: the clients are already in
 * their steady rhythm when measuring starts (not all starting at one instant), and `onMeasureStart`
 * runs as the first measured operation is started (to read counters there). `staggerMs`: the
 * clients' first operations spread evenly over that long, as buyers arrive, instead of all in one
 * instant (a herd that a short warm-up does not scatter when each operation waits on a slow partner).
 */
export async function drive(
  total: number,
  concurrency: number,
  op: (i: number, client: number) => Promise<void>,
  options: { warmUp?: number; onMeasureStart?: () => void; staggerMs?: number } = {},
): Promise<DriveFigures> {
  const warmUp = options.warmUp ?? 0;
  let next = 0;
  let failures = 0;
  const latencies: number[] = [];
  let started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, client) => {
      if (options.staggerMs) await sleep((options.staggerMs * client) / concurrency);
      for (let i = next++; i < warmUp + total; i = next++) {
        if (i === warmUp && warmUp > 0) {
          started = performance.now();
          options.onMeasureStart?.();
        }
        const t0 = performance.now();
        try {
          await op(i, client);
        } catch (error) {
          if (i >= warmUp) failures += 1;
          if (failures <= 3) console.error((error as Error).message);
        }
        if (i >= warmUp) latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    rate: total / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failures,
  };
}

/** Loads `url` for `warmUpSeconds` (JIT, keep-alive pools, caches), then measures it for `duration` seconds. */
export async function measure(
  url: string,
  options: {
    connections: number;
    duration: number;
    warmUpSeconds: number;
    headers?: Record<string, string>;
    cpuOf?: number[];
    /** Requests per second in all: latency at a load below saturation (without it, as fast as answers come). */
    overallRate?: number;
  },
): Promise<Figures> {
  const { connections, duration, headers, cpuOf = [] } = options;
  // Only when given: autocannon would take `headers: undefined` (or a rate of undefined) over its own default.
  const extra = {
    ...(headers ? { headers } : {}),
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
  };
  await autocannon({ url, connections, duration: options.warmUpSeconds, ...extra });
  const before = cpuOf.map(cpuSeconds);
  const result = await autocannon({ url, connections, duration, ...extra });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuMicros: cpuOf.map((pid, i) => ((cpuSeconds(pid) - before[i]!) * 1e6) / result.requests.total),
  };
}

/** Drops a benchmark's throwaway database, even while its pools are still connected. */
export async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  // Loaded here, not at the top: the benchmarks' server processes import this module too, and the
  // bare baseline server should load nothing it does not use.
  const pg = (await import('pg')).default;
  const { withDatabase } = await import('@esim/platform');
  const admin = new pg.Client({ connectionString: withDatabase(baseUrl, 'postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

// ── a whole system on a throwaway database (bench:purchase, bench:suppliers) ──
// What follows loads the system's modules when called, not at the top, for the reason dropDatabase gives.

/** `count` consecutive free ports on 127.0.0.1 from a random base, so a bench's system runs beside any other. */
export async function freePortBase(count: number): Promise<number> {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    const free = await Promise.all(
      Array.from(
        { length: count },
        (_, i) =>
          new Promise<boolean>((resolve) => {
            const server = createServer().once('error', () => resolve(false));
            server.listen(base + i, '127.0.0.1', () => server.close(() => resolve(true)));
          }),
      ),
    );
    if (free.every(Boolean)) return base;
  }
}

/**
 * A fresh database named `name` beside DATABASE_URL's, migrated and seeded as `npm start` prepares one
 * (its URL back); dropped again with dropDatabase. BENCH_LOG_STATEMENTS: every statement on it goes to
 * the server's log (to count them per purchase).
 */
export async function createBenchDatabase(baseUrl: string, name: string): Promise<string> {
  const { createDb, withDatabase } = await import('@esim/platform');
  const { migrateAll } = await import('../infra/src/migrate-all');
  const { seedAll } = await import('../infra/src/seed');
  const admin = createDb(withDatabase(baseUrl, 'postgres'), 'public', 1);
  await admin.raw(`CREATE DATABASE ${name}`);
  if (process.env.BENCH_LOG_STATEMENTS) await admin.raw(`ALTER DATABASE ${name} SET log_min_duration_statement = 0`);
  await admin.destroy();
  const url = withDatabase(baseUrl, name);
  await migrateAll(url);
  await seedAll(url);
  return url;
}

/** The settings `npm start` would read for a bench's system: demo mode, its database and ports, quiet, a Redis prefix of its own. */
export async function benchSettings(bench: string, databaseUrl: string, portBase: number): Promise<StartSettings> {
  const { loadStartSettings } = await import('../infra/src/settings');
  return loadStartSettings({
    ...process.env,
    ...quietEnv(bench),
    DATABASE_URL: databaseUrl,
    PORT_BASE: String(portBase),
  });
}

export interface BenchSystem {
  /** The gateway's API address (…/api). */
  api: string;
  /** The gateway's origin. */
  origin: string;
  /** Every process started, in start order, for their CPU. */
  processes: Array<{ name: string; pid: number }>;
  stop(): Promise<void>;
}

/**
 * The real processes as `npm start` runs them (infra/src/processes.ts `planProcesses`): the named
 * services, then the gateway, each awaited ready; `first` (a fake partner) before them. Production-like
 * and quiet; the limits that the bench's buyers, all from one address, would trip are lifted. `envOf`
 * adds settings to one service's process. BENCH_POOL_MAX: each service's database pool;
 * BENCH_PROFILE_DIR: the processes named in BENCH_PROFILE (default esim) write a CPU profile there on exit.
 */
export async function startBenchSystem(
  settings: StartSettings,
  options: {
    services: string[];
    envOf?: (service: string) => Record<string, string> | undefined;
    first?: Array<{ spec: ProcessSpec; readyUrl?: string }>;
  },
): Promise<BenchSystem> {
  const { planProcesses } = await import('../infra/src/processes');
  const { gatewayPort } = await import('../infra/src/settings');
  const { waitFor } = await import('@esim/platform/testing');
  const plan = planProcesses(settings, {
    internalToken: randomBytes(32).toString('hex'),
    smtpUrl: 'smtp://127.0.0.1:9',
  });
  const wanted = new Set([...options.services, 'gateway']);
  const benchEnv = {
    NODE_ENV: 'production',
    APP_MODE: 'demo',
    LOG_LEVEL: 'error',
    RATE_LIMIT_REGISTER_PER_MIN: '100000',
    RATE_LIMIT_LOGIN_PER_MIN: '100000',
    RATE_LIMIT_API_PER_MIN: '1000000',
    REGISTER_LIMIT_PER_IP: '100000',
    LOGIN_MAX_FAILURES: '100000',
    ...(process.env.BENCH_POOL_MAX ? { DATABASE_POOL_MAX: process.env.BENCH_POOL_MAX } : {}),
  };
  const children: ChildProcess[] = [];
  const processes: BenchSystem['processes'] = [];
  const stop = async () => {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  };
  const start = async (name: string, spec: ProcessSpec, readyUrl: string | undefined, env: Record<string, string>) => {
    const profiled = (process.env.BENCH_PROFILE ?? 'esim').split(',').includes(name);
    const profile =
      process.env.BENCH_PROFILE_DIR && profiled ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE_DIR] : [];
    const child = spawn(spec.command, [...profile, ...spec.args], {
      cwd: spec.cwd,
      env: { ...spec.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    processes.push({ name, pid: child.pid! });
    if (readyUrl)
      await waitFor(async () => (await fetch(readyUrl).catch(() => undefined))?.ok, {
        timeoutMs: 60_000,
        intervalMs: 200,
        what: `${name} ready`,
      });
  };
  try {
    for (const extra of options.first ?? []) await start(extra.spec.name, extra.spec, extra.readyUrl, {});
    for (const group of [plan.groups.services, plan.groups.gateway])
      for (const p of group.filter((p) => wanted.has(p.service.name)))
        await start(p.service.name, p.spec, p.readyUrl, { ...benchEnv, ...options.envOf?.(p.service.name) });
  } catch (error) {
    await stop();
    throw error;
  }
  const origin = `http://127.0.0.1:${gatewayPort(settings)}`;
  return { api: `${origin}/api`, origin, processes, stop };
}

/** Real accounts through the gateway, each signed in and funded through the ledger (bank funding): their tokens and ids. */
export async function signUpBuyers(
  api: string,
  count: number,
  balanceDb: Db,
): Promise<{ tokens: string[]; ids: string[] }> {
  const { fundFromBank } = await import('../services/balance/src/ledger/bank-funding');
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
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
  const me = async (token: string) =>
    (
      (await (await fetch(`${api}/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        data: { id: string };
      }
    ).data.id;
  const ids = await Promise.all(tokens.map(me));
  for (const id of ids)
    await fundFromBank(balanceDb, id, 1_000_000_00, { idempotencyKey: `bench-fund-${id}`, createdBy: 'bench' });
  return { tokens, ids };
}

/** The id of the catalog's package with this code. */
export async function packageIdOf(databaseUrl: string, code: string): Promise<string> {
  const { createDb } = await import('@esim/platform');
  const catalogDb = createDb(databaseUrl, 'catalog', 1);
  try {
    const row = (await catalogDb('packages').where({ code }).first('id')) as { id: string } | undefined;
    if (!row) throw new Error(`no package ${code} in the catalog`);
    return row.id;
  } finally {
    await catalogDb.destroy();
  }
}

/**
 * The buyers' purchases of one package through the gateway (POST /api/user/packages/buy, an
 * Idempotency-Key each): `buy(i, client)` buys one as buyer `client` and throws unless the answer
 * has status `expected`. The load generator stands in for the buyers' phones: one keep-alive
 * connection each through undici's Pool (as autocannon does for the other benches), not fetch, whose
 * own per-request cost is as large as a service's and would be taken from the processes under test
 * on a 2-core machine.
 */
export async function purchases(
  origin: string,
  tokens: string[],
  packageId: string,
  expected: number,
): Promise<{ buy: (i: number, client: number) => Promise<void>; close(): Promise<void> }> {
  const { Pool } = await import('undici');
  const gateway = new Pool(origin, { connections: tokens.length, pipelining: 1 });
  const body = JSON.stringify({ package_id: packageId, quantity: 1 });
  return {
    buy: async (_i, client) => {
      const res = await gateway.request({
        path: '/api/user/packages/buy',
        method: 'POST',
        headers: {
          authorization: `Bearer ${tokens[client]}`,
          'content-type': 'application/json',
          'idempotency-key': `bench-${randomUUID()}`,
        },
        body,
      });
      if (res.statusCode !== expected)
        throw new Error(`buy: ${res.statusCode} ${(await res.body.text()).slice(0, 200)}`);
      await res.body.dump();
    },
    close: () => gateway.close(),
  };
}

/**
 * The floor under any purchase: the ledger's bare hold + capture (the balance service's own domain
 * functions, called in-process), `total` pairs by as many clients as there are buyers, on the same database.
 */
export async function bareLedgerPairs(balanceDb: Db, total: number, buyerIds: string[]): Promise<DriveFigures> {
  const { captureHold, createHold } = await import('../services/balance/src/ledger/holds');
  return drive(total, buyerIds.length, async (i, client) => {
    const { holdId } = await createHold(balanceDb, {
      orderId: `bench-bare-${i}`,
      userId: buyerIds[client]!,
      amountCents: 14_99,
    });
    await captureHold(balanceDb, holdId, { createdBy: 'bench' });
  });
}

/** Waits until the balance service has captured every hold (captures follow the purchases asynchronously): how long it took, in ms. */
export async function allCaptured(balanceDb: Db): Promise<number> {
  const { waitFor } = await import('@esim/platform/testing');
  const started = performance.now();
  await waitFor(
    async () => Number((await balanceDb('holds').where({ status: 'pending' }).count({ n: '*' }))[0]!.n) === 0,
    { timeoutMs: 60_000, intervalMs: 20, what: 'every purchase captured' },
  );
  return performance.now() - started;
}

/**
 * CPU seconds of the PostgreSQL backends serving the bench's database, by pid (the server's shared
 * processes, WAL writer and checkpointer, are not counted: they also work for the machine's others).
 */
export async function postgresCpu(db: Db, database: string): Promise<Map<number, number>> {
  const result = await db.raw('SELECT pid FROM pg_stat_activity WHERE datname = ?', [database]);
  return new Map(
    (result.rows as Array<{ pid: number }>)
      .map(({ pid }) => [pid, cpuSeconds(pid)] as const)
      .filter(([, s]) => !Number.isNaN(s)),
  );
}

/** Transactions committed in the database so far (a statement outside a transaction is one too), as the statistics show them. */
export async function commits(db: Db, database: string): Promise<number> {
  // Backends report their counts at most once a second: wait for the last ones.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  await db.raw('SELECT pg_stat_clear_snapshot()');
  const result = await db.raw('SELECT xact_commit FROM pg_stat_database WHERE datname = ?', [database]);
  return Number(result.rows[0].xact_commit);
}

/** The host's CPU time so far (every core, from /proc/stat): busy and idle seconds; zeros where there is no /proc. */
export function hostCpu(): { busy: number; idle: number } {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const idle = fields[3]! + fields[4]!;
    const total = fields.slice(0, 8).reduce((sum, n) => sum + n, 0);
    return { busy: (total - idle) / 100, idle: idle / 100 };
  } catch {
    return { busy: 0, idle: 0 };
  }
}

/** A row of the table the purchase benches print (`label | per s | p50 | p95 | p99 | failures`), the header with no figures. */
export function figuresRow(label: string, figures?: DriveFigures): string {
  if (!figures) return `${'what'.padEnd(38)} |   per s | p50 ms | p95 ms | p99 ms | failures`;
  const ms = (n: number) => n.toFixed(1).padStart(6);
  return `${label.padEnd(38)} | ${figures.rate.toFixed(0).padStart(7)} | ${ms(figures.p50)} | ${ms(figures.p95)} | ${ms(figures.p99)} | ${figures.failures}`;
}
