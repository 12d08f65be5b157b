import rateLimit from '@fastify/rate-limit';
import type { RateLimitGroup } from '@esim/contracts';
import { AppError, type Redis } from '@esim/platform';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { GatewayConfig } from '../config';
import type { ClientInfo } from '../proxy/client-ip';
import { leasedRedisStore } from './leased-store';

/** The route table's groups, plus `api`: every route without a group of its own. */
export type LimitGroup = RateLimitGroup | 'api';

export function limitsPerMinute(config: GatewayConfig): Record<LimitGroup, number> {
  return {
    login: config.RATE_LIMIT_LOGIN_PER_MIN,
    register: config.RATE_LIMIT_REGISTER_PER_MIN,
    'password-reset': config.RATE_LIMIT_PASSWORD_RESET_PER_MIN,
    'public-lookup': config.RATE_LIMIT_PUBLIC_LOOKUP_PER_MIN,
    'public-read': config.RATE_LIMIT_PUBLIC_READ_PER_MIN,
    api: config.RATE_LIMIT_API_PER_MIN,
  };
}

/**
 * Fixed windows of one minute per client IP and group (so /login and /refresh share the login
 * budget), counted in Redis so every gateway process counts together (see leased-store.ts for how
 * high limits avoid a Redis round trip per request). Returns the onRequest hook of a group: it
 * runs before the token check, so guessing tokens is limited too.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  redis: Redis,
  config: GatewayConfig,
  client: ClientInfo,
): Promise<(group: LimitGroup) => onRequestAsyncHookHandler> {
  await app.register(rateLimit, {
    global: false,
    store: leasedRedisStore(redis, 'gateway:rate-limit:'),
    // Redis down: let requests through (the auth service keeps its own login limits) rather than
    // turn a cache outage into a full outage.
    skipOnError: true,
    // Retry-After on a 429 only: three more headers on every answer cost more than they tell.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
    errorResponseBuilder: (_request, context) => {
      const retryAfter = String(Math.max(1, Math.ceil(context.ttl / 1000)));
      return new AppError(429, 'rate_limited', { params: { retryAfter }, headers: { 'retry-after': retryAfter } });
    },
  });
  const limits = limitsPerMinute(config);
  const hooks = new Map<LimitGroup, onRequestAsyncHookHandler>();
  for (const group of Object.keys(limits) as LimitGroup[]) {
    // One limiter per group, shared by its routes.
    const hook = app.rateLimit({
      max: limits[group],
      timeWindow: 60_000,
      keyGenerator: (request) => `${group}:${client.ip(request)}`,
    });
    hooks.set(group, hook as onRequestAsyncHookHandler);
  }
  return (group) => hooks.get(group)!;
}
