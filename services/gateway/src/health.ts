import type { ServiceName } from '@esim/contracts';
import type { FastifyInstance } from 'fastify';
import type { UpstreamUrls } from './config';

export interface ServiceHealth {
  /** degraded: it takes requests, but something an operator must see is wrong (an event backlog). */
  status: 'up' | 'degraded' | 'down';
  /** The service's own readiness checks (postgres, redis, events ...), when it answered. */
  checks?: Record<string, string>;
  /** What a degraded check found, in words naming the service. */
  problems?: Record<string, string>;
  latencyMs: number;
  error?: string;
  /** With several copies: each one's own answer, with the requests it has served. */
  replicas?: ReplicaHealth[];
}

export interface ReplicaHealth {
  url: string;
  status: 'up' | 'degraded' | 'down';
  served?: number;
  error?: string;
}

type ReadyAnswer = ServiceHealth & { served?: number };

async function readiness(base: string, timeoutMs: number): Promise<ReadyAnswer> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(new URL('/ready', base), { signal: AbortSignal.timeout(timeoutMs) });
    const body = (await response.json().catch(() => null)) as {
      status?: string;
      checks?: Record<string, string>;
      problems?: Record<string, string>;
      served?: number;
    } | null;
    return {
      status: !response.ok ? 'down' : body?.status === 'degraded' ? 'degraded' : 'up',
      ...(body?.checks ? { checks: body.checks } : {}),
      ...(body?.problems ? { problems: body.problems } : {}),
      latencyMs: latency(),
      ...(typeof body?.served === 'number' ? { served: body.served } : {}),
      ...(response.ok ? {} : { error: `ready answered ${response.status}` }),
    };
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'unreachable';
    return { status: 'down', latencyMs: latency(), error: reason };
  }
}

/** One copy: its own answer. Several: up when all are, down when none answers, else degraded naming the copies that fail. */
async function serviceHealth(urls: string[], timeoutMs: number): Promise<ServiceHealth> {
  const answers = await Promise.all(urls.map((url) => readiness(url, timeoutMs)));
  if (answers.length === 1) {
    const { served: _served, ...health } = answers[0]!;
    return health;
  }
  const replicas = answers.map(({ status, served, error }, index): ReplicaHealth => ({
    url: urls[index]!,
    status,
    ...(served === undefined ? {} : { served }),
    ...(error ? { error } : {}),
  }));
  const failing = replicas.filter((replica) => replica.status !== 'up');
  const answered = answers.find((answer) => answer.status !== 'down') ?? answers[0]!;
  const status =
    failing.length === 0
      ? 'up'
      : failing.length === replicas.length && answered.status === 'down'
        ? 'down'
        : 'degraded';
  return {
    status,
    ...(answered.checks ? { checks: answered.checks } : {}),
    ...(answered.problems ? { problems: answered.problems } : {}),
    latencyMs: Math.max(...answers.map((answer) => answer.latencyMs)),
    ...(failing.length
      ? {
          error: failing
            .map((replica) => `${replica.url} ${replica.status}${replica.error ? ` (${replica.error})` : ''}`)
            .join('; '),
        }
      : {}),
    replicas,
  };
}

/**
 * `GET /api/health`: every service's `/ready` (each copy's), asked in parallel with a deadline each.
 * 200 `up` when all are ready, else 503 `degraded` naming who is not and why (a service down, or
 * one whose events wait too long), outside the envelope like the services' own health routes, so
 * monitors read it cheaply.
 */
export function registerHealth(scope: FastifyInstance, upstreams: UpstreamUrls, timeoutMs: number): void {
  scope.get('/health', { schema: { hide: true } }, async (_request, reply) => {
    const entries = await Promise.all(
      (Object.entries(upstreams) as [ServiceName, string[]][]).map(
        async ([service, urls]) => [service, await serviceHealth(urls, timeoutMs)] as const,
      ),
    );
    const services = Object.fromEntries(entries) as Record<ServiceName, ServiceHealth>;
    const up = entries.every(([, health]) => health.status === 'up');
    return reply
      .status(up ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: up ? 'up' : 'degraded', services });
  });
}
