import { createHash } from 'node:crypto';
import { apiKeyRefusal, type RouteRule } from '@esim/contracts';
import { AppError, createInternalClient, unauthorized, type AuthUser, type JwtVerifier } from '@esim/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** What auth answers for a secret: the dealer's short-lived access token and the key's scopes. */
interface Exchange {
  token: string;
  keyId: string;
  scopes: string[];
  /** Used until a minute before the token expires (ms). */
  until: number;
}

export interface ApiKeyDoor {
  /**
   * The door check of a request made with an API key: the per-key rate limit, the key exchanged
   * for its dealer's token (cached), the key's own limits (scopes, routes no key reaches) and the
   * token's verification. Afterwards the request carries the token instead of the secret.
   */
  admit(request: FastifyRequest, reply: FastifyReply, secret: string, rule: RouteRule): Promise<AuthUser>;
  /** Closes the connections to auth. */
  close(): Promise<void>;
}

export interface ApiKeyDoorOptions {
  /** Base URLs of the auth service's copies. */
  authUrls: string[];
  serviceToken: string;
  verify: JwtVerifier;
  /** The per-key bucket: rejects with a 429 when the key is over its limit. */
  limit(bucket: string, reply: FastifyReply): Promise<void>;
  clientIp(request: FastifyRequest): string;
  timeoutMs: number;
  /** How often each copy of auth is asked for its /ready when there are several. */
  healthIntervalMs?: number;
  /** How long before the token's expiry a cached exchange is given up (ms). */
  refreshBeforeMs?: number;
  maxEntries?: number;
}

const USE_REPORT_INTERVAL_MS = 60_000;

/**
 * API keys at the gateway (docs/partner-api.md): a secret is exchanged with auth for the same
 * access token a session gets, cached by the secret's SHA-256 (the secret itself is never kept)
 * until a minute before it expires. A revoked key's id is in the tokens' revocation set (its
 * tokens carry it as jti), so the cached token fails verification on the next request; the entry
 * is then dropped and the key answered 401.
 */
export function createApiKeyDoor(options: ApiKeyDoorOptions): ApiKeyDoor {
  const refreshBeforeMs = options.refreshBeforeMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const cache = new Map<string, Exchange>();
  const pending = new Map<string, Promise<Exchange>>();
  const reported = new Map<string, number>();

  // Auth's copies through the platform's internal client, as every service calls another; both calls
  // may go to another copy after a lost socket: an exchange only mints another token, and a use
  // recorded twice is the same use.
  const auth = createInternalClient({
    baseUrl: options.authUrls,
    token: options.serviceToken,
    timeoutMs: options.timeoutMs,
    healthIntervalMs: options.healthIntervalMs,
    idempotent: () => true,
  });

  const exchange = async (secret: string, ip: string): Promise<Exchange> => {
    let data: { token: string; expires_at: string; key_id: string; scopes: string[] };
    try {
      data = await auth.request('POST', '/internal/api-keys/exchange', { body: { secret, ip } });
    } catch (error) {
      if (error instanceof AppError && (error.statusCode === 401 || error.statusCode === 400))
        throw unauthorized('api_key_invalid');
      if (error instanceof AppError && error.statusCode === 503) throw error;
      throw new AppError(503, 'service_unavailable', { cause: error });
    }
    return {
      token: data.token,
      keyId: data.key_id,
      scopes: data.scopes,
      until: new Date(data.expires_at).getTime() - refreshBeforeMs,
    };
  };

  /** The cached exchange, or one new one shared by the requests that arrive while it runs. */
  const exchanged = (hash: string, secret: string, ip: string): Exchange | Promise<Exchange> => {
    const known = cache.get(hash);
    if (known && known.until > Date.now()) return known;
    if (known) cache.delete(hash);
    let running = pending.get(hash);
    if (!running) {
      running = exchange(secret, ip)
        .then((entry) => {
          if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
          cache.set(hash, entry);
          return entry;
        })
        .finally(() => pending.delete(hash));
      pending.set(hash, running);
    }
    return running;
  };

  /** Tells auth the key was used (time and address), at most once a minute per key and gateway; never fails the request. */
  const reportUse = (request: FastifyRequest, keyId: string, ip: string) => {
    const now = Date.now();
    if ((reported.get(keyId) ?? 0) > now - USE_REPORT_INTERVAL_MS) return;
    if (reported.size >= maxEntries) reported.clear();
    reported.set(keyId, now);
    auth
      .request('POST', '/internal/api-keys/used', { body: { key_id: keyId, ip } })
      .catch((error: unknown) => request.log.warn({ err: error }, 'could not record an API key use'));
  };

  return {
    close: () => auth.close(),
    async admit(request, reply, secret, rule) {
      const hash = createHash('sha256').update(secret).digest('hex');
      // Before the exchange, so a flood with one key (known or not) costs auth nothing.
      await options.limit(hash.slice(0, 32), reply);
      const ip = options.clientIp(request);
      const fresh = !cache.has(hash);
      const entry = await exchanged(hash, secret, ip);
      let user: AuthUser;
      try {
        user = await options.verify(entry.token);
      } catch (error) {
        // A revoked key (its id among the revoked token ids) or a suspended dealer: forget the exchange.
        cache.delete(hash);
        if (error instanceof AppError && error.statusCode === 401) throw unauthorized('api_key_invalid');
        throw error;
      }
      // After the verification: a revoked key is a 401 wherever it is sent.
      const refusal = apiKeyRefusal(rule, entry.scopes, user.sandbox === true);
      if (refusal) throw new AppError(403, refusal);
      request.headers.authorization = `Bearer ${entry.token}`;
      // The exchange itself recorded the use.
      if (fresh) reported.set(entry.keyId, Date.now());
      else reportUse(request, entry.keyId, ip);
      return user;
    },
  };
}
