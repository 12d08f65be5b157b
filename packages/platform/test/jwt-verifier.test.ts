import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { bearerToken, createJwtVerifier, type AccessTokenClaims, type AuthUser } from '../src/auth';
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
    const remembered = verifier.now(token);
    expect(remembered).toEqual(expected);
    expect(await verifier(token)).toEqual(expected);
    // Its requests share one user, which none of them can change for the others.
    expect(verifier.now(token)).toBe(remembered);
    expect(Object.isFrozen(remembered)).toBe(true);
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

  it('fetches the keys from the next auth copy when the first of the list does not answer', async () => {
    const live = createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(keys.jwks)),
    );
    const dead = createServer();
    for (const server of [live, dead]) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const urlOf = (server: typeof live) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
    const deadUrl = urlOf(dead);
    await new Promise((resolve) => dead.close(resolve));
    try {
      const verifier = createJwtVerifier({ jwksUrl: `${deadUrl},${urlOf(live)}`, assertNotRevoked: () => {} });
      const id = randomUUID();
      expect(await verifier(await keys.token({ id, userType: 2 }))).toMatchObject({ id });
    } finally {
      live.closeAllConnections();
      await new Promise((resolve) => live.close(resolve));
    }
  });

  it('refuses a token that is not ours', async () => {
    const verifier = createJwtVerifier({ jwks: keys.jwks, assertNotRevoked: () => {} });
    const other = await createTestKeys();
    const token = await other.token({ id: randomUUID(), userType: 2 });
    await expect(verifier(token)).rejects.toMatchObject({ statusCode: 401, code: 'unauthorized' });
  });
});

describe('the bearer token of a request', () => {
  const of = (authorization?: string) => bearerToken({ headers: { authorization } } as FastifyRequest);

  it('is what follows "Bearer" and its spaces, in any case', () => {
    expect(of('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(of('bearer \tabc.def.ghi')).toBe('abc.def.ghi');
    expect(of('BEARER abc')).toBe('abc');
  });

  it('is missing without the scheme, its space or a token', () => {
    expect(of(undefined)).toBeUndefined();
    expect(of('Basic YTpi')).toBeUndefined();
    expect(of('Bearerabc')).toBeUndefined();
    expect(of('Bearer   ')).toBeUndefined();
  });

  it('with whitespace inside is refused as unauthorized by the verifier', async () => {
    const verifier = createJwtVerifier({ jwks: keys.jwks, assertNotRevoked: () => {} });
    const token = await keys.token({ id: randomUUID(), userType: 2 });
    const broken = of(`Bearer ${token.slice(0, 20)} ${token.slice(20)}`)!;
    await expect(verifier(broken)).rejects.toMatchObject({ statusCode: 401, code: 'unauthorized' });
  });
});
