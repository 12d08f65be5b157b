import { createHash, randomUUID } from 'node:crypto';
import { sealer, type Redis } from '@esim/platform';
import { InvoiceNotYet } from '../port';
import type { ParasutSettings } from './config';

export interface ParasutAnswer {
  status: number;
  /** The parsed JSON body (null when there was none or it was not JSON). */
  body: unknown;
}

export interface ParasutRequest {
  query?: Record<string, string>;
  json?: Record<string, unknown>;
  timeoutMs?: number;
}

export interface ParasutClient {
  /** A call under /v4/{company_id}; no answer at all (timeout, dropped connection) throws InvoiceNotYet. */
  request(method: 'GET' | 'POST' | 'PUT', path: string, request?: ParasutRequest): Promise<ParasutAnswer>;
  /** The bytes behind one of Paraşüt's short-lived file links. */
  download(url: string): Promise<{ status: number; bytes: Buffer }>;
  /** A short hash of the base address and company, so Redis keys of two companies never meet. */
  readonly account: string;
}

export interface ParasutClientOptions {
  settings: ParasutSettings;
  /** The service's Redis (its key prefix applied): the token pair is shared there by every process. */
  redis: Redis;
  timeoutMs: number;
}

/** A token is renewed this long before Paraşüt would expire it, so no call carries one that dies on the way. */
const EXPIRY_MARGIN_MS = 60_000;
/** How long one process may hold the refresh lock; the others wait for its token meanwhile. */
const LOCK_MS = 15_000;
/** The stored pair outlives its access token so the refresh token in it can still be used. */
const PAIR_TTL_MS = 30 * 24 * 3600 * 1000;
const RELEASE_LOCK =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface TokenPair {
  access: string;
  refresh: string | null;
  expiresAt: number;
}

/**
 * A small client of Paraşüt's API v4 with one OAuth token pair shared by every process through Redis.
 * Paraşüt's refresh tokens work once (each refresh hands out a new one), so the pair is renewed by one
 * process at a time under a Redis lock and written back as one value: no process can be left holding
 * a refresh token another has already spent. A spent or refused refresh token falls back to the
 * password grant. The pair is stored encrypted with a key derived from the client secret.
 */
