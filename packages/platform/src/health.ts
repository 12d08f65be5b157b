import type { FastifyInstance } from 'fastify';

export type ReadinessCheck = () => Promise<unknown>;

/**
 * `/health`: the process is alive. `/ready`: every dependency answers (PostgreSQL, Redis, ...).
 * Both are outside the envelope so load balancers and the gateway read them cheaply.
 */
export function registerHealthRoutes(app: FastifyInstance, service: string, checks: Record<string, ReadinessCheck>): void {
  const startedAt = new Date().toISOString();
  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'up', service, startedAt }));
  app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
    const results: Record<string, 'up' | 'down'> = {};
    await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await Promise.race([check(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000))]);
          results[name] = 'up';
        } catch {
          results[name] = 'down';
        }
      }),
    );
    const up = Object.values(results).every((s) => s === 'up');
    return reply.status(up ? 200 : 503).send({ status: up ? 'up' : 'down', service, checks: results });
  });
}
