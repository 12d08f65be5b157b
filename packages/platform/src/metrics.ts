import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { SERVICE_TOKEN_HEADER } from './auth';
import type { Db } from './db';
import { unauthorized } from './errors';
import { metricsToPrometheus } from './events/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's Prometheus registry: a service adds its own gauges (pending holds, queue depth) here. */
    metrics: Registry;
  }
}

export const METRICS_PATH = '/metrics';

/** For a service's own gauges on `app.metrics` (read at scrape time through their `collect`). */
export { Gauge, type Registry } from 'prom-client';

/**
 * A service's gauges of what its tables hold, read at scrape time (never a stale figure) by one
 * statement whose first row the gauges of one scrape share (prom-client collects them all at once, so
 * they find the read in flight). With the database down the gauges keep their last reading: `/ready`
 * says so.
 */
export function registerTableGauges<R>(
  registry: Registry,
  db: Db,
  sql: string,
  gauges: Array<{ name: string; help: string; value: (row: R) => number }>,
): void {
  let reading: Promise<R | undefined> | undefined;
  const shared = () =>
    (reading ??= db
      .raw(sql)
      .then((result: { rows: R[] }) => result.rows[0])
      .catch(() => undefined)
      .finally(() => (reading = undefined)));
  for (const { name, help, value } of gauges)
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const row = await shared();
        if (row !== undefined) this.set(value(row));
      },
    });
}

/** Request durations from a cache hit (sub-millisecond) to a slow export. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface DurationSeries {
  /** Observations per bucket, not yet cumulative; the last slot is above the highest bound. */
  counts: number[];
  sum: number;
}

/** A label value in Prometheus' text format. */
const labelValue = (value: string | number) =>
  String(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/**
 * `http_request_duration_seconds` by route, method and status, kept in nested maps whose keys are
 * the strings and numbers the request already holds, so recording one hashes no label object (as
 * prom-client's `observe` does).
 */
export class RequestDurations {
  private readonly routes = new Map<string, Map<string, Map<number, DurationSeries>>>();

  observe(route: string, method: string, status: number, seconds: number): void {
    let methods = this.routes.get(route);
    if (!methods) this.routes.set(route, (methods = new Map()));
    let statuses = methods.get(method);
    if (!statuses) methods.set(method, (statuses = new Map()));
    let series = statuses.get(status);
    if (!series) statuses.set(status, (series = { counts: DURATION_BUCKETS.map(() => 0).concat(0), sum: 0 }));
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket += 1;
    series.counts[bucket]! += 1;
    series.sum += seconds;
  }

  /** The histogram in Prometheus' text format, its buckets cumulative as the format wants them. */
  toPrometheus(service: string): string {
    const name = 'http_request_duration_seconds';
    const lines = [
      `# HELP ${name} Requests served, by route (its pattern, so ids do not multiply series), method and status`,
      `# TYPE ${name} histogram`,
    ];
    for (const [route, methods] of this.routes)
      for (const [method, statuses] of methods)
        for (const [status, series] of statuses) {
          const labels = `service="${labelValue(service)}",route="${labelValue(route)}",method="${labelValue(method)}",status_code="${status}"`;
          let below = 0;
          DURATION_BUCKETS.forEach((bound, i) => {
            below += series.counts[i]!;
            lines.push(`${name}_bucket{${labels},le="${bound}"} ${below}`);
          });
          const count = below + series.counts[DURATION_BUCKETS.length]!;
          lines.push(
            `${name}_bucket{${labels},le="+Inf"} ${count}`,
            `${name}_sum{${labels}} ${series.sum}`,
            `${name}_count{${labels}} ${count}`,
          );
        }
    return `${lines.join('\n')}\n`;
  }
}

/**
 * Prometheus needs a credential it can send: the internal service token, in the service-token
 * header or as `Authorization: Bearer` (what a scrape config's `authorization` block sends).
 */
function hasServiceToken(request: FastifyRequest, expected: Buffer): boolean {
  const header = request.headers[SERVICE_TOKEN_HEADER];
  const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const given = Buffer.from(typeof header === 'string' ? header : (bearer ?? ''));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The outbox and the parked events of the service's own schema. */
function registerEventTableGauges(registry: Registry, db: Db): void {
  registerTableGauges<{ waiting: number; oldest: number; parked: number }>(
    registry,
    db,
    `SELECT (SELECT count(*)::int FROM outbox WHERE published_at IS NULL) AS waiting,
            coalesce((SELECT extract(epoch FROM now() - min(created_at)) FROM outbox WHERE published_at IS NULL), 0)::float AS oldest,
            (SELECT count(*)::int FROM parked_events WHERE status <> 'resolved') AS parked`,
    [
      {
        name: 'outbox_waiting_events',
        help: 'Events in the outbox not yet handed to the transport',
        value: (row) => row.waiting,
      },
      {
        name: 'outbox_oldest_waiting_seconds',
        help: 'Age of the oldest event waiting in the outbox (0: none)',
        value: (row) => row.oldest,
      },
      {
        name: 'parked_events_unresolved',
        help: 'Events parked after their last attempt and not yet resolved',
        value: (row) => row.parked,
      },
    ],
  );
}

/**
 * `GET /metrics` in Prometheus' text format, for the internal credential only (never routed by
 * the gateway, which forwards only the route table's /api routes): request rate and latency per
 * route and status, the process's own figures (CPU, memory, event-loop delay), and for a service
 * with a schema its outbox backlog, parked events and event bus counters (relay, consumer lag).
 */
export function registerMetrics(
  app: FastifyInstance,
  options: { service: string; internalToken: string; db?: Db },
): void {
  const registry = new Registry();
  registry.setDefaultLabels({ service: options.service });
  collectDefaultMetrics({ register: registry });
  // Gauges named like counters, which Prometheus' checker refuses (process_open_fds tells much the same).
  for (const misnamed of [
    'nodejs_active_handles_total',
    'nodejs_active_requests_total',
    'nodejs_active_resources_total',
  ])
    registry.removeSingleMetric(misnamed);
  app.decorate('metrics', registry);

  const durations = new RequestDurations();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    if (route !== METRICS_PATH)
      durations.observe(route ?? 'unmatched', request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  if (options.db) registerEventTableGauges(registry, options.db);
  const expected = Buffer.from(options.internalToken);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!hasServiceToken(request, expected)) throw unauthorized('unauthorized');
    let text = (await registry.metrics()) + durations.toPrometheus(options.service);
    if (app.hasDecorator('events')) text += metricsToPrometheus([app.events.metrics()]);
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
}
