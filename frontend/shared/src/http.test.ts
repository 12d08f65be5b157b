import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionRefresh, fieldErrorsOf, sendWithSession } from './http';
import { localSessionStore } from './session';

const USER = { email: 'dealer@esim.test', full_name: 'Deniz Bayi', user_type: 2 as const };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

afterEach(() => localStorage.clear());

describe("the API's token refresh both front ends share", () => {
  it('refreshes once for calls that failed together, keeps the new session and sends each again', async () => {
    const session = localSessionStore();
    session.write({ token: 'old', user: USER });
    const fetchMock = vi.fn(async () => json(200, { success: true, data: { token: 'new', ...USER } }));
    const refresh = createSessionRefresh({
      session,
      url: '/api/refresh',
      credentials: 'include',
      headers: () => ({ 'accept-language': 'en' }),
      keep: (refreshed, current) => (current ? { ...current, token: refreshed.token } : null),
      fetch: fetchMock,
    });
    const sent: Array<string | null> = [];
    const call = () =>
      sendWithSession(session, refresh, async (token) => {
        sent.push(token);
        return new Response(null, { status: token === 'new' ? 200 : 401 });
      });
    const answers = await Promise.all([call(), call()]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/refresh', {
      method: 'POST',
      credentials: 'include',
      headers: { 'accept-language': 'en' },
    });
    expect(sent).toEqual(['old', 'old', 'new', 'new']);
    expect(session.read()).toEqual({ token: 'new', user: USER });
  });

  it('answers the 401 when the session cannot be renewed, and never refreshes a signed-out call', async () => {
    const session = localSessionStore();
    const refresh = vi.fn(async () => null);
    const signedOut = await sendWithSession(session, refresh, async () => new Response(null, { status: 401 }));
    expect(signedOut.status).toBe(401);
    expect(refresh).not.toHaveBeenCalled();
    session.write({ token: 'old', user: USER });
    const expired = await sendWithSession(session, refresh, async () => new Response(null, { status: 401 }));
    expect(expired.status).toBe(401);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("names each field's first message without the request part it came in", () => {
    expect(
      fieldErrorsOf([
        { path: 'body.email', message: 'E-posta geçersiz' },
        { path: 'body.email', message: 'ikinci' },
        { path: 'filter.q', message: 'çok kısa' },
        { path: 'name', message: '' },
        'bozuk',
      ]),
    ).toEqual({ email: 'E-posta geçersiz', q: 'çok kısa' });
    expect(fieldErrorsOf(undefined)).toEqual({});
  });
});
