import { canAccess, type Action, type Resource } from '@esim/contracts';
import { assertNotRevoked, bearerToken, createJwtVerifier, forbidden, unauthorized, type AuthUser, type JwtVerifier, type Redis } from '@esim/platform';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { decodeJwt, type JSONWebKeySet } from 'jose';

interface Verified {
  user: AuthUser;
  /** What the revocation check reads: subject, token id, issue time (seconds since the epoch). */
  claims: { sub: string; jti?: string; iat?: number };
  expiresAt: number;
}

/**
 * The platform's token verifier with the signature check done once per token instead of once per
 * request (an ES256 check costs more CPU than forwarding the request). Expiry and revocation are
 * still checked on every request with the platform's own revocation check: a token is refused
 * from the moment it expires, it is signed out, or its user's tokens are revoked.
 */
export function cachedTokenVerifier(options: { jwks?: JSONWebKeySet; jwksUrl: string; redis: Redis; maxTokens?: number }): JwtVerifier {
  // Signature, issuer, audience and expiry only; revocation is checked below on every call.
  const verifySignature = createJwtVerifier({ jwks: options.jwks, jwksUrl: options.jwksUrl });
  const maxTokens = options.maxTokens ?? 10_000;
  const verified = new Map<string, Verified>();

  return async (token) => {
    let entry = verified.get(token);
    if (!entry) {
      const user = await verifySignature(token);
      const claims = decodeJwt(token);
      entry = { user, claims: { sub: user.id, jti: claims.jti, iat: claims.iat }, expiresAt: claims.exp ?? Number.POSITIVE_INFINITY };
      // Oldest first out: a Map iterates in insertion order.
      if (verified.size >= maxTokens) verified.delete(verified.keys().next().value!);
      verified.set(token, entry);
    } else if (entry.expiresAt <= Math.floor(Date.now() / 1000)) {
      verified.delete(token);
      throw unauthorized('token_expired');
    }
    await assertNotRevoked(options.redis, entry.claims);
    return entry.user;
  };
}

/** Door check of a route: a valid token (401 otherwise) whose role may do `action` on `resource` (403). */
export function requireRole(verify: JwtVerifier, resource: Resource, action: Action): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized('unauthorized');
    request.user = await verify(token);
    if (!canAccess(request.user.role, resource, action)) throw forbidden();
  };
}
