import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { UserType } from '@esim/contracts';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, revokeTokenId, revokedUserKey, type Redis } from '@esim/platform';
import type { Keyring } from './keyring';

export interface TokenSubject {
  id: string;
  email: string;
  userType: UserType;
  roles: string[] | null;
}

/**
 * Signs a 15-minute access token with exactly the claims the platform verifier reads.
 * `iat` is at least one second after the user's last revocation: the verifier refuses tokens
 * issued at or before it, and a token issued right after a password change must still count.
 */
export async function signAccessToken(
  keyring: Keyring,
  redis: Redis,
  user: TokenSubject,
  ttlSeconds: number,
  /** An API key's token: its key id as `jwtid` (revoking the key revokes it) and the key's claims. */
  extra: { jwtid?: string; claims?: Record<string, unknown> } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const revokedAt = Number((await redis.get(revokedUserKey(user.id))) ?? 0);
  const iat = Math.max(Math.floor(Date.now() / 1000), revokedAt + 1);
  const exp = iat + ttlSeconds;
  const payload = {
    email: user.email,
    user_type: user.userType,
    ...(user.roles?.length ? { role: user.roles } : {}),
    ...extra.claims,
    iat,
    exp,
  };
  const token = jwt.sign(payload, keyring.current.privateKey, {
    algorithm: keyring.current.alg,
    keyid: keyring.current.kid,
    issuer: ACCESS_TOKEN_ISSUER,
    audience: ACCESS_TOKEN_AUDIENCE,
    subject: user.id,
    jwtid: extra.jwtid ?? randomUUID(),
  });
  return { token, expiresAt: new Date(exp * 1000) };
}

function claimsOf(token: string): { jti?: string; exp?: number } | null {
  const decoded = jwt.decode(token, { json: true });
  return decoded && typeof decoded === 'object' ? (decoded as { jti?: string; exp?: number }) : null;
}

/** Signs out one access token (logout): its jti is denied until its own expiry. */
export async function revokeAccessToken(redis: Redis, token: string): Promise<void> {
  const claims = claimsOf(token);
  if (!claims?.jti || typeof claims.exp !== 'number') return;
  const ttl = claims.exp - Math.floor(Date.now() / 1000);
  if (ttl > 0) await revokeTokenId(redis, claims.jti, ttl);
}
