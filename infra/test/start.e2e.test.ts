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
 * database to prove a second start is safe; every child must be gone after SIGTERM.
 */

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/esim_test';
// esim_t_<unix time>_ : the test harness drops it later if this run is killed before afterAll.
const dbName = `esim_t_${Math.floor(Date.now() / 1000)}_start${randomBytes(4).toString('hex')}`;
const databaseUrl = withDatabase(serverUrl, dbName);
const redisPrefix = `test:${dbName}:`;
const started: RunningScript[] = [];
const childPids = new Set<number>();

function pidsOf(output: string): Map<string, number> {
  const pids = new Map<string, number>();
  for (const match of output.matchAll(/started (\S+) \(pid (\d+)\)/g)) pids.set(match[1]!, Number(match[2]));
  return pids;
}

async function startShop(ports: { base: number; smtp: number; web: number }): Promise<RunningScript> {
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
  );
  started.push(run);
  await Promise.race([
    waitFor(() => run.output().includes(BANNER_READY_LINE), {
      timeoutMs: 75_000,
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

async function expectEverythingUp(base: number, run: RunningScript): Promise<void> {
  // Each service starts its event bus right after it listens: within moments every one is up.
  const health = await waitFor(
    async () => {
      const response = await fetch(`http://127.0.0.1:${base}/api/health`);
      return response.status === 200 ? response : undefined;
    },
    { timeoutMs: 10_000, intervalMs: 200, what: 'every service up' },
  );
  const body = (await health!.json()) as { status: string; services: Record<string, { status: string }> };
  expect(body.status).toBe('up');
  for (const service of SERVICES.filter((s) => s.name !== 'gateway'))
    expect(body.services[service.name]?.status, service.name).toBe('up');

  // Each service's real server.ts, as npm start runs it, runs its event bus (relay and consumers)
  // without being told: its /ready names it, and the events check is up.
  for (const service of SERVICES.filter((s) => s.schema)) {
    const ready = (await (await fetch(`http://127.0.0.1:${portOf(service, base)}/ready`)).json()) as {
      checks: Record<string, string>;
      running: string[];
    };
    expect(ready.running, service.name).toContain('event bus');
    expect(ready.checks.events, service.name).toBe('up');
    if (service.name === 'esim') expect(ready.running).toContain('recovery loop');
  }

  for (const page of ['/', '/dashboard']) {
    const response = await fetch(`http://127.0.0.1:${base}${page}`, { headers: { accept: 'text/html' } });
    expect(response.status, page).toBe(200);
    expect(response.headers.get('content-type'), page).toMatch(/^text\/html/);
    expect((await response.text()).toLowerCase(), page).toContain('<!doctype html>');
  }

  // Every service, the gateway and any worker run as their own processes.
  const pids = pidsOf(run.output());
  for (const service of SERVICES) expect(pids.has(service.name), `${service.name} started`).toBe(true);
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
    const base = await freePortRange(6);
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

  it('starts again on the same database without changing it, and restarts a service that dies', async () => {
    const run = await startShop(ports);
    const output = run.output();
    expect(output).not.toContain('created database');
    expect(output).not.toContain('migration(s) applied');
    expect(output).toContain('every schema is up to date');
    await expectEverythingUp(ports.base, run);

    // A service that dies is started again (after the first back-off step) and serves again.
    const first = pidsOf(run.output()).get('catalog')!;
    process.kill(first, 'SIGKILL');
    const second = await waitFor(
      () => {
        const pid = pidsOf(run.output()).get('catalog');
        return pid !== first ? pid : undefined;
      },
      { timeoutMs: 10_000, what: 'catalog restarted' },
    );
    childPids.add(second!);
    expect(run.output()).toMatch(/catalog was killed by SIGKILL after [\d.]+ s; restarting in 1\.0 s\./);
    await waitFor(async () => (await fetch(`http://127.0.0.1:${ports.base}/api/health`)).status === 200, {
      // A restarted service compiles and boots again: on a busy two-core runner that can take most of this.
      timeoutMs: 45_000,
      what: 'health after restart',
    });
    await stopShop(run);
  }, 150_000);
});
