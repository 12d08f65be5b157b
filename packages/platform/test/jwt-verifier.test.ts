import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJwtVerifier, type AccessTokenClaims, type AuthUser } from '../src/auth';
import { AppError } from '../src/errors';
import { createTestKeys } from '../src/testing';

const keys = await createTestKeys();
const statusOf = (error: unknown) => (error as AppError).statusCode;

afterEach(() => {
  vi.useRealTimers();
});

describe('the verifier of access tokens', () => {
  it('answers a token seen before without a promise, and a new one with a promise', async () => {
    const verifier = createJwtVerifier({ jwks: keys.jwks, assertNotRevoked: () => {} });
    const id = randomUUID();
    const token = await keys.token({ id, userType: 2 });
    const first = verifier.now(token);
    expect(first).toBeInstanceOf(Promise);
    const expected: AuthUser = { id, email: `${id}@esim.test`, userType: 2, role: 'user' };
    expect(await first).toEqual(expected);
    expect(verifier.now(token)).toEqual(expected);
    expect(await verifier(token)).toEqual(expected);
  });

  it('checks revocation on every call, the remembered token included', async () => {
    const revoked = new Set<string>();
    const verifier = createJwtVerifier({
      jwks: keys.jwks,
      assertNotRevoked: (claims: AccessTokenClaims) => {
        if (revoked.has(claims.sub)) throw new AppError(401, 'unauthorized');
      },
    });
    const id = randomUUID();
    const token = await keys.token({ id, userType: 2 });
    await verifier(token);
    revoked.add(id);
    expect(() => verifier.now(token)).toThrow(AppError);
    await expect(verifier(token)).rejects.toMatchObject({ statusCode: 401, code: 'unauthorized' });
  });

  it('waits for a revocation check that cannot answer at once (Redis)', async () => {
    const verifier = createJwtVerifier({
      jwks: keys.jwks,
      assertNotRevoked: async (claims: AccessTokenClaims) => {
        if (claims.user_type === 1) throw new AppError(401, 'unauthorized');
      },
    });
    const token = await keys.token({ id: randomUUID(), userType: 1 });
    await verifier(token).catch(() => undefined);
    const answer = verifier.now(token);
    expect(answer).toBeInstanceOf(Promise);
    expect(await (answer as Promise<AuthUser>).catch(statusOf)).toBe(401);
  });

  it('stops remembering a token when it expires', async () => {
    const verifier = createJwtVerifier({ jwks: keys.jwks, assertNotRevoked: () => {} });
    const token = await keys.token({ id: randomUUID(), userType: 2 }, { expiresIn: '60s' });
    await verifier(token);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const answer = verifier.now(token);
    expect(answer).toBeInstanceOf(Promise);
    await expect(answer).rejects.toMatchObject({ statusCode: 401, code: 'token_expired' });
  });

  it('refuses a token that is not ours', async () => {
    const verifier = createJwtVerifier({ jwks: keys.jwks, assertNotRevoked: () => {} });
    const other = await createTestKeys();
    const token = await other.token({ id: randomUUID(), userType: 2 });
    await expect(verifier(token)).rejects.toMatchObject({ statusCode: 401, code: 'unauthorized' });
  });
});
