import { randomUUID } from 'node:crypto';
import { createRedis, revokeTokenId, revokeUserTokens, revokedUserKey, type Redis } from '@esim/platform';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRevocationSet, type RevocationSet } from '../src/security/revocations';
import { gatewayConfig } from './support/upstreams';

/** The gateway's in-memory revocations against the real Redis: what is revoked is refused, listener up or down. */
let redis: Redis;
let set: RevocationSet;
const name = `gateway-revocations-test-${randomUUID().slice(0, 8)}`;
const warnings: unknown[] = [];
const now = () => Math.floor(Date.now() / 1000);

/** Resolves with the error the check threw (refused), or undefined (let through). */
async function refusal(claims: { sub: string; jti?: string; iat?: number }) {
  try {
    await set.assertNotRevoked(claims);
    return undefined;
  } catch (error) {
    return error as { statusCode: number; code: string };
  }
}

beforeAll(async () => {
  const config = gatewayConfig();
  redis = createRedis(config.REDIS_URL, `${config.REDIS_PREFIX}revocations-${randomUUID().slice(0, 8)}:`);
  // Revoked before the gateway starts: it must come from the load, not from the channel.
  await revokeUserTokens(redis, 'revoked-before-start');
  set = createRevocationSet(redis, { warn: (...args: unknown[]) => warnings.push(args) }, { connectionName: name });
  await vi.waitFor(() => expect(set.live).toBe(true), { timeout: 5_000 });
});

afterAll(async () => {
  set?.close();
  const keys = await redis.keys(`${redis.options.keyPrefix}*`);
  if (keys.length) await redis.del(...keys.map((key) => key.slice(redis.options.keyPrefix!.length)));
  redis?.disconnect();
});

describe('revocations kept in memory by the gateway', () => {
  it('holds what was revoked before it started and lets a later token of that user through', async () => {
    expect((await refusal({ sub: 'revoked-before-start', iat: now() - 60 }))?.statusCode).toBe(401);
    expect(await refusal({ sub: 'revoked-before-start', iat: now() + 1 })).toBeUndefined();
    expect(await refusal({ sub: randomUUID(), jti: randomUUID(), iat: now() })).toBeUndefined();
  });

  it('refuses a user revoked or a token signed out while it runs within half a second, from memory', async () => {
    const user = randomUUID();
    const jti = randomUUID();
    const issued = now() - 5;
    expect(await refusal({ sub: user, iat: issued })).toBeUndefined();
    expect(await refusal({ sub: randomUUID(), jti, iat: issued })).toBeUndefined();
    const started = Date.now();
    await Promise.all([revokeUserTokens(redis, user), revokeTokenId(redis, jti, 60)]);
    await vi.waitFor(
      async () => {
        expect((await refusal({ sub: user, iat: issued }))?.statusCode).toBe(401);
        expect((await refusal({ sub: randomUUID(), jti, iat: issued }))?.statusCode).toBe(401);
      },
      { timeout: 500, interval: 5 },
    );
    expect(Date.now() - started).toBeLessThan(500);
    // Answered from memory: the same check with Redis's own key gone still refuses.
    await redis.del(revokedUserKey(user));
    expect(set.live).toBe(true);
    expect((await refusal({ sub: user, iat: issued }))?.statusCode).toBe(401);
  });

  it('asks Redis while its listening connection is down, so a revocation it could not hear is still refused, then reloads', async () => {
    const listener = String(await redis.call('CLIENT', 'LIST'))
      .split('\n')
      .find((line) => line.includes(`name=${name}`));
    expect(listener).toBeDefined();
    const id = /\bid=(\d+)/.exec(listener!)![1]!;
    await redis.client('KILL', 'ID', id);
    await vi.waitFor(() => expect(set.live).toBe(false), { timeout: 2_000, interval: 1 });

    // Written without an announcement, as a message lost while the listener was away would be.
    const user = randomUUID();
    await redis.set(revokedUserKey(user), String(now()), 'EX', 60);
    const issued = now() - 5;
    expect(set.live).toBe(false);
    expect((await refusal({ sub: user, iat: issued }))?.statusCode).toBe(401);

    // Back in memory once the listener has subscribed again and reloaded the whole set.
    await vi.waitFor(() => expect(set.live).toBe(true), { timeout: 5_000 });
    await redis.del(revokedUserKey(user));
    expect((await refusal({ sub: user, iat: issued }))?.statusCode).toBe(401);
  });

  it('stays in memory while its pings are answered, however long no revocation comes', async () => {
    const quiet = createRevocationSet(redis, { warn: () => undefined }, { heartbeatMs: 50 });
    try {
      await vi.waitFor(() => expect(quiet.live).toBe(true), { timeout: 5_000 });
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(quiet.live).toBe(true);
    } finally {
      quiet.close();
    }
  });
});
