import { exportJWK, exportPKCS8, generateKeyPair, SignJWT, type JSONWebKeySet } from 'jose';
import type { UserType } from '@esim/contracts';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '../auth';

export interface TestUser {
  id: string;
  email?: string;
  userType: UserType;
  role?: string[];
}

export interface TestKeys {
  jwks: JSONWebKeySet;
  /** The key as AUTH_SIGNING_KEYS takes it, so a real auth service signs (and publishes) this very key. */
  signingKeys: string;
  /** An access token as the auth service would sign it. */
  token(user: TestUser, options?: { expiresIn?: string | number; issuedAt?: number; jti?: string }): Promise<string>;
}

/**
 * A signing key pair for services' tests, so a service can be tested without the auth process.
 * The tokens have exactly the auth service's claims (issuer, audience, kid, sub, email, user_type, role).
 */
export async function createTestKeys(): Promise<TestKeys> {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = 'test-key';
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  return {
    jwks: { keys: [jwk] },
    signingKeys: JSON.stringify([{ kid, privateKey: await exportPKCS8(privateKey) }]),
    async token(user, options = {}) {
      const jwt = new SignJWT({
        email: user.email ?? `${user.id}@esim.test`,
        user_type: user.userType,
        ...(user.role ? { role: user.role } : {}),
      })
        .setProtectedHeader({ alg: 'ES256', kid })
        .setSubject(user.id)
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt(options.issuedAt)
        .setExpirationTime(options.expiresIn ?? '15m');
      if (options.jti) jwt.setJti(options.jti);
      return jwt.sign(privateKey);
    },
  };
}

/** Polls until `check` returns a truthy value (events arrive asynchronously), or fails with the last error. */
export async function waitFor<T>(
  check: () => Promise<T> | T,
  options: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `Timed out waiting for ${options.what ?? 'condition'}${lastError ? `: ${String(lastError)}` : ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 25));
  }
}
