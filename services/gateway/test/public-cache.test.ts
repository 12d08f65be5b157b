import { catalogChangedChannel } from '@esim/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { allAt, gatewayConfig } from './support/upstreams';

/**
 * The door's cache of public answers, against a stand-in upstream that counts its calls and
 * answers like the catalog does (public max-age, ETag, Vary: Accept-Language).
 */
let upstream: FastifyInstance;
let gateway: Awaited<ReturnType<typeof buildApp>>;
const calls: string[] = [];

beforeAll(async () => {
  upstream = Fastify();
  upstream.get('/*', async (request, reply) => {
    calls.push(`${request.url} ${request.headers['accept-language'] ?? ''}`);
    const english = String(request.headers['accept-language'] ?? '').startsWith('en');
    if (request.url.startsWith('/public/regions')) {
      // A public route whose answer must not be shared.
      return reply.header('cache-control', 'private, max-age=60').send({ n: calls.length });
    }
    return reply
      .header('cache-control', 'public, max-age=60')
      .header('etag', english ? '"en-1"' : '"tr-1"')
      .header('vary', 'Accept-Language')
      .send({ name: english ? 'United States' : 'Amerika Birleşik Devletleri' });
  });
  await upstream.listen({ port: 0, host: '127.0.0.1' });
  const address = upstream.server.address() as { port: number };
  gateway = await buildApp({ config: gatewayConfig(), upstreams: allAt(`http://127.0.0.1:${address.port}`) });
});

afterAll(async () => {
  await gateway.close();
  await upstream.close();
});

describe('public answer cache at the gateway', () => {
  it('serves a repeated public GET without asking the service, per language', async () => {
    const url = '/api/public/countries/united-states';
    const first = await gateway.inject(url);
    const again = await gateway.inject(url);
    const english = await gateway.inject({ url, headers: { 'accept-language': 'en' } });
    const englishAgain = await gateway.inject({ url, headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(first.json()).toEqual({ name: 'Amerika Birleşik Devletleri' });
    expect(again.json()).toEqual(first.json());
    expect(again.headers.etag).toBe('"tr-1"');
    expect(again.headers.age).toBeDefined();
    expect(englishAgain.json()).toEqual({ name: 'United States' });
    expect(english.headers['cache-control']).toBe('public, max-age=60');
    expect(calls.filter((c) => c.startsWith('/public/countries/united-states '))).toHaveLength(2);
  });

  it('answers a matching If-None-Match from the cache with 304', async () => {
    const res = await gateway.inject({
      url: '/api/public/countries/united-states',
      headers: { 'if-none-match': '"tr-1"' },
    });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
  });

  it('never keeps an answer the service did not mark public', async () => {
    await gateway.inject('/api/public/regions');
    await gateway.inject('/api/public/regions');
    expect(calls.filter((c) => c.startsWith('/public/regions'))).toHaveLength(2);
  });

  it("forgets the catalog's answers when the catalog announces a write, so the next load shows the change", async () => {
    const url = '/api/public/countries/germany';
    const asked = () => calls.filter((c) => c.startsWith('/public/countries/germany ')).length;
    await gateway.inject(url);
    await gateway.inject(url);
    expect(asked()).toBe(1);
    // The subscription is made as the gateway starts; announce until it is heard.
    await expect
      .poll(async () => {
        await gateway.redis.publish(catalogChangedChannel(gatewayConfig().REDIS_PREFIX), 'test');
        await gateway.inject(url);
        return asked();
      })
      .toBeGreaterThan(1);
    const settled = asked();
    await gateway.inject(url);
    expect(asked()).toBe(settled);
  });

  it('keeps each query string apart', async () => {
    const before = calls.length;
    await gateway.inject('/api/public/countries?search=tur');
    await gateway.inject('/api/public/countries?search=ger');
    await gateway.inject('/api/public/countries?search=tur');
    expect(calls.length - before).toBe(2);
  });
});
