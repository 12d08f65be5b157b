import { createHash, createHmac, randomUUID } from 'node:crypto';
import { sealer, type Redis } from '@esim/platform';
import { FormData, Pool } from 'undici';

/** Airalo could not be asked now (no answer, its rate limit, its 5xx): ask again later. */
export class AiraloUnavailable extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AiraloUnavailable';
  }
}

/**
 * No answer came back. `maybeSent`: the request may have reached Airalo (a timeout, a connection
 * dropped after sending), so an order may exist; false when it never left (refused, unknown host).
 */
export class AiraloNoAnswer extends AiraloUnavailable {
  constructor(
    message: string,
    readonly maybeSent: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, null, options);
    this.name = 'AiraloNoAnswer';
  }
}

/** Airalo refused our credentials even with a fresh token: a configuration problem, not a passing one. */
export class AiraloAuthFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AiraloAuthFailed';
  }
}

export interface AiraloAnswer {
  status: number;
  /** The parsed JSON body (null when there was none or it was not JSON). */
  body: unknown;
  retryAfterSeconds: number | null;
}

export interface AiraloRequest {
  query?: Record<string, string | number>;
  /** A JSON body (how Airalo's SDKs send orders and top-ups). */
  json?: Record<string, unknown>;
  /** A multipart form body (how Airalo documents the token and refund calls); a list goes as `name[]`. */
  form?: Record<string, string | string[]>;
  timeoutMs?: number;
}

export interface AiraloClientSettings {
  /** Airalo's base address including /v2 (AIRALO_BASE_URL). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The service's Redis (its key prefix applied): the token is shared there by every process. */
  redis: Redis;
  /** How long one call may take before it counts as unanswered. */
  timeoutMs: number;
  /** How long a token is reused at most (less when Airalo's expires_in is shorter). */
  tokenCacheMs: number;
}

export interface AiraloClient {
  request(method: 'GET' | 'POST', path: string, request?: AiraloRequest): Promise<AiraloAnswer>;
}

