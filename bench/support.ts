/**
 * What the benchmarks share. The HTTP ones (catalog, gateway) run their servers as child processes
 * of their own script, one role per process (as `npm start` runs them), and load them with
 * autocannon; the others drive their own calls with `drive`. All count per-process CPU (`cpuSeconds`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

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
 * runs as the first measured operation is started (to read counters there).
 */
export async function drive(
  total: number,
  concurrency: number,
  op: (i: number, client: number) => Promise<void>,
  options: { warmUp?: number; onMeasureStart?: () => void } = {},
): Promise<DriveFigures> {
  const warmUp = options.warmUp ?? 0;
  let next = 0;
  let failures = 0;
  const latencies: number[] = [];
  let started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, client) => {
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
  },
): Promise<Figures> {
  const { connections, duration, headers, cpuOf = [] } = options;
  // Only when given: autocannon would take `headers: undefined` over its own default.
  const withHeaders = headers ? { headers } : {};
  await autocannon({ url, connections, duration: options.warmUpSeconds, ...withHeaders });
  const before = cpuOf.map(cpuSeconds);
  const result = await autocannon({ url, connections, duration, ...withHeaders });
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
