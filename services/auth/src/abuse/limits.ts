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
  const [[, count]] = (await redis.multi().incr(key).expire(key, windowSeconds, 'NX').exec()) as [
    [unknown, number],
    unknown,
  ];
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
export async function countLoginAttempt(
  redis: Redis,
  key: string,
  maxFailures: number,
  windowSeconds: number,
): Promise<void> {
  await hitLimit(redis, key, maxFailures, windowSeconds);
}

export async function clearLoginFailures(redis: Redis, key: string): Promise<void> {
  await redis.del(key);
}

/**
 * The per-account limit, across all addresses: the per email+address pause alone lets someone
 * with many addresses make five guesses from each. After `freeFailures` failed logins of one email
 * (from anywhere, counted while failures keep coming within `windowSeconds` of each other), every
 * further attempt must wait a delay that doubles with each failure, from `baseDelaySeconds` up to
 * `maxDelaySeconds`. Nothing locks for good: a stranger can slow the owner down to one attempt per
 * `maxDelaySeconds` at worst, and the owner can always reset the password by email, which clears it.
 * Unknown emails are counted the same way, so the delay says nothing about whether an account exists.
 */
export interface AccountLimit {
  freeFailures: number;
  windowSeconds: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
}

const emailHash = (email: string) => createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 32);
const accountFailuresKey = (email: string) => `auth:account-failures:${emailHash(email)}`;
const accountDelayKey = (email: string) => `auth:account-delay:${emailHash(email)}`;

/**
 * Atomically: under the free failures, pass; otherwise pass only when no delay is running, and
 * start the next one at once (so parallel guesses cannot share one opening). Returns the
 * milliseconds still to wait, 0 to pass.
 */
const GATE_SCRIPT = `
local failures = tonumber(redis.call('GET', KEYS[1]) or '0')
local free = tonumber(ARGV[1])
if failures < free then return 0 end
local left = redis.call('PTTL', KEYS[2])
if left > 0 then return left end
local delay = math.min(tonumber(ARGV[2]) * 2 ^ (failures - free), tonumber(ARGV[3]))
redis.call('SET', KEYS[2], '1', 'PX', math.floor(delay))
return 0
`;

/** Before the password is checked: a 429 with Retry-After while the account's delay runs. */
export async function passAccountGate(redis: Redis, email: string, limit: AccountLimit): Promise<void> {
  const waitMs = Number(
    await redis.eval(
      GATE_SCRIPT,
      2,
      accountFailuresKey(email),
      accountDelayKey(email),
      limit.freeFailures,
      limit.baseDelaySeconds * 1000,
      limit.maxDelaySeconds * 1000,
    ),
  );
  if (waitMs > 0) throw tooMany(Math.ceil(waitMs / 1000));
}

/** After a failed login: counts it; true exactly when this failure trips the delays (the owner is told once). */
export async function recordAccountFailure(redis: Redis, email: string, limit: AccountLimit): Promise<boolean> {
  const key = accountFailuresKey(email);
  const [[, failures]] = (await redis.multi().incr(key).expire(key, limit.windowSeconds).exec()) as [
    [unknown, number],
    unknown,
  ];
  return failures === limit.freeFailures;
}

/** A successful login or a password reset ends the delays of the account. */
export async function clearAccountFailures(redis: Redis, email: string): Promise<void> {
  await redis.del(accountFailuresKey(email), accountDelayKey(email));
}
