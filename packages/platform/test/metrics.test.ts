import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseConfigSchema } from '../src/config';
import { attachEventBus } from '../src/events/bus';
import { publish } from '../src/events/publish';
import { ok } from '../src/http/envelope';
import { SERVICE_TOKEN_HEADER } from '../src/auth';
import { createServiceApp } from '../src/service';
import { registerTableGauges, RequestDurations } from '../src/metrics';
import { Registry } from 'prom-client';

/**
 * `/metrics` of a real service app on the test's own database: guarded by the internal
 * credential, in Prometheus' text format, with request counts and latency per route and status,
 * the outbox and parked events read at scrape time, and the event bus counters.
 */
const config = baseConfigSchema.parse(process.env);
let app: Awaited<ReturnType<typeof createServiceApp>>;

beforeAll(async () => {
  app = await createServiceApp({ name: 'catalog', schema: 'catalog', description: 'test', config });
  attachEventBus(app, { service: 'catalog', settings: { metricsLogIntervalMs: 0 } });
  app.get('/public/countries', async (_request, reply) => ok(reply, []));
});

afterAll(async () => {
  await app.close();
});

const scrape = async (headers: Record<string, string> = { [SERVICE_TOKEN_HEADER]: config.INTERNAL_SERVICE_TOKEN }) =>
  app.inject({ url: '/metrics', headers });

