import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactPath, requestLogger } from '../src/logger';

describe('request logs', () => {
  it('leave out the credential of a one-time install link or a demo card page, and nothing else', () => {
    expect(redactPath('/install/AbCdEfGhIjKlMnOpQrStUv')).toBe('/install/[redacted]');
    expect(redactPath('/api/public/install/AbCdEfGhIjKlMnOpQrStUv?lng=en')).toBe(
      '/api/public/install/[redacted]?lng=en',
    );
    expect(redactPath('/api/payments/demo/tok_123/3ds')).toBe('/api/payments/demo/[redacted]/3ds');
    expect(redactPath('/api/user/esim/orders/ESIM2026ABCDEF/install-links')).toBe(
      '/api/user/esim/orders/ESIM2026ABCDEF/install-links',
    );
  });

  it('write the request line through the redacting serializer', () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _encoding, done) => void (lines.push(String(chunk)), done()) });
    const log = pino(loggerOptions('esim', 'info'), sink);
    log.info(
      { req: { method: 'GET', url: '/public/install/AbCdEfGhIjKlMnOpQrStUv', headers: {}, ip: '127.0.0.1' } },
      'incoming request',
    );
    const line = JSON.parse(lines[0]!);
    expect(line.req).toMatchObject({ method: 'GET', url: '/public/install/[redacted]', remoteAddress: '127.0.0.1' });
    expect(lines[0]).not.toContain('AbCdEfGhIjKlMnOpQrStUv');
  });

  it('is what fastify logs an incoming request with', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _encoding, done) => void (lines.push(String(chunk)), done()) });
    const app = Fastify({ logger: { ...loggerOptions('gateway', 'info'), stream } });
    app.get('/install/:token', async () => 'ok');
    await app.inject({ method: 'GET', url: '/install/AbCdEfGhIjKlMnOpQrStUv' });
    await app.close();
    const incoming = lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'incoming request');
    expect(incoming.req.url).toBe('/install/[redacted]');
    expect(lines.join('')).not.toContain('AbCdEfGhIjKlMnOpQrStUv');
  });
});

describe('per-request loggers', () => {
  async function linesOf(level: string, route: (log: FastifyBaseLogger) => void) {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _encoding, done) => void (lines.push(String(chunk)), done()) });
    const app = Fastify({
      logger: { ...loggerOptions('gateway', level), stream },
      childLoggerFactory: requestLogger,
      genReqId: () => 'req-1',
    });
    app.get('/', async (request) => {
      route(request.log);
      return 'ok';
    });
    await app.inject({ method: 'GET', url: '/' });
    await app.close();
    return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  it("write fastify's request lines with the request id at info", async () => {
    const lines = await linesOf('info', () => {});
    expect(lines.map((line) => [line.msg, line.reqId])).toEqual([
      ['incoming request', 'req-1'],
      ['request completed', 'req-1'],
    ]);
  });

  it('write only enabled levels, each line with the request id, children included', async () => {
    const lines = await linesOf('warn', (log) => {
      expect(log.level).toBe('warn');
      log.info('not written');
      log.warn({ detail: 1 }, 'written');
      log.child({ part: 'door' }).error('from a child');
    });
    expect(lines.map((line) => [line.msg, line.reqId, line.detail ?? line.part])).toEqual([
      ['written', 'req-1', 1],
      ['from a child', 'req-1', 'door'],
    ]);
  });

  it('write nothing when no line is at an enabled level', async () => {
    expect(await linesOf('error', (log) => log.warn('quiet'))).toEqual([]);
  });
});
