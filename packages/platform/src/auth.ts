import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  customFetch,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
} from 'jose';
import { canAccess, roleOf, type Action, type Resource, type Role, type UserType } from '@esim/contracts';
import { splitUrls } from './config';
import { AppError, forbidden, unauthorized } from './errors';

export const ACCESS_TOKEN_ISSUER = 'esim-auth';
export const ACCESS_TOKEN_AUDIENCE = 'esim';
export const SERVICE_TOKEN_HEADER = 'x-service-token';

/** Claims of an access token, as the auth service signs them. */
export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  email: string;
  user_type: UserType;
  role?: string[];
  /** A sandbox API key's token: its buys are demo profiles at no cost (esim takes a path of its own). */
  sandbox?: boolean;
}

/** Who is calling, as every route sees it. */
export interface AuthUser {
  id: string;
  email: string;
  userType: UserType;
  role: Role;
  /** Set only for a sandbox API key's token: nothing it does may move money or reach a supplier. */
  sandbox?: true;
}

export interface JwtVerifier {
  (token: string): Promise<AuthUser>;
  /**
   * The same check, answered without a promise when nothing needs waiting for (a token verified
   * before, revocations known in memory): a hook on every request saves its microtask turns.
   * Throws what the promise would reject with.
   */
  now(token: string): AuthUser | Promise<AuthUser>;
}

/** Redis key holding the time (unix seconds) before which a user's tokens no longer count. */
export const revokedUserKey = (userId: string) => `auth:revoked-user:${userId}`;

/** Redis key of one signed-out access token (by its jti), kept until the token would expire anyway. */
export const revokedTokenKey = (jti: string) => `auth:revoked-token:${jti}`;

/** Pattern of both revocation keys, as SCAN matches them (the client's key prefix in front). */
export const REVOKED_KEYS_PATTERN = 'auth:revoked-*';

/**
 * Channel on which every revocation is announced as it is written, so a verifier that keeps the
 * revocations in memory (the gateway) learns of it at once. ioredis prefixes keys, not channels:
 * the client's key prefix is put in front here.
 */
export const revocationsChannel = (redis: Redis) => `${redis.options.keyPrefix ?? ''}auth:revocations`;

/** One announced revocation: a user's tokens issued at or before `at`, or one token by its jti; `ttl` in seconds. */
export type RevocationMessage = { user: string; at: number; ttl: number } | { jti: string; ttl: number };

/** Makes every token issued to the user so far invalid (suspension, deletion, password change). */
export async function revokeUserTokens(redis: Redis, userId: string, ttlSeconds = 24 * 3600): Promise<void> {
  const at = Math.floor(Date.now() / 1000);
  const message: RevocationMessage = { user: userId, at, ttl: ttlSeconds };
  // One transaction: the key is there by the time any listener hears of it.
  await redis
    .multi()
    .set(revokedUserKey(userId), String(at), 'EX', ttlSeconds)
    .publish(revocationsChannel(redis), JSON.stringify(message))
    .exec();
}

/** Signs out one access token by its jti until its own expiry (`ttlSeconds` from now). */
export async function revokeTokenId(redis: Redis, jti: string, ttlSeconds: number): Promise<void> {
  const message: RevocationMessage = { jti, ttl: ttlSeconds };
  await redis
    .multi()
    .set(revokedTokenKey(jti), '1', 'EX', ttlSeconds)
    .publish(revocationsChannel(redis), JSON.stringify(message))
    .exec();
}

/** Tokens whose signature was already checked, kept at most this long (the remote key set is cached as long). */
const VERIFIED_TOKEN_TTL_MS = 10 * 60_000;
const VERIFIED_TOKENS_MAX = 10_000;

/**
 * The auth service's public keys, fetched from the first of its copies that answers (the one that
 * answered last is asked first), so a copy that stays down costs no token check.
 */
function remoteKeySet(urls: string[]) {
  let first = 0;
  const fetchFromAny = async (_url: string, init: Parameters<typeof fetch>[1]): Promise<Response> => {
    let last: unknown;
    for (let i = 0; i < urls.length; i++) {
      const index = (first + i) % urls.length;
      try {
        const response = await fetch(urls[index]!, init);
        if (response.ok) {
          first = index;
          return response;
        }
        last = response;
      } catch (error) {
        last = error;
      }
      if (init?.signal?.aborted) break;
    }
    if (last instanceof Response) return last;
    throw last;
  };
  return createRemoteJWKSet(new URL(urls[0]!), {
    cacheMaxAge: VERIFIED_TOKEN_TTL_MS,
    cooldownDuration: 5_000,
    ...(urls.length > 1 ? { [customFetch]: fetchFromAny } : {}),
  });
}

/**
 * Verifies access tokens against the auth service's JWKS (cached by jose, refetched on an unknown
 * `kid`), then asks Redis whether the user's tokens were revoked since this one was issued.
 * A token string whose signature and claims were verified is remembered until it expires (at most
 * as long as the key set itself is cached), so a client's next requests skip the ES256 check;
 * the revocation check still runs on every request.
 */
