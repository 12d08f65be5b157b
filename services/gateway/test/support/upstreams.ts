import { createServer, type Server } from 'node:net';
import { Readable } from 'node:stream';
import type { ServiceName } from '@esim/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadGatewayConfig, type GatewayConfig, type Upstreams } from '../../src/config';

const SERVICES: ServiceName[] = ['auth', 'catalog', 'balance', 'esim', 'physical-sim'];

/** The gateway's config from the test file's environment plus overrides (as the env would give them). */
export function gatewayConfig(overrides: Record<string, string> = {}): GatewayConfig {
  return loadGatewayConfig({ ...process.env, ...overrides });
}

export interface Received {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  bodyBytes: number;
  bodySha: string;
  body: string;
}

/**
 * A stand-in upstream for the proxy mechanics (not one of our services): answers every path with
 * what it received, and sends the headers a real list or login answer carries. `/…/slow` paths
 * answer after two seconds; `?big=stream` streams a 300 kB export; `?plain=1` answers without cookies or caching headers.
 */
export async function startEchoUpstream(): Promise<{ url: string; app: FastifyInstance; received: Received[] }> {
  const { createHash } = await import('node:crypto');
  const received: Received[] = [];
  const app = Fastify({ bodyLimit: 50 * 1024 * 1024 });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.all('/*', async (request, reply) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const entry: Received = {
      method: request.method,
      url: request.url,
      headers: request.headers,
      bodyBytes: body.length,
      bodySha: createHash('sha256').update(body).digest('hex'),
      body: body.length < 4096 ? body.toString('utf8') : '',
    };
    received.push(entry);
    if (request.url.includes('/slow')) await new Promise((resolve) => setTimeout(resolve, 2_000));
    if (request.url.includes('big=stream')) {
      // An export: 300 kB of known bytes, chunked (no Content-Length).
      return reply.type('text/csv').send(Readable.from(bigExportChunks()));
    }
    const answer = { echoed: { method: entry.method, url: entry.url, bodyBytes: entry.bodyBytes } };
    // A list answer that sets no cookie (so, to a caller without a token, not a private one).
    if (request.url.includes('plain=1')) return reply.header('x-total-count', '42').send(answer);
    return reply
      .header('set-cookie', ['refresh=abc; HttpOnly; Path=/api; SameSite=Strict', 'second=1; Path=/'])
      .header('content-range', 'items 0-9/42')
      .header('x-total-count', '42')
      .header('etag', '"v1"')
      .header('cache-control', 'private, max-age=5')
      .header('retry-after', '7')
      .header('x-powered-by', 'leaky')
      .send(answer);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}`, app, received };
}

/** The export the echo upstream streams for `?big=stream`: 300 chunks of 1 kB, each line numbered. */
export function* bigExportChunks(): Generator<Buffer> {
  for (let i = 0; i < 300; i++) yield Buffer.from(`${String(i).padStart(6, '0')};${'x'.repeat(1016)}\n`);
}

/** A URL where nothing listens: a port that was free a moment ago. */
export async function deadUrl(): Promise<string> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/** Every service pointed at one URL. */
export function allAt(url: string): Upstreams {
  return Object.fromEntries(SERVICES.map((service) => [service, url])) as Upstreams;
}
