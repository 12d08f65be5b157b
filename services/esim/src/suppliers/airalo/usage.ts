import { randomUUID } from 'node:crypto';
import type { Redis } from '@esim/platform';
import type { SupplierEsimStatus } from '../../provider/supplier';
import { AiraloUnavailable, type AiraloClient } from './client';
import { MB, parseUsage, type AiraloUsage } from './wire';

export interface UsageSettings {
  client: AiraloClient;
  redis: Redis;
  /** Airalo refreshes its usage figures every 20 minutes: asking more often learns nothing. */
  cacheMs: number;
  /** Airalo's limit of usage requests per ICCID and minute, kept across every process. */
  perIccidPerMinute: number;
}

/** Airalo's figures of one eSIM and when we read them (Airalo's own snapshot may be up to 20 minutes older). */
export interface UsageSnapshot {
  usage: AiraloUsage;
  fetchedAt: number;
}

/** A stale copy is kept this long, to answer while Airalo's rate limit or an outage stops a fresh read. */
const KEEP_STALE_MS = 24 * 3600 * 1000;

/** Takes one call of the sliding one-minute window of an ICCID: 1 when it fits, 0 when the window is full. */
const TAKE_CALL = `
  local now = tonumber(ARGV[1])
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - 60000)
  if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], 60000)
  return 1`;

/**
 * An eSIM's usage from Airalo (GET /v2/sims/{iccid}/usage, in MB), cached in Redis for every process:
 * a read within `cacheMs` of the last one is answered from the cache, calls per ICCID stay within
 * Airalo's per-minute limit, and a 429 is honoured for its Retry-After. While Airalo cannot be asked,
 * the last figures we have are answered with the time we read them.
 */
export function createUsage(settings: UsageSettings) {
  const inFlight = new Map<string, Promise<UsageSnapshot | null>>();
  const cacheKey = (iccid: string) => `airalo:usage:${iccid}`;

  async function cached(iccid: string): Promise<UsageSnapshot | null> {
    const value = await settings.redis.get(cacheKey(iccid));
    if (!value) return null;
    try {
      const parsed = JSON.parse(value) as {
        usage: Omit<AiraloUsage, 'expiresAt'> & { expiresAt: string | null };
        fetchedAt: number;
      };
      return {
        usage: { ...parsed.usage, expiresAt: parsed.usage.expiresAt ? new Date(parsed.usage.expiresAt) : null },
        fetchedAt: parsed.fetchedAt,
      };
    } catch {
      return null;
    }
  }

  const staleOr = (stale: UsageSnapshot | null, error: AiraloUnavailable) => {
    if (stale) return stale;
    throw error;
  };

  async function fetchUsage(iccid: string, stale: UsageSnapshot | null): Promise<UsageSnapshot | null> {
    const waitKey = `airalo:usage-wait:${iccid}`;
    const waitMs = await settings.redis.pttl(waitKey);
    if (waitMs > 0)
      return staleOr(stale, new AiraloUnavailable(`Airalo usage of ${iccid}: rate limited`, Math.ceil(waitMs / 1000)));
    const allowed = await settings.redis.eval(
      TAKE_CALL,
      1,
      `airalo:usage-calls:${iccid}`,
      Date.now(),
      settings.perIccidPerMinute,
      randomUUID(),
    );
    if (allowed !== 1)
      return staleOr(
        stale,
        new AiraloUnavailable(`Airalo usage of ${iccid}: ${settings.perIccidPerMinute} calls this minute`, 60),
      );
    let answer;
    try {
      answer = await settings.client.request('GET', `/sims/${encodeURIComponent(iccid)}/usage`);
    } catch (error) {
      if (error instanceof AiraloUnavailable) return staleOr(stale, error);
      throw error;
    }
    if (answer.status === 429) {
      const seconds = answer.retryAfterSeconds ?? 60;
      await settings.redis.set(waitKey, '1', 'PX', Math.max(1000, seconds * 1000));
      return staleOr(stale, new AiraloUnavailable(`Airalo usage of ${iccid}: rate limited`, seconds));
    }
    if (answer.status === 404) return null;
    const usage = answer.status === 200 ? parseUsage(answer.body) : null;
    if (!usage) return staleOr(stale, new AiraloUnavailable(`Airalo usage of ${iccid}: answered ${answer.status}`));
    const snapshot = { usage, fetchedAt: Date.now() };
    await settings.redis.set(
      cacheKey(iccid),
      JSON.stringify({
        usage: { ...usage, expiresAt: usage.expiresAt?.toISOString() ?? null },
        fetchedAt: snapshot.fetchedAt,
      }),
      'PX',
      Math.max(settings.cacheMs, KEEP_STALE_MS),
    );
    return snapshot;
  }

  return {
    /** Airalo's figures for an eSIM (null: Airalo does not know it); cached as described above. */
    async snapshot(iccid: string): Promise<UsageSnapshot | null> {
      const had = await cached(iccid);
      if (had && Date.now() - had.fetchedAt < settings.cacheMs) return had;
      // Callers in this process asking for the same eSIM at once share one call.
      let call = inFlight.get(iccid);
      if (!call) {
        call = fetchUsage(iccid, had).finally(() => inFlight.delete(iccid));
        inFlight.set(iccid, call);
      }
      return call;
    },

    /** Forgets the cached figures (a webhook told us they changed). */
    async forget(iccid: string): Promise<void> {
      await settings.redis.del(cacheKey(iccid));
    },
  };
}

/**
 * Airalo's usage state in our terms. Airalo reports no installation: an eSIM that attached to a network
 * (ACTIVE) but used nothing reads installed, one that used data in_use; a recycled eSIM (Airalo gave
 * its number out again after it ended) reads expired.
 */
export function statusOf(snapshot: UsageSnapshot | null): SupplierEsimStatus {
  if (!snapshot) return { state: 'unknown', usedBytes: null, totalBytes: null, expiresAt: null, updatedAt: null };
  const { usage } = snapshot;
  const measured = !usage.isUnlimited && usage.totalMb > 0;
  const state: SupplierEsimStatus['state'] =
    usage.status === 'NOT_ACTIVE'
      ? 'new'
      : usage.status === 'ACTIVE'
        ? measured && usage.remainingMb >= usage.totalMb
          ? 'installed'
          : 'in_use'
        : usage.status === 'FINISHED'
          ? 'depleted'
          : usage.status === 'EXPIRED' || usage.status === 'RECYCLED'
            ? 'expired'
            : 'unknown';
  return {
    state,
    usedBytes: measured ? Math.round((usage.totalMb - usage.remainingMb) * MB) : null,
    totalBytes: measured ? Math.round(usage.totalMb * MB) : null,
    expiresAt: usage.expiresAt,
    updatedAt: new Date(snapshot.fetchedAt),
  };
}
