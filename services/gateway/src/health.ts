import type { ServiceName } from '@esim/contracts';
import type { FastifyInstance } from 'fastify';
import type { Upstreams } from './config';

export interface ServiceHealth {
  /** degraded: it takes requests, but something an operator must see is wrong (an event backlog). */
  status: 'up' | 'degraded' | 'down';
  /** The service's own readiness checks (postgres, redis, events ...), when it answered. */
  checks?: Record<string, string>;
  /** What a degraded check found, in words naming the service. */
  problems?: Record<string, string>;
  latencyMs: number;
  error?: string;
}

async function readiness(base: string, timeoutMs: number): Promise<ServiceHealth> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(new URL('/ready', base), { signal: AbortSignal.timeout(timeoutMs) });
    const body = (await response.json().catch(() => null)) as { status?: string; checks?: Record<string, string>; problems?: Record<string, string> } | null;
    return {
      status: !response.ok ? 'down' : body?.status === 'degraded' ? 'degraded' : 'up',
      ...(body?.checks ? { checks: body.checks } : {}),
      ...(body?.problems ? { problems: body.problems } : {}),
      latencyMs: latency(),
      ...(response.ok ? {} : { error: `ready answered ${response.status}` }),
    };
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'unreachable';
    return { status: 'down', latencyMs: latency(), error: reason };
  }
}

/**
 * `GET /api/health`: every service's `/ready`, asked in parallel with a deadline each.
 * 200 `up` when all are ready, else 503 `degraded` naming who is not and why (a service down, or
 * one whose events wait too long), outside the envelope like the services' own health routes, so
 * monitors read it cheaply.
 */
export function registerHealth(scope: FastifyInstance, upstreams: Upstreams, timeoutMs: number): void {
  scope.get('/health', { schema: { hide: true } }, async (_request, reply) => {
    const entries = await Promise.all(
      (Object.entries(upstreams) as [ServiceName, string][]).map(async ([service, base]) => [service, await readiness(base, timeoutMs)] as const),
    );
    const services = Object.fromEntries(entries) as Record<ServiceName, ServiceHealth>;
    const up = entries.every(([, health]) => health.status === 'up');
    return reply
      .status(up ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: up ? 'up' : 'degraded', services });
  });
}
