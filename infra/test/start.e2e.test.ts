import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@esim/contracts';
import { withDatabase } from '@esim/platform';
import { waitFor } from '@esim/platform/testing';
import { BANNER_READY_LINE } from '../src/banner';
import { SERVICES } from '../src/services';
import { portOf } from '../src/settings';
import { alive } from './helpers/processes';
import { freePortRange, runScript, scriptEnv, START_SCRIPT, type RunningScript } from './helpers/scripts';

/**
 * `npm start` for real: the start script as a child process on its own database, Redis prefix and
 * ports (PORT_BASE), so it never meets a developer's running system. Started twice on the same
 * database to prove a second start is safe, the second time as `npm start -- --replicas 2`: two
 * copies of every service and of the import worker behind one gateway, both serving, and a copy
 * killed while reads go on costing none of them. Every child must be gone after SIGTERM.
 */

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/esim_test';
// esim_t_<unix time>_ : the test harness drops it later if this run is killed before afterAll.
const dbName = `esim_t_${Math.floor(Date.now() / 1000)}_start${randomBytes(4).toString('hex')}`;
const databaseUrl = withDatabase(serverUrl, dbName);
const redisPrefix = `test:${dbName}:`;
const REPLICAS = 2;
const started: RunningScript[] = [];
const childPids = new Set<number>();

function pidsOf(output: string): Map<string, number> {
  const pids = new Map<string, number>();
  for (const match of output.matchAll(/started (\S+) \(pid (\d+)\)/g)) pids.set(match[1]!, Number(match[2]));
  return pids;
}

async function startShop(ports: { base: number; smtp: number; web: number }, replicas = 1): Promise<RunningScript> {
  const run = runScript(
    START_SCRIPT,
    scriptEnv({
      APP_MODE: 'demo',
      DATABASE_URL: databaseUrl,
      REDIS_PREFIX: redisPrefix,
      PORT_BASE: String(ports.base),
      MAIL_SMTP_PORT: String(ports.smtp),
      MAIL_WEB_PORT: String(ports.web),
      LOG_LEVEL: 'warn',
      INTERNAL_SERVICE_TOKEN: undefined,
      KAFKA_BROKERS: undefined,
      SMTP_URL: undefined,
      PUBLIC_BASE_URL: undefined,
    }),
    replicas > 1 ? ['--replicas', String(replicas)] : [],
  );
  started.push(run);
  await Promise.race([
    waitFor(() => run.output().includes(BANNER_READY_LINE), {
      // Every copy compiles and boots at once: on a busy two-core runner two copies take a while.
      timeoutMs: replicas > 1 ? 120_000 : 75_000,
      intervalMs: 100,
      what: 'the start banner',
    }),
    run.exited.then(() => {
      throw new Error(`npm start exited early:\n${run.output()}`);
    }),
  ]);
  for (const pid of pidsOf(run.output()).values()) childPids.add(pid);
  return run;
}

/** The name a copy of a process runs under: the service's own without `--replicas`, numbered with it. */
const copyName = (name: string, replica: number, replicas: number) => (replicas > 1 ? `${name}-${replica + 1}` : name);

async function expectEverythingUp(base: number, run: RunningScript, replicas = 1): Promise<void> {
  // Each service starts its event bus right after it listens: within moments every copy is up.
  const health = await waitFor(
    async () => {
      const response = await fetch(`http://127.0.0.1:${base}/api/health`);
      return response.status === 200 ? response : undefined;
    },
    { timeoutMs: 15_000, intervalMs: 200, what: 'every service up' },
  );
  const body = (await health!.json()) as {
    status: string;
    services: Record<string, { status: string; replicas?: Array<{ status: string }> }>;
  };
  expect(body.status).toBe('up');
  for (const service of SERVICES.filter((s) => s.name !== 'gateway')) {
    expect(body.services[service.name]?.status, service.name).toBe('up');
    if (replicas > 1)
      expect(
        body.services[service.name]?.replicas?.map((r) => r.status),
        service.name,
      ).toEqual(Array.from({ length: replicas }, () => 'up'));
  }

  // Each service's real server.ts, as npm start runs it, runs its event bus (relay and consumers)
  // without being told: every copy's /ready names it, and the events check is up.
  for (const service of SERVICES.filter((s) => s.schema))
    for (let replica = 0; replica < replicas; replica++) {
      const ready = (await (await fetch(`http://127.0.0.1:${portOf(service, base, replica)}/ready`)).json()) as {
        checks: Record<string, string>;
        running: string[];
      };
      const name = copyName(service.name, replica, replicas);
      expect(ready.running, name).toContain('event bus');
      expect(ready.checks.events, name).toBe('up');
      if (service.name === 'esim') expect(ready.running, name).toContain('recovery loop');
    }

  for (const page of ['/', '/dashboard']) {
    const response = await fetch(`http://127.0.0.1:${base}${page}`, { headers: { accept: 'text/html' } });
    expect(response.status, page).toBe(200);
    expect(response.headers.get('content-type'), page).toMatch(/^text\/html/);
    expect((await response.text()).toLowerCase(), page).toContain('<!doctype html>');
  }

  // Every copy of every service, the one gateway and each copy of the worker run as their own processes.
  const pids = pidsOf(run.output());
  const expected = [
    'gateway',
    ...SERVICES.filter((s) => s.name !== 'gateway').flatMap((s) =>
      Array.from({ length: replicas }, (_, replica) => copyName(s.name, replica, replicas)),
    ),
    ...(replicas > 1 ? Array.from({ length: replicas }, (_, replica) => `physical-sim-worker-${replica + 1}`) : []),
  ];
  for (const name of expected) expect(pids.has(name) && alive(pids.get(name)!), `${name} running`).toBe(true);
  expect(new Set(pids.values()).size).toBe(pids.size);
  for (const pid of pids.values()) expect(alive(pid)).toBe(true);
  // A healthy start restarts nothing.
  expect(run.output()).not.toContain('restarting in');
}

