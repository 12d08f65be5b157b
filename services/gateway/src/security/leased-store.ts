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

type Waiter = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface Lease {
  /** Next position of the window's count this process may hand out, and the last one it holds. */
  next: number;
  last: number;
  expiresAt: number;
}

export interface LeaseOptions {
  /** A lease is at most this fraction of the limit (so a limit of 600 leases 12 at a time)... */
  leaseDivisor?: number;
  /**
   * ...and never more than this many positions. The fraction already bounds what a lease can lose;
   * this only keeps a very high limit from parking a large block in one process.
   */
  maxLease?: number;
}

/**
 * A @fastify/rate-limit store on Redis whose counts are shared by every gateway process, without
 * a Redis round trip per request on high limits. Each admitted request gets a unique position in
 * the window's count in Redis; a process takes positions in small leases (1/50 of the limit, so
 * login, register, password-reset and lookup limits take one position per request) and hands
 * them out locally, one Redis call at a time per key: callers arriving while it is on its way wait
 * and share the next call. A position beyond the limit is refused, so together the processes never
 * let more than the limit through; positions a process leased but did not use are lost, so near the
 * limit a caller may be refused up to one lease per process early.
 */
export function leasedRedisStore(
  redis: Redis,
  nameSpace: string,
  options: LeaseOptions = {},
): FastifyRateLimitStoreCtor {
  const leaseDivisor = options.leaseDivisor ?? 50;
  const maxLease = options.maxLease ?? 1000;
  const commands = redis as unknown as { gatewayRateLease?: LeaseCommand };
  if (!commands.gatewayRateLease) redis.defineCommand('gatewayRateLease', { numberOfKeys: 1, lua: LEASE_SCRIPT });
  const lease = commands.gatewayRateLease as LeaseCommand;

  const leases = new Map<string, Lease>();
  /** Callers of a key whose lease ran out while a new one is on its way: served from it, in order. */
  const waiting = new Map<string, Waiter[]>();
  let nextSweep = 0;
  /** Forgets leases of windows that ended (callers who went away), at most once a minute. */
  const sweep = (now: number) => {
    if (now < nextSweep) return;
    nextSweep = now + 60_000;
    for (const [key, held] of leases) if (held.expiresAt <= now) leases.delete(key);
  };

  /**
   * One Redis call for every caller waiting on `key`: a lease of `leaseSize` positions, or as many as
   * callers wait for when they are more; callers beyond it take the next call together.
   */
  const take = (key: string, leaseSize: number, windowMs: number, size = leaseSize) => {
    lease.call(redis, nameSpace + key, size, windowMs, (error, result) => {
      const queue = waiting.get(key)!;
      waiting.delete(key);
      if (error || !result) {
        for (const callback of queue) callback(error ?? new Error('rate-limit lease: no answer'));
        return;
      }
      const [total, ttl] = result;
      let next = total - size + 1;
      const served = Math.min(queue.length, size);
      // The lease is stored before any caller goes on, so a request its callback starts finds it.
      if (next + served <= total) leases.set(key, { next: next + served, last: total, expiresAt: Date.now() + ttl });
      else leases.delete(key);
      if (queue.length > served) {
        const rest = queue.slice(served);
        waiting.set(key, rest);
        take(key, leaseSize, windowMs, Math.max(leaseSize, rest.length));
      }
      for (let i = 0; i < served; i++) queue[i]!(null, { current: next++, ttl });
    });
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
      // A lease of this key already on its way: wait for it rather than send another (a busy
      // process would otherwise send one per request until the first answer came back).
      const queue = waiting.get(key);
      if (queue) {
        queue.push(callback);
        return;
      }
      waiting.set(key, [callback]);
      sweep(now);
      take(key, Math.max(1, Math.min(maxLease, Math.floor(max / leaseDivisor))), timeWindow);
    }

    // One store for every limiter: the keys already carry the group.
    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return LeasedRedisStore;
}