export function createJwtVerifier(options: {
  /** One URL, or the comma-separated URLs of every auth copy's JWKS. */
  jwksUrl?: string;
  jwks?: JSONWebKeySet;
  redis?: Redis;
  /** Replaces the Redis round trip per request (the gateway's in-memory revocation set); throws to refuse. */
  assertNotRevoked?: (claims: AccessTokenClaims) => void | Promise<void>;
}): JwtVerifier {
  const keySet = options.jwks ? createLocalJWKSet(options.jwks) : remoteKeySet(splitUrls(options.jwksUrl!));
  /** Tokens whose signature was checked, with the user they stand for (one frozen object, shared by their requests). */
  const verified = new Map<string, { claims: AccessTokenClaims; user: AuthUser; until: number }>();
  const verifySignature = async (token: string): Promise<AccessTokenClaims> => {
    let claims: AccessTokenClaims;
    try {
      const result = await jwtVerify<AccessTokenClaims>(token, keySet, {
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
        algorithms: ['ES256', 'RS256', 'EdDSA'],
      });
      claims = result.payload;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw unauthorized('token_expired');
      if (error instanceof joseErrors.JOSEError) throw unauthorized('unauthorized');
      // The JWKS endpoint itself is unreachable: that is our outage, not the caller's fault.
      throw new AppError(503, 'service_unavailable', { cause: error });
    }
    // Only tokens that expire (ours always do). Oldest first out: a Map iterates in insertion order.
    if (typeof claims.exp === 'number') {
      if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value!);
      verified.set(token, {
        claims,
        user: Object.freeze(userOf(claims)),
        until: Math.min(claims.exp * 1000, Date.now() + VERIFIED_TOKEN_TTL_MS),
      });
    }
    return claims;
  };
  const notRevoked = (claims: AccessTokenClaims): void | Promise<void> => {
    if (options.assertNotRevoked) return options.assertNotRevoked(claims);
    if (options.redis) return assertNotRevoked(options.redis, claims);
  };
  const userOf = (claims: AccessTokenClaims): AuthUser => ({
    id: claims.sub,
    email: claims.email,
    userType: claims.user_type,
    role: roleOf({ role: claims.role, user_type: claims.user_type }),
    ...(claims.sandbox === true ? { sandbox: true as const } : {}),
  });
  const firstSeen = async (token: string): Promise<AuthUser> => {
    const claims = await verifySignature(token);
    await notRevoked(claims);
    return userOf(claims);
  };
  const now = (token: string): AuthUser | Promise<AuthUser> => {
    const known = verified.get(token);
    if (known && known.until > Date.now()) {
      const pending = notRevoked(known.claims);
      return pending ? pending.then(() => known.user) : known.user;
    }
    if (known) verified.delete(token);
    return firstSeen(token);
  };
  const verify = async (token: string): Promise<AuthUser> => now(token);
  return Object.assign(verify, { now });
}

/**
 * Refuses a token whose user was revoked since it was issued (suspension, deletion, password
 * change) or which was itself signed out (logout): one Redis round trip for both, so a signed-out
 * token stops working at the gateway and every service at once. When Redis cannot tell, the
 * answer is a 503 (our outage), never a pass.
 */
export async function assertNotRevoked(
  redis: Redis,
  claims: { sub: string; jti?: string; iat?: number },
): Promise<void> {
  let revokedAt: string | null | undefined;
  let tokenRevoked: string | null | undefined;
  try {
    [revokedAt, tokenRevoked] = await redis.mget(
      revokedUserKey(claims.sub),
      revokedTokenKey(typeof claims.jti === 'string' ? claims.jti : '-'),
    );
  } catch (error) {
    throw new AppError(503, 'service_unavailable', { cause: error });
  }
  if (tokenRevoked) throw unauthorized('unauthorized');
  if (revokedAt && typeof claims.iat === 'number' && Number(revokedAt) >= claims.iat)
    throw unauthorized('unauthorized');
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`; null on public routes. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    verifyAccessToken: JwtVerifier;
  }
}

const BEARER = /^Bearer\s+/i;

/**
 * The token of an `Authorization: Bearer` header, not scanned for whitespace: a token with any in
 * it fails verification all the same, with the same 401.
 */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const prefix = BEARER.exec(header);
  return prefix ? header.slice(prefix[0].length) || undefined : undefined;
}

/** Route hook: a valid access token is required. */
export const authenticate: onRequestAsyncHookHandler = async function (request) {
  const token = bearerToken(request);
  if (!token) throw unauthorized('unauthorized');
  request.user = await this.verifyAccessToken(token);
};

/** Route hook: a valid token whose role may do `action` on `resource` (the permission table in contracts' roles.ts). */
export function requireAccess(resource: Resource, action: Action = 'read'): onRequestAsyncHookHandler {
  return async function (request, reply) {
    await authenticate.call(this, request, reply);
    if (!canAccess(request.user!.role, resource, action)) throw forbidden();
  };
}

/** Route hook for /internal/*: the caller must present the shared service credential. */
export function requireServiceToken(expected: string): onRequestAsyncHookHandler {
  const expectedBuffer = Buffer.from(expected);
  return async function (request) {
    const given = request.headers[SERVICE_TOKEN_HEADER];
    const givenBuffer = Buffer.from(typeof given === 'string' ? given : '');
    if (givenBuffer.length !== expectedBuffer.length || !timingSafeEqual(givenBuffer, expectedBuffer)) {
      throw unauthorized('unauthorized');
    }
  };
}

export const authPlugin = fp(
  async (app: FastifyInstance, options: { verifier: JwtVerifier }) => {
    app.decorate('verifyAccessToken', options.verifier);
    app.decorateRequest('user', null);
  },
  { name: 'esim-auth' },
);
