import { randomUUID } from 'node:crypto';
import { createRedis, type Redis } from '@esim/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leasedRedisStore } from '../src/security/leased-store';

/** The rate-limit store against the real Redis, as two gateway processes would share it. */
let redisA: Redis;
let redisB: Redis;

beforeAll(() => {
  redisA = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', process.env.REDIS_PREFIX!);
  redisB = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', process.env.REDIS_PREFIX!);
});

afterAll(() => {
  redisA?.disconnect();
  redisB?.disconnect();
});

type Store = InstanceType<ReturnType<typeof leasedRedisStore>>;

function incr(store: Store, key: string, max: number, windowMs = 60_000): Promise<{ current: number; ttl: number }> {
  return new Promise((resolve, reject) =>
    store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs, max),
  );
}

/** How many of `calls` requests a store lets through (position within the limit). */
async function admitted(store: Store, key: string, max: number, calls: number): Promise<number> {
  let count = 0;
  for (let i = 0; i < calls; i++) if ((await incr(store, key, max)).current <= max) count++;
  return count;
}

describe('leasedRedisStore', () => {
  it('counts small limits in Redis on every request: exact, and shared by two processes', async () => {
    const key = `login:${randomUUID()}`;
    const a = new (leasedRedisStore(redisA, 'rl:'))({});
    const b = new (leasedRedisStore(redisB, 'rl:'))({});
    const positions = [];
    for (let i = 0; i < 12; i++) positions.push((await incr(i % 2 ? a : b, key, 20)).current);
    expect(positions).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(await redisA.get(`rl:${key}`)).toBe('12');
    const { ttl } = await incr(a, key, 20);
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('lets exactly the limit through from one process, taking positions from Redis one lease at a time', async () => {
    const key = `public-read:${randomUUID()}`;
    const store = new (leasedRedisStore(redisA, 'rl:'))({});
    expect(await admitted(store, key, 600, 650)).toBe(600);
    // 650 requests in leases of 12: the Redis count moved in whole leases, one call per lease.
    expect(Number(await redisA.get(`rl:${key}`))).toBe(Math.ceil(650 / 12) * 12);
  });

  it('sends one Redis call at a time per key: callers arriving meanwhile share the next, and no position is lost', async () => {
    const key = `api:${randomUUID()}`;
    const store = new (leasedRedisStore(redisA, 'rl:'))({});
    // 250 at once on a limit of 600 (leases of 12): the first lease serves 12, the next call takes the other 238.
    const results = await Promise.all(Array.from({ length: 250 }, () => incr(store, key, 600)));
    expect(results.map((result) => result.current)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    // One lease per caller would have moved the count by 250 × 12.
    expect(Number(await redisA.get(`rl:${key}`))).toBe(250);
    // The last call's positions were all handed out: the next caller takes a new lease of 12.
    expect((await incr(store, key, 600)).current).toBe(251);
    expect(Number(await redisA.get(`rl:${key}`))).toBe(262);
  });

  it('keeps a small limit exact under concurrent callers: positions taken, none held back', async () => {
    const key = `login:${randomUUID()}`;
    const a = new (leasedRedisStore(redisA, 'rl:'))({});
    const b = new (leasedRedisStore(redisB, 'rl:'))({});
    const first = await Promise.all(Array.from({ length: 15 }, (_, i) => incr(i % 3 ? a : b, key, 20)));
    expect(first.map((result) => result.current).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 15 }, (_, i) => i + 1),
    );
    expect(Number(await redisA.get(`rl:${key}`))).toBe(15);
    const second = await Promise.all(Array.from({ length: 10 }, (_, i) => incr(i % 2 ? a : b, key, 20)));
    expect(second.filter((result) => result.current <= 20)).toHaveLength(5);
    expect(Number(await redisA.get(`rl:${key}`))).toBe(25);
  });

  it('never lets two processes together exceed the limit, and loses at most one lease each', async () => {
    const key = `api:${randomUUID()}`;
    const a = new (leasedRedisStore(redisA, 'rl:'))({});
    const b = new (leasedRedisStore(redisB, 'rl:'))({});
    let total = 0;
    // Interleaved bursts from both, well past the limit of 500 (leases of 10).
    for (let round = 0; round < 100; round++) {
      total += await admitted(round % 2 ? a : b, key, 500, 7 + (round % 5));
    }
    expect(total).toBeLessThanOrEqual(500);
    expect(total).toBeGreaterThanOrEqual(500 - 2 * 9);
  });

  it('starts a new window when the old one ends', async () => {
    const key = `public-lookup:${randomUUID()}`;
    const store = new (leasedRedisStore(redisA, 'rl:'))({});
    expect((await incr(store, key, 2, 300)).current).toBe(1);
    expect((await incr(store, key, 2, 300)).current).toBe(2);
    expect((await incr(store, key, 2, 300)).current).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await incr(store, key, 2, 300)).current).toBe(1);
  });

  it('reports a Redis failure to the plugin (which then lets the request through)', async () => {
    const broken = createRedis('redis://127.0.0.1:1', 'x:');
    broken.on('error', () => {});
    try {
      const store = new (leasedRedisStore(broken, 'rl:'))({});
      await expect(incr(store, 'k', 600)).rejects.toThrow();
    } finally {
      broken.disconnect();
    }
  });
});
