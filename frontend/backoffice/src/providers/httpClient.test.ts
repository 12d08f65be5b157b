import { describe, expect, it } from 'vitest';
import { memorySessionStore, SESSIONS } from '../../test/fixtures';
import { createHttpClient, fieldErrorsOf } from './httpClient';

type Seen = { url: string; method: string; headers: Headers };

/** A fetch answering from a script of responses, remembering what it was asked. */
function scriptedFetch(answers: Array<(req: Seen) => Response>) {
  const seen: Seen[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = { url: String(input), method: init?.method ?? 'GET', headers: new Headers(init?.headers) };
    seen.push(req);
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected call ${req.method} ${req.url}`);
    return answer(req);
  }) as typeof globalThis.fetch;
  return { fetch, seen };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('httpClient', () => {
  it('unwraps the envelope and keeps the paging headers for simple-rest', async () => {
    const { fetch, seen } = scriptedFetch([
      () =>
        json(
          200,
          { success: true, message: 'ok', data: [{ id: 1 }], meta: { total: 7, page: 1, limit: 1 } },
          { 'content-range': 'transactions 0-0/7' },
        ),
    ]);
    const client = createHttpClient({
      apiUrl: '/api',
      session: memorySessionStore(SESSIONS.dealer),
      fetch,
      locale: () => 'en',
    });
    const res = await client('/api/user/transactions');
    expect(res.json).toEqual([{ id: 1 }]);
    expect(res.headers.get('content-range')).toBe('transactions 0-0/7');
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer dealer-token');
    expect(seen[0]!.headers.get('accept-language')).toBe('en');
  });

  it("puts the service's field messages on the fields (body.email → email)", async () => {
    const { fetch } = scriptedFetch([
      () =>
        json(400, {
          success: false,
          message: 'Geçersiz veri',
          code: 'validation_error',
          errors: [
            { path: 'body.email', message: 'Bu e-posta zaten kayıtlı' },
            { path: 'body.packages.0.price', message: 'Fiyat en az 0,01' },
          ],
        }),
    ]);
    const client = createHttpClient({ apiUrl: '/api', session: memorySessionStore(SESSIONS.salesManager), fetch });
    const error = await client('/api/sales-manager/dealers', { method: 'POST', body: '{}' }).catch((e) => e);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Geçersiz veri');
    expect(error.body.errors).toEqual({ email: 'Bu e-posta zaten kayıtlı', 'packages.0.price': 'Fiyat en az 0,01' });
    expect(fieldErrorsOf(undefined)).toEqual({});
  });

  it('sends one Idempotency-Key per POST, the same on the retry after a refresh', async () => {
    const session = memorySessionStore(SESSIONS.dealer);
    const { fetch, seen } = scriptedFetch([
      () => json(401, { success: false, message: 'expired', code: 'token_expired' }),
      () =>
        json(200, {
          success: true,
          message: 'token_refreshed',
          data: { token: 'fresh', token_type: 'Bearer', ...SESSIONS.dealer.user },
        }),
      () => json(201, { success: true, message: 'deposit_created', data: { id: 't1' } }),
    ]);
    const client = createHttpClient({ apiUrl: '/api', session, fetch });
    const res = await client('/api/user/balance/add', { method: 'POST', body: JSON.stringify({ amount: 10 }) });
    expect(res.json).toEqual({ id: 't1' });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /api/user/balance/add',
      'POST /api/refresh',
      'POST /api/user/balance/add',
    ]);
    const first = seen[0]!.headers.get('idempotency-key');
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[2]!.headers.get('idempotency-key')).toBe(first);
    expect(seen[2]!.headers.get('authorization')).toBe('Bearer fresh');
    expect(session.current?.token).toBe('fresh');
  });

  it('refreshes once: a second 401 ends the session', async () => {
    const session = memorySessionStore(SESSIONS.dealer);
    const { fetch, seen } = scriptedFetch([
      () => json(401, { success: false, message: 'expired', code: 'token_expired' }),
      () => json(401, { success: false, message: 'no', code: 'unauthorized' }),
    ]);
    const client = createHttpClient({ apiUrl: '/api', session, fetch });
    const error = await client('/api/user/balance').catch((e) => e);
    expect(error.status).toBe(401);
    expect(seen).toHaveLength(2);
    expect(session.current).toBeNull();
  });

  it('sends no key on reads and no JSON content type on an empty DELETE', async () => {
    const { fetch, seen } = scriptedFetch([
      () => json(200, { success: true, message: 'ok', data: {} }),
      () => json(200, { success: true, message: 'ok', data: {} }),
    ]);
    const client = createHttpClient({ apiUrl: '/api', session: memorySessionStore(SESSIONS.dealer), fetch });
    await client('/api/user/balance');
    await client('/api/x/1', { method: 'DELETE', headers: { 'Content-Type': 'text/plain' } });
    expect(seen[0]!.headers.has('idempotency-key')).toBe(false);
    expect(seen[1]!.headers.has('content-type')).toBe(false);
  });
});
