import { randomUUID } from 'node:crypto';
import type { Redis } from '@esim/platform';

/** Waits for a turn to call the supplier. */
export interface RateLimiter {
  take(): Promise<void>;
}

/*
 * A sliding window in one sorted set: the calls granted in the last window, scored by Redis's own
 * clock so every process and machine counts on the same one. A call is granted while fewer than the
 * limit were granted within the window; otherwise the answer is how long until the oldest leaves it.
 */
const SLIDING_WINDOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window * 2)
  return 0
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + window - now)
`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * At most `perSecond` calls in any second across every process that shares the Redis (the key sits
 * under the client's prefix). The window is a little longer than a second so that calls granted at
 * its edges still arrive at the supplier more than a second apart.
 */
export function sharedRateLimiter(
  redis: Redis,
  options: { key: string; perSecond: number; marginMs?: number },
): RateLimiter {
  const windowMs = 1000 + (options.marginMs ?? 100);
  return {
    async take() {
      for (;;) {
        const wait = Number(
          await redis.eval(SLIDING_WINDOW, 1, options.key, windowMs, options.perSecond, randomUUID()),
        );
        if (wait <= 0) return;
        // A little spread, so the waiting callers do not all come back in the same millisecond.
        await sleep(wait + Math.floor(Math.random() * 15));
      }
    },
  };
}
