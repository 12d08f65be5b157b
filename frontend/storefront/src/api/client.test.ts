import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, NETWORK_ERROR_EVENT, UNAUTHORIZED_EVENT } from './client';
import { browserSession } from '@esim/frontend-shared/session';

afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe('API client: token, refresh once, 401 and network events', () => {
  it('sends the bearer token and unwraps the envelope', async () => {
    browserSession.write({ token: 'old', user: { email: 'a@b.c', full_name: 'A', user_type: 1 } });
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      json(200, { success: true, code: 'ok', message: 'ok', data: { balance: 10 } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await api.get('/user/balance')).toEqual({ balance: 10 });
    expect((fetchMock.mock.calls[0]![1]!.headers as Record<string, string>).authorization).toBe('Bearer old');
  });

  it('an expired token is refreshed once and the call retried with the new one', async () => {
    browserSession.write({ token: 'old', user: { email: 'a@b.c', full_name: 'A', user_type: 1 } });
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const auth = (init?.headers as Record<string, string> | undefined)?.authorization;
        calls.push(`${url} ${auth ?? ''}`.trim());
        if (url === '/api/refresh')
          return json(200, { success: true, code: 'token_refreshed', message: '', data: { token: 'new' } });
        return auth === 'Bearer new'
          ? json(200, { success: true, code: 'ok', message: '', data: 1 })
          : json(401, { success: false, code: 'token_expired', message: '' });
      }),
    );
    const [a, b] = await Promise.all([api.get('/user/balance'), api.get('/user/packages')]);
    expect([a, b]).toEqual([1, 1]);
    // Two 401s, one refresh between them.
    expect(calls.filter((c) => c === '/api/refresh')).toHaveLength(1);
    expect(browserSession.read()?.token ?? null).toBe('new');
  });

  it('a 401 that refreshing cannot cure clears the session and fires the unauthorized event', async () => {
    browserSession.write({ token: 'old', user: { email: 'a@b.c', full_name: 'A', user_type: 1 } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { success: false, code: 'unauthorized', message: 'Oturum gerekli' })),
    );
    const fired = vi.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, fired);
    await expect(api.get('/user/balance')).rejects.toMatchObject({ status: 401 });
    expect(fired).toHaveBeenCalledTimes(1);
    expect(browserSession.read()?.token ?? null).toBeNull();
    expect(browserSession.read()?.user ?? null).toBeNull();
    window.removeEventListener(UNAUTHORIZED_EVENT, fired);
  });

  it('a 401 from /login is wrong credentials: no refresh, no event, session kept', async () => {
    browserSession.write({ token: 'keep', user: { email: 'a@b.c', full_name: 'A', user_type: 1 } });
    const fetchMock = vi.fn(async () =>
      json(401, { success: false, code: 'invalid_credentials', message: 'Geçersiz email veya şifre' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const fired = vi.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, fired);
    await expect(api.post('/login', { email: 'a', password: 'b' })).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fired).not.toHaveBeenCalled();
    expect(browserSession.read()?.token ?? null).toBe('keep');
    window.removeEventListener(UNAUTHORIZED_EVENT, fired);
  });

  it('no answer fires the network-error event with the fixed text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fired = vi.fn();
    window.addEventListener(NETWORK_ERROR_EVENT, fired);
    const error = await api.get('/public/regions').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('API sunucusuna ulaşılamıyor');
    expect(fired).toHaveBeenCalledTimes(1);
    window.removeEventListener(NETWORK_ERROR_EVENT, fired);
  });

  it('field errors of the envelope are keyed by field name', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(400, {
          success: false,
          code: 'validation_error',
          message: 'bad',
          errors: [{ path: 'body.email', message: 'Geçerli bir email adresi girin' }],
        }),
      ),
    );
    const error = (await api.post('/register', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.fields).toEqual({ email: 'Geçerli bir email adresi girin' });
  });

  it("a dealer's refusal for money reads with its credit left", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(422, {
          success: false,
          code: 'insufficient_balance',
          message: 'Yetersiz bakiye. Kullanılabilir bakiye: 10,00 €',
          errors: [{ path: 'credit_left', message: 'Kalan kredi limiti: 5,00 €' }],
        }),
      ),
    );
    const error = (await api.post('/user/packages/buy', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.fullMessage).toBe('Yetersiz bakiye. Kullanılabilir bakiye: 10,00 €. Kalan kredi limiti: 5,00 €');
  });
});
