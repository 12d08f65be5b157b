import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from '@esim/platform';

/** Takes `ARGV[1]` more positions of the window's count; starts the window (`ARGV[2]` ms) on first use. */
const LEASE_SCRIPT = `
local total = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return { total, ttl }`;

type LeaseCommand = (
  key: string,
  size: number,
  windowMs: number,
  callback: (error: Error | null, result?: [number, number]) => void,
) => void;

interface Lease {
  /** Next position of the window's count this process may hand out, and the last one it holds. */
  next: number;
  last: number;
  expiresAt: number;
}

export interface LeaseOptions {
  /** A lease is at most this fraction of the limit (so a limit of 600 leases 12 at a time)... */
  leaseDivisor?: number;
  /** ...and never more than this many positions. */
  maxLease?: number;
}

/**
 * A @fastify/rate-limit store on Redis whose counts are shared by every gateway process, without
 * a Redis round trip per request on high limits. Each admitted request gets a unique position in
 * the window's count in Redis; a process takes positions in small leases (1/50 of the limit, so
 * login, register, password-reset and lookup limits still go to Redis on every request) and hands
 * them out locally. A position beyond the limit is refused, so together the processes never let
 * more than the limit through; positions a process leased but did not use are lost, so near the
 * limit a caller may be refused up to one lease per process early.
 */
export function leasedRedisStore(
  redis: Redis,
  nameSpace: string,
  options: LeaseOptions = {},
): FastifyRateLimitStoreCtor {
  const leaseDivisor = options.leaseDivisor ?? 50;
  const maxLease = options.maxLease ?? 100;
  const commands = redis as unknown as { gatewayRateLease?: LeaseCommand };
  if (!commands.gatewayRateLease) redis.defineCommand('gatewayRateLease', { numberOfKeys: 1, lua: LEASE_SCRIPT });
  const lease = commands.gatewayRateLease as LeaseCommand;

  const leases = new Map<string, Lease>();
  let nextSweep = 0;
  /** Forgets leases of windows that ended (callers who went away), at most once a minute. */
  const sweep = (now: number) => {
    if (now < nextSweep) return;
    nextSweep = now + 60_000;
    for (const [key, held] of leases) if (held.expiresAt <= now) leases.delete(key);
  };

  class LeasedRedisStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ): void {
      const now = Date.now();
      const held = leases.get(key);
      if (held && held.expiresAt > now && held.next <= held.last) {
        callback(null, { current: held.next++, ttl: held.expiresAt - now });
        return;
      }
      sweep(now);
      const size = Math.max(1, Math.min(maxLease, Math.floor(max / leaseDivisor)));
      lease.call(redis, nameSpace + key, size, timeWindow, (error, result) => {
        if (error || !result) {
          callback(error ?? new Error('rate-limit lease: no answer'));
          return;
        }
        const [total, ttl] = result;
        const first = total - size + 1;
        if (size > 1) leases.set(key, { next: first + 1, last: total, expiresAt: Date.now() + ttl });
        callback(null, { current: first, ttl });
      });
    }

    // One store for every limiter: the keys already carry the group.
    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return LeasedRedisStore;
}
