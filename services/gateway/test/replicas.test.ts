import type { AddressInfo } from 'node:net';
import { waitFor } from '@esim/platform/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadGatewayConfig } from '../src/config';
import { deadUrl, gatewayConfig } from './support/upstreams';

/**
 * Several copies of a service behind the gateway, as `*_URL=a,b` gives them: real HTTP servers
 * standing in for the copies (each answers with its name and counts what it got), one killed
 * while requests run, one whose /ready fails, one brought back on its port.
 */

type Gateway = Awaited<ReturnType<typeof buildApp>>;

interface Copy {
  name: string;
  url: string;
  /** `METHOD path` of every request that reached it, /ready probes left out. */
  calls: string[];
  ready: boolean;
  app?: FastifyInstance;
}

async function listen(copy: Copy, port = 0): Promise<void> {
  const app = Fastify();
  app.get('/ready', async (_request, reply) =>
    reply.status(copy.ready ? 200 : 503).send({ status: copy.ready ? 'up' : 'down', served: copy.calls.length }),
  );
  app.all('/*', async (request) => {
    copy.calls.push(`${request.method} ${request.url.split('?')[0]}`);
    // A little work per request, so requests overlap the kill below.
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { servedBy: copy.name };
  });
  await app.listen({ port, host: '127.0.0.1' });
  copy.app = app;
  copy.url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function startCopy(name: string): Promise<Copy> {
  const copy: Copy = { name, url: '', calls: [], ready: true };
  await listen(copy);
  return copy;
}

/** Gone at once, as a SIGKILLed process: open connections cut, the port refusing. */
async function kill(copy: Copy): Promise<void> {
  copy.app!.server.closeAllConnections();
  await copy.app!.close();
}

const HEALTH_INTERVAL_MS = 100;
const generous = { RATE_LIMIT_PUBLIC_READ_PER_MIN: '100000', RATE_LIMIT_LOGIN_PER_MIN: '100000' };
const countries = (gateway: Gateway) => gateway.inject({ method: 'GET', url: '/api/public/countries' });
const gets = (copy: Copy) => copy.calls.filter((call) => call === 'GET /public/countries').length;

let one: Copy;
let two: Copy;
let gateway: Gateway;
const closers: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  one = await startCopy('one');
  two = await startCopy('two');
  gateway = await buildApp({
    config: gatewayConfig({
      ...generous,
      CATALOG_URL: `${one.url}, ${two.url}`,
      UPSTREAM_HEALTH_INTERVAL_MS: String(HEALTH_INTERVAL_MS),
      PUBLIC_CACHE_MAX_ENTRIES: '0',
    }),
  });
  closers.push(() => gateway.close());
});

afterAll(async () => {
  for (const close of closers) await close();
  await one.app?.close();
  await two.app?.close();
});