export function createParasutClient(options: ParasutClientOptions): ParasutClient {
  const { settings, redis } = options;
  const account = createHash('sha256')
    .update(`${settings.baseUrl}\n${settings.companyId}\n${settings.clientId}`)
    .digest('hex')
    .slice(0, 16);
  const pairKey = `parasut:token:${account}`;
  const lockKey = `parasut:token-lock:${account}`;
  // Sealed with another secret (the secret changed), a stored token reads as none.
  const { seal, open } = sealer('parasut-token', settings.clientSecret);
  let remembered: TokenPair | null = null;
  let refreshing: Promise<string> | null = null;

  const fresh = (pair: TokenPair | null) => pair !== null && pair.expiresAt - EXPIRY_MARGIN_MS > Date.now();

  async function stored(): Promise<TokenPair | null> {
    const value = await redis.get(pairKey);
    if (!value) return null;
    try {
      const parsed = JSON.parse(value) as { access: string; refresh: string | null; expiresAt: number };
      const access = open(parsed.access);
      if (!access) return null;
      return { access, refresh: parsed.refresh ? open(parsed.refresh) : null, expiresAt: parsed.expiresAt };
    } catch {
      return null;
    }
  }

  async function currentToken(): Promise<string> {
    if (fresh(remembered)) return remembered!.access;
    const shared = await stored();
    if (fresh(shared)) {
      remembered = shared;
      return shared!.access;
    }
    return renew(null);
  }

  /** An access token other than `stale`: another process's if it made one meanwhile, else a new pair from Paraşüt. */
  function renew(stale: string | null): Promise<string> {
    if (stale !== null && remembered?.access === stale) remembered = null;
    refreshing ??= (async () => {
      const owner = randomUUID();
      const deadline = Date.now() + LOCK_MS + 5_000;
      for (;;) {
        const shared = await stored();
        if (fresh(shared) && shared!.access !== stale) {
          remembered = shared;
          return shared!.access;
        }
        if ((await redis.set(lockKey, owner, 'PX', LOCK_MS, 'NX')) === 'OK') {
          try {
            const again = await stored();
            if (fresh(again) && again!.access !== stale) {
              remembered = again;
              return again!.access;
            }
            const pair = await fetchPair(again?.refresh ?? null);
            await redis.set(
              pairKey,
              JSON.stringify({
                access: seal(pair.access),
                refresh: pair.refresh ? seal(pair.refresh) : null,
                expiresAt: pair.expiresAt,
              }),
              'PX',
              PAIR_TTL_MS,
            );
            remembered = pair;
            return pair.access;
          } finally {
            await redis.eval(RELEASE_LOCK, 1, lockKey, owner);
          }
        }
        if (Date.now() > deadline) throw new InvoiceNotYet('Paraşüt token: another process held the refresh too long');
        await sleep(100);
      }
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function fetchPair(refreshToken: string | null): Promise<TokenPair> {
    if (refreshToken) {
      const answer = await tokenCall({ grant_type: 'refresh_token', refresh_token: refreshToken });
      if (answer) return answer;
      // The refresh token was spent or revoked: the password grant starts a new chain.
    }
    const answer = await tokenCall({
      grant_type: 'password',
      username: settings.username,
      password: settings.password,
      redirect_uri: 'urn:ietf:wg:oauth:2.0:oob',
    });
    if (!answer)
      // Retrying cannot help until someone fixes the settings, but the sale is still to be invoiced then.
      throw new InvoiceNotYet(
        'Paraşüt refused our credentials: check PARASUT_CLIENT_ID, PARASUT_CLIENT_SECRET, PARASUT_USERNAME and PARASUT_PASSWORD',
      );
    return answer;
  }

  /** One token request: the pair, or null when Paraşüt refused the grant. */
  async function tokenCall(fields: Record<string, string>): Promise<TokenPair | null> {
    const answer = await send('POST', `${settings.baseUrl}/oauth/token`, {
      form: { client_id: settings.clientId, client_secret: settings.clientSecret, ...fields },
    });
    if (answer.status === 400 || answer.status === 401) return null;
    const body = answer.body as { access_token?: unknown; refresh_token?: unknown; expires_in?: unknown } | null;
    if (answer.status !== 200 || typeof body?.access_token !== 'string')
      throw new InvoiceNotYet(`Paraşüt token: answered ${answer.status}`);
    const expiresIn = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 7200;
    return {
      access: body.access_token,
      refresh: typeof body.refresh_token === 'string' ? body.refresh_token : null,
      expiresAt: Date.now() + expiresIn * 1000,
    };
  }

  async function send(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    request: { json?: Record<string, unknown>; form?: Record<string, string>; token?: string; timeoutMs?: number },
  ): Promise<ParasutAnswer> {
    const timeoutMs = request.timeoutMs ?? options.timeoutMs;
    const headers: Record<string, string> = { accept: 'application/vnd.api+json, application/json' };
    if (request.token) headers.authorization = `Bearer ${request.token}`;
    let body: string | undefined;
    if (request.json) {
      body = JSON.stringify(request.json);
      headers['content-type'] = 'application/vnd.api+json';
    } else if (request.form) {
      body = new URLSearchParams(request.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const what = `Paraşüt ${method} ${new URL(url).pathname}`;
    try {
      const response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
      const text = await response.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = null;
      }
      return { status: response.status, body: parsed };
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new InvoiceNotYet(`${what}: no answer in ${timeoutMs} ms`);
      const failed = error as { cause?: { code?: string; message?: string } };
      throw new InvoiceNotYet(`${what}: ${failed.cause?.code ?? failed.cause?.message ?? (error as Error).message}`);
    }
  }

  const apiUrl = (path: string, query?: Record<string, string>) =>
    `${settings.baseUrl}/v4/${encodeURIComponent(settings.companyId)}${path}${
      query ? `?${new URLSearchParams(query).toString()}` : ''
    }`;

  return {
    account,
    async request(method, path, request = {}) {
      const url = apiUrl(path, request.query);
      const token = await currentToken();
      const answer = await send(method, url, { json: request.json, token, timeoutMs: request.timeoutMs });
      if (answer.status !== 401) return answer;
      // Paraşüt refused the token (expired or revoked) before doing anything: one new token, then give up.
      let next = await renew(token);
      if (next === token) next = await renew(token);
      const again = await send(method, url, { json: request.json, token: next, timeoutMs: request.timeoutMs });
      if (again.status === 401) throw new InvoiceNotYet(`Paraşüt ${method} ${path}: 401 with a fresh token`);
      return again;
    },
    async download(url) {
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs) });
        return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
      } catch (error) {
        throw new InvoiceNotYet(`Paraşüt PDF download: ${(error as Error).message}`);
      }
    },
  };
}
