import { createHash } from 'node:crypto';
import { AppError, type Redis } from '@esim/platform';

/**
 * Abuse limits on Redis (keys carry the service's prefix). Fixed windows: the first hit starts
 * the window, its TTL is the Retry-After. Shared by every auth process, so the limits hold
 * however many instances run.
 */
function tooMany(retryAfterSeconds: number): AppError {
  const retryAfter = Math.max(1, retryAfterSeconds);
  return new AppError(429, 'rate_limited', { params: { retryAfter }, headers: { 'retry-after': String(retryAfter) } });
}

async function retryAfterOf(redis: Redis, key: string, windowSeconds: number): Promise<number> {
  const ttl = await redis.ttl(key);
  return ttl > 0 ? ttl : windowSeconds;
}

/** Counts one request of `key` in its window; over `limit` → 429 with Retry-After. */
export async function hitLimit(redis: Redis, key: string, limit: number, windowSeconds: number): Promise<void> {
  const [[, count]] = (await redis.multi().incr(key).expire(key, windowSeconds, 'NX').exec()) as [[unknown, number], unknown];
  if (count > limit) throw tooMany(await retryAfterOf(redis, key, windowSeconds));
}

/** Key of failed logins for one email from one address (the email hashed: keys may end up in logs). */
export function loginFailureKey(email: string, ip: string): string {
  return `auth:login-failures:${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 32)}:${ip}`;
}

/**
 * A login attempt counts before the password is checked (atomic INCR, so parallel guesses cannot
 * slip past the limit) and a successful one clears the count: what remains are failures.
 */
export async function countLoginAttempt(redis: Redis, key: string, maxFailures: number, windowSeconds: number): Promise<void> {
  await hitLimit(redis, key, maxFailures, windowSeconds);
}

export async function clearLoginFailures(redis: Redis, key: string): Promise<void> {
  await redis.del(key);
}
