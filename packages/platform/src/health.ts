import type { FastifyInstance } from 'fastify';

export type ReadinessCheck = () => Promise<unknown>;

/**
 * A check of something an operator must see although the service can still take requests (an
 * event backlog): it answers the problem in words, or null when all is well.
 */
export type DegradationCheck = () => Promise<string | null>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Adds a check `/ready` reports as `degraded` (still 200: the service takes requests). */
    addDegradationCheck(name: string, check: DegradationCheck): void;
  }
}

const CHECK_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** What load balancers, monitors and Prometheus call: not requests served. */
const PROBE_PATHS = new Set(['/ready', '/health', '/metrics']);

/**
 * `/health`: the process is alive. `/ready`: every dependency answers (PostgreSQL, Redis, ...):
 * 503 `down` when one does not; 200 `degraded` with the problems named when only a degradation
 * check fails (the supervisor and load balancers keep sending requests, monitors see it), with the
 * work running beside the requests (event bus, loops) and the requests this process has served
 * (with several copies of a service, each copy's count shows that it took its share). Both are
 * outside the envelope so load balancers and the gateway read them cheaply.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  service: string,
  checks: Record<string, ReadinessCheck>,
): void {
  const startedAt = new Date().toISOString();
  let served = 0;
  app.addHook('onResponse', (request, _reply, done) => {
    // The path as sent (probes send no query), not routeOptions, which fastify builds anew on every read.
    if (!PROBE_PATHS.has(request.url)) served += 1;
    done();
  });
  const degradationChecks = new Map<string, DegradationCheck>();
  app.decorate('addDegradationCheck', (name: string, check: DegradationCheck) => {
    degradationChecks.set(name, check);
  });
  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'up', service, startedAt }));
  app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
    const results: Record<string, 'up' | 'down' | 'degraded'> = {};
    const problems: Record<string, string> = {};
    await Promise.all([
      ...Object.entries(checks).map(async ([name, check]) => {
        try {
          await withTimeout(check());
          results[name] = 'up';
        } catch {
          results[name] = 'down';
        }
      }),
      ...[...degradationChecks].map(async ([name, check]) => {
        try {
          const problem = await withTimeout(check());
          results[name] = problem ? 'degraded' : 'up';
          if (problem) problems[name] = problem;
        } catch (error) {
          results[name] = 'degraded';
          problems[name] = `could not be checked: ${(error as Error).message}`;
        }
      }),
    ]);
    const statuses = Object.values(results);
    const status = statuses.includes('down') ? 'down' : statuses.includes('degraded') ? 'degraded' : 'up';
    const running = typeof app.servingWork === 'function' ? app.servingWork() : [];
    return reply.status(status === 'down' ? 503 : 200).send({
      status,
      service,
      checks: results,
      ...(Object.keys(problems).length ? { problems } : {}),
      running,
      served,
    });
  });
}
