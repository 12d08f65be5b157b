import type { RateLimitGroup } from '@esim/contracts';
import { AppError, type Redis } from '@esim/platform';
import type { FastifyInstance, FastifyReply, onRequestHookHandler } from 'fastify';
import type { GatewayConfig } from '../config';
import type { ClientInfo } from '../proxy/client-ip';
import { leasedRedisStore } from './leased-store';

/** The route table's groups, plus `api`: every route without a group of its own. */
export type LimitGroup = RateLimitGroup | 'api';

/** The hook of a group, plus the partner API's bucket per key (a 429 rejection when the key is over). */
export type RateLimiter = ((group: LimitGroup) => onRequestHookHandler) & {
  perKey(bucket: string, reply: FastifyReply): Promise<void>;
};

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
 *
 * The hook is callback-style on the leased store directly: a request that finds a slot in its
 * process's lease passes with no promise and no Redis call, which matters on the busiest public
 * pages. (@fastify/rate-limit did the same counting through an async hook per request.)
 */
export async function registerRateLimits(
  app: FastifyInstance,
  redis: Redis,
  config: GatewayConfig,
  client: ClientInfo,
): Promise<RateLimiter> {
  const Store = leasedRedisStore(redis, 'gateway:rate-limit:');
  const store = new Store({} as never);
  const limits = limitsPerMinute(config);
  const windowMs = 60_000;
  const hooks = new Map<LimitGroup, onRequestHookHandler>();
  for (const group of Object.keys(limits) as LimitGroup[]) {
    const max = limits[group];
    // One limiter per group, shared by its routes.
    const hook: onRequestHookHandler = (request, reply, done) => {
      store.incr(
        `${group}:${client.ip(request)}`,
        (error, result) => {
          // Redis down: let requests through (the auth service keeps its own login limits) rather
          // than turn a cache outage into a full outage.
          if (error || !result) {
            request.log.warn({ err: error }, 'rate limit unavailable, request let through');
            return done();
          }
          if (result.current <= max) return done();
          const retryAfter = String(Math.max(1, Math.ceil(result.ttl / 1000)));
          reply.header('retry-after', retryAfter);
          done(new AppError(429, 'rate_limited', { params: { retryAfter }, headers: { 'retry-after': retryAfter } }));
        },
        windowMs,
        max,
      );
    };
    hooks.set(group, hook);
  }
  app.log.debug({ limits }, 'rate limits per minute and client IP');
  const keyMax = config.RATE_LIMIT_API_KEY_PER_MIN;
  const perKey = (bucket: string, reply: FastifyReply) =>
    new Promise<void>((resolve, reject) => {
      store.incr(
        `api-key:${bucket}`,
        (error, result) => {
          // As above: a Redis outage lets the request through rather than stopping every partner.
          if (error || !result || result.current <= keyMax) return resolve();
          const retryAfter = String(Math.max(1, Math.ceil(result.ttl / 1000)));
          reply.header('retry-after', retryAfter);
          reject(new AppError(429, 'rate_limited', { params: { retryAfter }, headers: { 'retry-after': retryAfter } }));
        },
        windowMs,
        keyMax,
      );
    });
  return Object.assign((group: LimitGroup) => hooks.get(group)!, { perKey });
}
