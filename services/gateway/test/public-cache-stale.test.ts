import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { allAt, gatewayConfig } from './support/upstreams';

/**
 * Stale-if-error at the door: a stand-in upstream answering like the catalog (public, max-age=60),
 * made to fail with a 503, then stopped for real. The clock is moved past max-age by faking
 * `Date` only, so no test waits a minute.
 */
let upstream: FastifyInstance;
let gateway: Awaited<ReturnType<typeof buildApp>>;
let failing = false;
let calls = 0;

const STALE_SECONDS = 600;

beforeAll(async () => {
  upstream = Fastify();
  upstream.get('/*', async (_request, reply) => {
    calls += 1;
    if (failing) return reply.status(503).send({ success: false, code: 'service_unavailable' });
    return reply
      .header('cache-control', 'public, max-age=60')
      .header('etag', '"p-1"')
      .send({ name: 'Germany', call: calls });
  });
  await upstream.listen({ port: 0, host: '127.0.0.1' });
  const { port } = upstream.server.address() as AddressInfo;
  gateway = await buildApp({
    config: gatewayConfig({ PUBLIC_CACHE_STALE_IF_ERROR_SECONDS: String(STALE_SECONDS) }),
    upstreams: allAt(`http://127.0.0.1:${port}`),
  });
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await gateway.close();
  await upstream.close();
});

/** Moves the gateway's clock (Date only: sockets and timers keep real time). */
function later(seconds: number): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + seconds * 1000);
}

describe('public pages while their service fails', () => {
  it('goes to the service again once max-age has passed, while the service answers', async () => {
    const url = '/api/public/countries/germany';
    expect((await gateway.inject(url)).json()).toEqual({ name: 'Germany', call: 1 });
    expect((await gateway.inject(url)).json()).toEqual({ name: 'Germany', call: 1 });
    later(61);
    const renewed = await gateway.inject(url);
    expect(renewed.json()).toEqual({ name: 'Germany', call: 2 });
    expect(renewed.headers['x-cache']).toBeUndefined();
  });

  it('answers a page it has seen from its copy past max-age, marked stale, while the service answers 503', async () => {
    const url = '/api/public/countries/france';
    await gateway.inject(url);
    failing = true;
    try {
      later(120);
      const stale = await gateway.inject(url);
      expect(stale.statusCode).toBe(200);
      expect(stale.json()).toEqual({ name: 'Germany', call: calls - 1 });
      expect(stale.headers['x-cache']).toBe('STALE');
      expect(stale.headers.warning).toBe('110 - "Response is Stale"');
      expect(Number(stale.headers.age)).toBeGreaterThanOrEqual(120);
      // A page it never kept has nothing to fall back on: the service's own answer.
      expect((await gateway.inject('/api/public/countries/spain')).statusCode).toBe(503);
    } finally {
      failing = false;
    }
  });

  it('keeps answering kept pages while the service is stopped, within the configured staleness only', async () => {
    const url = '/api/public/countries/italy';
    const english = { url, headers: { 'accept-language': 'en' } };
    await gateway.inject(url);
    await gateway.inject(english);
    await upstream.close();

    later(90);
    const stale = await gateway.inject(url);
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['x-cache']).toBe('STALE');
    expect(stale.headers.etag).toBe('"p-1"');
    // Conditional requests still work from the stale copy.
    expect((await gateway.inject({ url, headers: { 'if-none-match': '"p-1"' } })).statusCode).toBe(304);
    expect((await gateway.inject('/api/public/countries/never-seen')).statusCode).toBe(503);

    vi.useRealTimers();
    later(60 + STALE_SECONDS + 1);
    const tooOld = await gateway.inject(english);
    expect(tooOld.statusCode).toBe(503);
    expect(tooOld.json().code).toBe('service_unavailable');
  });
});