/** The value of the one sample of `name` whose labels include every one given. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:][a-z0-9_:]*)(?:\{(.*)\})? (\S+)$/i.exec(line);
    if (!match || match[1] !== name) continue;
    const has = Object.entries(labels).every(([key, value]) =>
      (match[2] ?? '').split(',').includes(`${key}="${value}"`),
    );
    if (has) return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics', () => {
  it('answers only the internal credential, in the header services use or as a bearer token', async () => {
    expect((await scrape({})).statusCode).toBe(401);
    expect(
      (await scrape({ [SERVICE_TOKEN_HEADER]: 'x'.repeat(config.INTERNAL_SERVICE_TOKEN.length) })).statusCode,
    ).toBe(401);
    expect((await scrape({ authorization: 'Bearer wrong' })).json()).toMatchObject({
      success: false,
      code: 'unauthorized',
    });
    const bearer = await scrape({ authorization: `Bearer ${config.INTERNAL_SERVICE_TOKEN}` });
    expect(bearer.statusCode).toBe(200);
    expect(bearer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts requests per route pattern and status, with their durations', async () => {
    for (let i = 0; i < 3; i++) await app.inject('/public/countries');
    await app.inject('/no-such-route');
    const text = (await scrape()).body;
    const ok200 = { route: '/public/countries', method: 'GET', status_code: '200', service: 'catalog' };
    expect(sample(text, 'http_request_duration_seconds_count', ok200)).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_sum', ok200)).toBeGreaterThan(0);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...ok200, le: '+Inf' })).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toBe(1);
    // The process's own figures come along.
    expect(sample(text, 'process_resident_memory_bytes', { service: 'catalog' })).toBeGreaterThan(0);
  });

  it('reads the outbox and parked events at scrape time, and shows the event bus counters', async () => {
    const before = (await scrape()).body;
    expect(sample(before, 'outbox_waiting_events', { service: 'catalog' })).toBe(0);
    expect(sample(before, 'parked_events_unresolved', { service: 'catalog' })).toBe(0);
    // The bus is not running here: the event waits in the outbox.
    await app.db.transaction((trx) =>
      publish(trx, 'catalog', {
        type: 'catalog.package.deactivated',
        aggregateId: 'pkg-m',
        payload: { packageId: 'pkg-m' },
      }),
    );
    const after = (await scrape()).body;
    expect(sample(after, 'outbox_waiting_events', { service: 'catalog' })).toBe(1);
    expect(sample(after, 'outbox_oldest_waiting_seconds', { service: 'catalog' })).toBeGreaterThanOrEqual(0);
    expect(sample(after, 'events_consumer_lag', { service: 'catalog', transport: 'postgres' })).toBe(0);
    expect(sample(after, 'events_relayed_total', { service: 'catalog', transport: 'postgres' })).toBe(0);
  });

  it('is valid exposition text: every line a HELP, a TYPE or a sample (or blank), each metric described once', async () => {
    const lines = (await scrape()).body.split('\n').filter((line) => line !== '');
    const described = new Set<string>();
    for (const line of lines) {
      const help = /^# HELP ([a-z_:][a-z0-9_:]*) .+$/i.exec(line);
      if (help) {
        expect(described.has(help[1]!), `HELP ${help[1]} twice`).toBe(false);
        described.add(help[1]!);
        continue;
      }
      expect(line, 'a TYPE or sample line').toMatch(
        /^(# TYPE [a-z_:][a-z0-9_:]* (counter|gauge|histogram|summary|untyped)|[a-z_:][a-z0-9_:]*(\{([a-z_][a-z0-9_]*="(?:[^"\\]|\\.)*",?)*\})? -?(\d+(\.\d+)?(e[+-]?\d+)?|NaN|\+Inf|-Inf))$/i,
      );
    }
  });

  it("passes Prometheus' own checker (promtool check metrics, Debian's prometheus package)", async () => {
    const text = (await scrape()).body;
    const check = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(check.error, 'promtool not found: apt-get install prometheus').toBeUndefined();
    expect(`${check.stdout}${check.stderr}`.trim()).toBe('');
    expect(check.status).toBe(0);
  });
});

describe('RequestDurations', () => {
  it('counts each observation in its bucket, cumulative in the text, per route, method and status', () => {
    const durations = new RequestDurations();
    for (const seconds of [0.0005, 0.001, 0.003, 0.3, 20]) durations.observe('/packages/:id', 'GET', 200, seconds);
    durations.observe('/packages/:id', 'GET', 404, 0.002);
    durations.observe('/a"b\\c', 'POST', 201, 0.01);
    const text = durations.toPrometheus('catalog');
    const ok200 = { service: 'catalog', route: '/packages/:id', method: 'GET', status_code: '200' };
    // Bounds are "less than or equal": 0.001 is in the first bucket; 20 s is above every bound.
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...ok200, le: '0.001' })).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...ok200, le: '0.005' })).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...ok200, le: '0.25' })).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...ok200, le: '0.5' })).toBe(4);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...ok200, le: '10' })).toBe(4);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...ok200, le: '+Inf' })).toBe(5);
    expect(sample(text, 'http_request_duration_seconds_count', ok200)).toBe(5);
    expect(sample(text, 'http_request_duration_seconds_sum', ok200)).toBeCloseTo(20.3045, 6);
    expect(sample(text, 'http_request_duration_seconds_count', { ...ok200, status_code: '404' })).toBe(1);
    // A quote or backslash in a label value is escaped, so the line still parses.
    expect(text).toContain(
      'http_request_duration_seconds_count{service="catalog",route="/a\\"b\\\\c",method="POST",status_code="201"} 1\n',
    );
    const check = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(`${check.stdout}${check.stderr}`.trim()).toBe('');
  });
});

describe('registerTableGauges', () => {
  it('reads once per scrape for all its gauges, and again at the next scrape', async () => {
    // Each read takes the next number of a sequence, so the gauges show which read they were given.
    await app.db.raw('CREATE SEQUENCE IF NOT EXISTS gauge_reads_test');
    try {
      const registry = new Registry();
      registerTableGauges<{ n: number }>(registry, app.db, `SELECT nextval('gauge_reads_test')::int AS n`, [
        { name: 'reading_one', help: 'the reading', value: (row) => row.n },
        { name: 'reading_two', help: 'twice the reading', value: (row) => row.n * 2 },
      ]);
      const first = await registry.metrics();
      expect(first).toContain('reading_one 1');
      expect(first).toContain('reading_two 2');
      const second = await registry.metrics();
      expect(second).toContain('reading_one 2');
      expect(second).toContain('reading_two 4');
    } finally {
      await app.db.raw('DROP SEQUENCE gauge_reads_test');
    }
  });
});