async function stopShop(run: RunningScript): Promise<void> {
  const pids = [...pidsOf(run.output()).values()];
  run.child.kill('SIGTERM');
  const exit = await run.exited;
  expect(exit, run.output().slice(-3000)).toEqual({ code: 0, signal: null });
  expect(run.output()).toContain('every process has stopped.');
  for (const pid of pids) expect(alive(pid), `pid ${pid} still running`).toBe(false);
}

afterAll(async () => {
  // A failed assertion must not leave processes behind.
  for (const run of started)
    if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
  for (const pid of childPids) if (alive(pid)) process.kill(pid, 'SIGKILL');
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(dbName)} WITH (FORCE)`);
  await admin.end();
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
  const keys = await redis.keys(`${redisPrefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

describe('npm start', () => {
  let ports: { base: number; smtp: number; web: number };

  it('creates, migrates and seeds a new database, starts every process, serves the API and both frontends, and stops them all', async () => {
    // Room for the second start's copies: the gateway and two ports for each service.
    const base = await freePortRange(1 + REPLICAS * 5);
    const mail = await freePortRange(2);
    ports = { base, smtp: mail, web: mail + 1 };
    const run = await startShop(ports);
    const output = run.output();
    expect(output).toContain(`created database ${dbName}`);
    expect(output).toMatch(/auth: \d+ migration\(s\) applied/);
    expect(output).toContain(`http://localhost:${base}/api/docs`);
    expect(output).toContain(DEMO_PASSWORD);
    for (const account of DEMO_ACCOUNTS) expect(output).toContain(account.email);
    // Demo mode's mail inbox runs on the ports asked for.
    expect(output).toContain(`http://127.0.0.1:${ports.web}`);
    expect((await fetch(`http://127.0.0.1:${ports.web}/`)).status).toBe(200);
    await expectEverythingUp(base, run);
    await stopShop(run);
  }, 100_000);

  it('starts again on the same database without changing it, as two copies of everything that both serve, and restarts a copy that dies while reads go on', async () => {
    const run = await startShop(ports, REPLICAS);
    const output = run.output();
    expect(output).not.toContain('created database');
    expect(output).not.toContain('migration(s) applied');
    expect(output).toContain('every schema is up to date');
    await expectEverythingUp(ports.base, run, REPLICAS);
    const gateway = `http://127.0.0.1:${ports.base}`;

    // Public reads (each URL its own, so the gateway's cache answers none) and sign-ins reach both copies.
    for (let i = 0; i < 12; i++)
      expect((await fetch(`${gateway}/api/public/countries?search=copy${i}`)).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      const login = await fetch(`${gateway}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'customer@esim.test', password: DEMO_PASSWORD }),
      });
      expect(login.status).toBe(200);
    }
    const served = async (name: 'catalog' | 'auth', replica: number) => {
      const service = SERVICES.find((s) => s.name === name)!;
      const ready = (await (await fetch(`http://127.0.0.1:${portOf(service, ports.base, replica)}/ready`)).json()) as {
        served: number;
      };
      return ready.served;
    };
    const counts = {
      'catalog-1': await served('catalog', 0),
      'catalog-2': await served('catalog', 1),
      'auth-1': await served('auth', 0),
      'auth-2': await served('auth', 1),
    };
    console.log(`requests served per copy after 12 reads and 4 sign-ins: ${JSON.stringify(counts)}`);
    // Turn by turn the copies get 6 and 6, 2 and 2; a probe slowed by a busy machine may shift a few.
    for (const [name, count] of Object.entries(counts)) expect(count, name).toBeGreaterThan(0);
    expect(counts['catalog-1'] + counts['catalog-2']).toBeGreaterThanOrEqual(12);

    // A copy killed outright: every read still answers, from the other copy, and the dead one is
    // started again (after the first back-off step) and serves again.
    const first = pidsOf(run.output()).get('catalog-1')!;
    process.kill(first, 'SIGKILL');
    for (let i = 0; i < 10; i++)
      expect((await fetch(`${gateway}/api/public/countries?search=after${i}`)).status).toBe(200);
    const second = await waitFor(
      () => {
        const pid = pidsOf(run.output()).get('catalog-1');
        return pid !== first ? pid : undefined;
      },
      { timeoutMs: 10_000, what: 'catalog-1 restarted' },
    );
    childPids.add(second!);
    expect(run.output()).toMatch(/catalog-1 was killed by SIGKILL after [\d.]+ s; restarting in 1\.0 s\./);
    await waitFor(
      async () => {
        const ready = await fetch(
          `http://127.0.0.1:${portOf(
            SERVICES.find((s) => s.name === 'catalog')!,
            ports.base,
            0,
          )}/ready`,
        ).catch(() => undefined);
        return ready?.status === 200;
      },
      // A restarted copy compiles and boots again: on a busy two-core runner that can take most of this.
      { timeoutMs: 45_000, what: 'catalog-1 ready after restart' },
    );

    await stopShop(run);
    const report = /requests served per copy: (.*)/.exec(run.output());
    expect(report, run.output().slice(-3000)).not.toBeNull();
    console.log(`supervisor: ${report![0]}`);
    for (const name of ['catalog-2', 'auth-1', 'auth-2'])
      expect(Number(new RegExp(`${name} (\\d+)`).exec(report![1]!)?.[1]), name).toBeGreaterThan(0);
  }, 240_000);
});
