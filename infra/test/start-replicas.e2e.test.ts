import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@esim/contracts';
import { waitFor } from '@esim/platform/testing';
import { BANNER_READY_LINE } from '../src/banner';
import { SERVICES } from '../src/services';
import { portOf } from '../src/settings';
import { alive } from './helpers/processes';
import { freePortRange, runScript, scriptEnv, START_SCRIPT, type RunningScript } from './helpers/scripts';

/**
 * `npm start -- --replicas 2` for real, on this file's own (already migrated) database, Redis
 * prefix and ports: two copies of every service and of the import worker, one gateway spreading
 * requests over them. Both copies of a service must have served requests, and a copy killed
 * while GETs run must cost none of them.
 */

const REPLICAS = 2;
let run: RunningScript | undefined;
const childPids = new Set<number>();

function pidsOf(output: string): Map<string, number> {
  const pids = new Map<string, number>();
  for (const match of output.matchAll(/started (\S+) \(pid (\d+)\)/g)) pids.set(match[1]!, Number(match[2]));
  return pids;
}

afterAll(() => {
  // A failed assertion must not leave processes behind.
  if (run && run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
  for (const pid of childPids) if (alive(pid)) process.kill(pid, 'SIGKILL');
});

describe('npm start -- --replicas 2', () => {
  it('runs two copies of every service and worker behind one gateway, and both copies serve', async () => {
    const base = await freePortRange(1 + REPLICAS * 5);
    const mail = await freePortRange(2);
    run = runScript(
      START_SCRIPT,
      scriptEnv({
        APP_MODE: 'demo',
        DATABASE_URL: process.env.DATABASE_URL,
        REDIS_PREFIX: process.env.REDIS_PREFIX,
        PORT_BASE: String(base),
        MAIL_SMTP_PORT: String(mail),
        MAIL_WEB_PORT: String(mail + 1),
        LOG_LEVEL: 'warn',
        INTERNAL_SERVICE_TOKEN: undefined,
        KAFKA_BROKERS: undefined,
        SMTP_URL: undefined,
        PUBLIC_BASE_URL: undefined,
      }),
      ['--replicas', String(REPLICAS)],
    );
    const shop = run;
    await Promise.race([
      waitFor(() => shop.output().includes(BANNER_READY_LINE), {
        timeoutMs: 85_000,
        intervalMs: 100,
        what: 'the start banner',
      }),
      shop.exited.then(() => {
        throw new Error(`npm start exited early:\n${shop.output()}`);
      }),
    ]);
    const pids = pidsOf(shop.output());
    for (const pid of pids.values()) childPids.add(pid);

    // Every copy of every service and of the worker is its own live process; the gateway is one.
    const services = SERVICES.filter((s) => s.name !== 'gateway');
    const expected = [
      'gateway',
      ...services.flatMap((s) => [1, 2].map((n) => `${s.name}-${n}`)),
      'physical-sim-worker-1',
      'physical-sim-worker-2',
    ];
    for (const name of expected) expect(pids.has(name) && alive(pids.get(name)!), `${name} running`).toBe(true);
    expect(new Set(pids.values()).size).toBe(pids.size);

    const gateway = `http://127.0.0.1:${base}`;
    const health = await waitFor(
      async () => {
        const response = await fetch(`${gateway}/api/health`);
        return response.status === 200
          ? ((await response.json()) as { services: Record<string, { replicas?: Array<{ status: string }> }> })
          : undefined;
      },
      { timeoutMs: 15_000, intervalMs: 200, what: 'every copy up' },
    );
    for (const service of services)
      expect(
        health!.services[service.name]?.replicas?.map((r) => r.status),
        service.name,
      ).toEqual(['up', 'up']);

    // Public reads (each URL its own, so the gateway's cache answers none) and sign-ins.
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
      const ready = (await (await fetch(`http://127.0.0.1:${portOf(service, base, replica)}/ready`)).json()) as {
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
    for (const [name, served] of Object.entries(counts)) expect(served, name).toBeGreaterThan(0);
    expect(counts['catalog-1'] + counts['catalog-2']).toBeGreaterThanOrEqual(12);

    // A copy killed outright: every read still answers, from the other copy.
    process.kill(pids.get('catalog-1')!, 'SIGKILL');
    for (let i = 0; i < 10; i++)
      expect((await fetch(`${gateway}/api/public/countries?search=after${i}`)).status).toBe(200);

    shop.child.kill('SIGTERM');
    const exit = await shop.exited;
    expect(exit, shop.output().slice(-3000)).toEqual({ code: 0, signal: null });
    const report = /requests served per copy: (.*)/.exec(shop.output());
    expect(report, shop.output().slice(-3000)).not.toBeNull();
    console.log(`supervisor: ${report![0]}`);
    for (const name of ['catalog-2', 'auth-1', 'auth-2'])
      expect(Number(new RegExp(`${name} (\\d+)`).exec(report![1]!)?.[1])).toBeGreaterThan(0);
    for (const pid of pidsOf(shop.output()).values()) expect(alive(pid), `pid ${pid} still running`).toBe(false);
  }, 150_000);
});