describe('several copies of a service behind the gateway', () => {
  it('reads every comma-separated URL of a *_URL setting and names a bad one', async () => {
    expect(loadGatewayConfig({ CATALOG_URL: 'http://a:1, http://b:2' }).CATALOG_URL).toEqual([
      'http://a:1',
      'http://b:2',
    ]);
    expect(loadGatewayConfig({}).CATALOG_URL).toEqual(['http://127.0.0.1:8082']);
    expect(() => loadGatewayConfig({ CATALOG_URL: 'http://a:1,not a url' })).toThrow(/CATALOG_URL/);
  });

  it('spreads requests over the copies in turn', async () => {
    const before = [gets(one), gets(two)];
    for (let i = 0; i < 10; i++) expect((await countries(gateway)).statusCode).toBe(200);
    expect([gets(one) - before[0]!, gets(two) - before[1]!]).toEqual([5, 5]);
  });

  it('keeps answering GETs while a copy is killed mid-run, then sends them to the living copy only', async () => {
    const statuses: number[] = [];
    const load = async () => {
      for (let i = 0; i < 25; i++) statuses.push((await countries(gateway)).statusCode);
    };
    const running = Promise.all([load(), load(), load(), load()]);
    await waitFor(() => statuses.length >= 20, { timeoutMs: 10_000, intervalMs: 1, what: 'requests under way' });
    await kill(one);
    await running;
    expect(statuses).toHaveLength(100);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);

    const atTwo = gets(two);
    for (let i = 0; i < 6; i++) expect((await countries(gateway)).json()).toEqual({ servedBy: 'two' });
    expect(gets(two) - atTwo).toBe(6);
  });

  it('puts a copy back once its /ready answers again', async () => {
    const port = Number(new URL(one.url).port);
    await listen(one, port);
    const before = gets(one);
    await waitFor(
      async () => {
        await countries(gateway);
        return gets(one) > before;
      },
      { timeoutMs: 5_000, intervalMs: 20, what: 'the copy back in rotation' },
    );
  });

  it('takes out a copy whose /ready fails before any request fails, and puts it back when it is ready', async () => {
    two.ready = false;
    // Taken out by a probe: two answers in a row from the same copy, where the turn would alternate.
    const servedBy = async () => {
      const response = await countries(gateway);
      expect(response.statusCode).toBe(200);
      return (response.json() as { servedBy: string }).servedBy;
    };
    await waitFor(async () => (await servedBy()) === 'one' && (await servedBy()) === 'one', {
      timeoutMs: 5_000,
      intervalMs: HEALTH_INTERVAL_MS,
      what: 'the unready copy out',
    });
    const atTwo = gets(two);
    for (let i = 0; i < 6; i++) expect((await countries(gateway)).json()).toEqual({ servedBy: 'one' });
    expect(gets(two)).toBe(atTwo);

    two.ready = true;
    await waitFor(
      async () => {
        await countries(gateway);
        return gets(two) > atTwo;
      },
      { timeoutMs: 5_000, intervalMs: 20, what: 'the ready copy back in rotation' },
    );
  });

  it('shows every copy in /api/health with the requests it served, the service degraded while one is not ready', async () => {
    const health = async () => (await gateway.inject('/api/health')).json().services.catalog;
    expect(await health()).toMatchObject({
      status: 'up',
      replicas: [
        { url: one.url, status: 'up', served: one.calls.length },
        { url: two.url, status: 'up', served: two.calls.length },
      ],
    });
    two.ready = false;
    const degraded = await health();
    two.ready = true;
    expect(degraded).toMatchObject({
      status: 'degraded',
      replicas: [{ status: 'up' }, { status: 'down', error: 'ready answered 503' }],
    });
    expect(degraded.error).toContain(two.url);
  });

  it('never sends a POST without an Idempotency-Key to a second copy, but does send a keyed one', async () => {
    const login = { method: 'POST' as const, url: '/api/login', payload: { email: 'a@b.co', password: 'secret123' } };
    const gatewayTo = async (urls: string) => {
      // No probe before the first request: the refused copy is the one it tries first.
      const built = await buildApp({
        config: gatewayConfig({ ...generous, AUTH_URL: urls, UPSTREAM_HEALTH_INTERVAL_MS: '600000' }),
      });
      closers.push(() => built.close());
      return built;
    };
    const posts = () => two.calls.filter((call) => call === 'POST /login').length;

    const plain = await (await gatewayTo(`${await deadUrl()},${two.url}`)).inject(login);
    expect(plain.statusCode).toBe(503);
    expect(plain.json().code).toBe('service_unavailable');
    expect(posts()).toBe(0);

    const keyed = await (
      await gatewayTo(`${await deadUrl()},${two.url}`)
    ).inject({ ...login, headers: { 'idempotency-key': 'replica-test-1' } });
    expect(keyed.statusCode).toBe(200);
    expect(keyed.json()).toEqual({ servedBy: 'two' });
    expect(posts()).toBe(1);
  });
});