/** Errors of a connection that never carried our request: whatever we asked did not happen. */
const NEVER_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** A token is renewed this long before Airalo would expire it, so no call carries one that dies on the way. */
const EXPIRY_MARGIN_MS = 60_000;
/** How long one process may hold the refresh lock; the others wait for its token meanwhile. */
const LOCK_MS = 15_000;
const RELEASE_LOCK =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The signature Airalo's SDKs put on the bodies they post: hex HMAC-SHA512 of the compact JSON, "/" escaped. */
export const requestSignature = (secret: string, body: Record<string, unknown>) =>
  createHmac('sha512', secret).update(JSON.stringify(body).replace(/\//g, '\\/')).digest('hex');

function retryAfter(headers: Record<string, string | string[] | undefined>): number | null {
  const header = headers['retry-after'];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/**
 * A small client of Airalo's Partner API: JSON or multipart bodies, a timeout per call, and one OAuth
 * token shared by every process through Redis. Airalo allows three token requests a minute, so a token
 * is fetched by one process at a time (a Redis lock; the others wait for it) and reused until shortly
 * before it expires; a call answered 401 gets a fresh token once, then fails. The token is stored
 * encrypted with a key derived from the client secret, so Redis alone does not hand it out.
 */
export function createAiraloClient(settings: AiraloClientSettings): AiraloClient {
  const baseUrl = settings.baseUrl.replace(/\/+$/, '');
  const base = new URL(baseUrl);
  // Keep-alive connections of our own, as the internal clients have: the global fetch costs more CPU per call (decision 0021).
  let pool: Pool | undefined;
  const poolOf = () => (pool ??= new Pool(base.origin, { connections: 64 }));
  const account = createHash('sha256').update(`${baseUrl}\n${settings.clientId}`).digest('hex').slice(0, 16);
  const tokenKey = `airalo:token:${account}`;
  const lockKey = `airalo:token-lock:${account}`;
  // Sealed with another secret (the secret changed), a stored token reads as none.
  const { seal, open } = sealer('airalo-token', settings.clientSecret);
  let remembered: { token: string; expiresAt: number } | null = null;
  let refreshing: Promise<string> | null = null;

  /** The shared token as Redis has it now (null: none, or one about to expire). */
  async function stored(): Promise<{ token: string; expiresAt: number } | null> {
    const value = await settings.redis.get(tokenKey);
    if (!value) return null;
    try {
      const parsed = JSON.parse(value) as { sealed: string; expiresAt: number };
      const token = open(parsed.sealed);
      if (!token || parsed.expiresAt - EXPIRY_MARGIN_MS <= Date.now()) return null;
      return { token, expiresAt: parsed.expiresAt };
    } catch {
      return null;
    }
  }

  async function currentToken(): Promise<string> {
    if (remembered && remembered.expiresAt - EXPIRY_MARGIN_MS > Date.now()) return remembered.token;
    const shared = await stored();
    if (shared) {
      remembered = shared;
      return shared.token;
    }
    return refresh(null);
  }

  /** A token other than `stale`: another process's if it made one meanwhile, else a new one from Airalo. */
  function refresh(stale: string | null): Promise<string> {
    if (stale !== null && remembered?.token === stale) remembered = null;
    // One refresh per process at a time; the lock below makes it one across processes.
    refreshing ??= (async () => {
      const owner = randomUUID();
      const deadline = Date.now() + LOCK_MS + 5_000;
      for (;;) {
        const shared = await stored();
        if (shared && shared.token !== stale) {
          remembered = shared;
          return shared.token;
        }
        if ((await settings.redis.set(lockKey, owner, 'PX', LOCK_MS, 'NX')) === 'OK') {
          try {
            const again = await stored();
            if (again && again.token !== stale) {
              remembered = again;
              return again.token;
            }
            const fresh = await fetchToken();
            const ttl = Math.max(1_000, fresh.expiresAt - Date.now());
            await settings.redis.set(
              tokenKey,
              JSON.stringify({ sealed: seal(fresh.token), expiresAt: fresh.expiresAt }),
              'PX',
              ttl,
            );
            remembered = fresh;
            return fresh.token;
          } finally {
            await settings.redis.eval(RELEASE_LOCK, 1, lockKey, owner);
          }
        }
        if (Date.now() > deadline)
          throw new AiraloUnavailable('Airalo token: another process held the refresh too long');
        await sleep(100);
      }
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function fetchToken(): Promise<{ token: string; expiresAt: number }> {
    const answer = await send('POST', '/token', {
      form: {
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        grant_type: 'client_credentials',
      },
    });
    if (answer.status === 429)
      throw new AiraloUnavailable(
        `Airalo token: rate limited (retry after ${answer.retryAfterSeconds ?? '?'} s)`,
        answer.retryAfterSeconds,
      );
    if (answer.status >= 500) throw new AiraloUnavailable(`Airalo token: answered ${answer.status}`);
    const data = (answer.body as { data?: { access_token?: unknown; expires_in?: unknown } } | null)?.data;
    if (answer.status === 401 || answer.status === 400 || answer.status === 422)
      throw new AiraloAuthFailed(
        `Airalo token: refused (${answer.status}); check AIRALO_CLIENT_ID and AIRALO_CLIENT_SECRET`,
      );
    if (answer.status !== 200 || typeof data?.access_token !== 'string')
      throw new AiraloUnavailable(`Airalo token: unexpected answer (${answer.status})`);
    const expiresIn = typeof data.expires_in === 'number' && data.expires_in > 0 ? data.expires_in * 1000 : Infinity;
    return { token: data.access_token, expiresAt: Date.now() + Math.min(expiresIn, settings.tokenCacheMs) };
  }

  async function send(
    method: 'GET' | 'POST',
    path: string,
    request: AiraloRequest,
    token?: string,
  ): Promise<AiraloAnswer> {
    const timeoutMs = request.timeoutMs ?? settings.timeoutMs;
    const query = request.query
      ? `?${new URLSearchParams(Object.entries(request.query).map(([k, v]) => [k, String(v)])).toString()}`
      : '';
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | FormData | undefined;
    if (request.json) {
      body = JSON.stringify(request.json);
      headers['content-type'] = 'application/json';
      headers['airalo-signature'] = requestSignature(settings.clientSecret, request.json);
    } else if (request.form) {
      const form = new FormData();
      for (const [name, value] of Object.entries(request.form)) {
        if (Array.isArray(value)) for (const each of value) form.append(`${name}[]`, each);
        else form.append(name, value);
      }
      body = form;
    }
    const what = `Airalo ${method} ${path}`;
    try {
      const response = await poolOf().request({
        method,
        path: `${base.pathname.replace(/\/+$/, '')}${path}${query}`,
        headers,
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.body.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = null;
      }
      return { status: response.statusCode, body: parsed, retryAfterSeconds: retryAfter(response.headers) };
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new AiraloNoAnswer(`${what}: no answer in ${timeoutMs} ms`, true, { cause: error });
      const failed = error as { code?: string; cause?: { code?: string } };
      const code = failed.code ?? failed.cause?.code;
      throw new AiraloNoAnswer(`${what}: ${code ?? (error as Error).message}`, !(code && NEVER_SENT.has(code)), {
        cause: error,
      });
    }
  }

  return {
    async request(method, path, request = {}) {
      const token = await currentToken();
      const answer = await send(method, path, request, token);
      if (answer.status !== 401) return answer;
      // Airalo refused the token (expired or revoked): one fresh token, then give up. A 401 is
      // answered before Airalo does anything, so sending an order again is safe.
      let fresh = await refresh(token);
      // A refresh already under way for another reason may have handed back the refused token itself.
      if (fresh === token) fresh = await refresh(token);
      const again = await send(method, path, request, fresh);
      if (again.status === 401) throw new AiraloAuthFailed(`Airalo ${method} ${path}: 401 with a fresh token`);
      return again;
    },
  };
}
