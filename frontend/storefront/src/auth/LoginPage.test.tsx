import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserSession } from '@esim/frontend-shared/session';
import { homeOf } from './AuthContext';
import { renderPage } from '../test/render';
import LoginPage from './LoginPage';

const replace = vi.fn();
const assign = vi.fn();
beforeEach(() => {
  replace.mockReset();
  assign.mockReset();
  vi.stubGlobal('location', { ...window.location, replace, assign, pathname: '/login', search: '' });
});
afterEach(() => vi.unstubAllGlobals());

const session = (userType: number) => ({
  token: 't',
  full_name: 'Can',
  email: 'can@example.com',
  user_type: userType,
  id: 'u1',
  token_type: 'Bearer',
  expires_at: '',
});

describe('login redirect by user_type', () => {
  it('sales managers go to their dealers, everyone else to the dashboard', () => {
    expect(homeOf({ user_type: 4 })).toBe('/dashboard/sales-manager/dealers');
    for (const type of [1, 2, 3]) expect(homeOf({ user_type: type })).toBe('/dashboard');
  });

  it('a signed-in visitor of /login is sent on at once', () => {
    browserSession.write({ token: 'token', user: { email: 's@example.com', full_name: 'Serkan', user_type: 4 } });
    renderPage(<LoginPage />, { path: '/login' });
    expect(replace).toHaveBeenCalledWith('/dashboard/sales-manager/dealers');
  });

  it('after signing in: submitting state, success toast, then the user_type home', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => (
          await gate,
          new Response(
            JSON.stringify({ success: true, code: 'login_successful', message: 'Giriş başarılı', data: session(4) }),
          )
        ),
      ),
    );
    renderPage(<LoginPage />, { path: '/login' });
    await userEvent.type(screen.getByLabelText('E-posta', { exact: false, selector: 'input' }), 'sales@esim.test');
    await userEvent.type(screen.getByLabelText('Şifre', { exact: false, selector: 'input' }), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    expect(screen.getByRole('button', { name: 'Giriş Yapılıyor...' })).toBeDisabled();
    expect(screen.getByLabelText('E-posta', { exact: false, selector: 'input' })).toBeDisabled();
    release();
    expect(await screen.findByText('Giriş başarılı')).toBeInTheDocument();
    expect(assign).toHaveBeenCalledWith('/dashboard/sales-manager/dealers');
    expect(localStorage.getItem('token')).toBe('t');
  });

  it('back to the page the visitor came from when there is one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: true, code: 'login_successful', message: 'ok', data: session(1) })),
      ),
    );
    const { router } = renderPage(<LoginPage />, {
      path: '/login',
      state: { from: '/packages/united-states?buy=p1' },
      extraRoutes: [{ path: '/packages/:c', element: <p>country</p> }],
    });
    await userEvent.type(screen.getByLabelText('E-posta', { exact: false, selector: 'input' }), 'can@example.com');
    await userEvent.type(screen.getByLabelText('Şifre', { exact: false, selector: 'input' }), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    await vi.waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/packages/united-states?buy=p1'),
    );
  });

  it('error texts: invalid credentials, user not found, required fields', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ success: false, code: 'invalid_credentials', message: 'x' }), { status: 401 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage(<LoginPage />, { path: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    expect(screen.getByText('E-posta zorunludur')).toBeInTheDocument();
    expect(screen.getByText('Şifre zorunludur')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('E-posta', { exact: false, selector: 'input' }), 'can@example.com');
    await userEvent.type(screen.getByLabelText('Şifre', { exact: false, selector: 'input' }), 'wrong-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    expect((await screen.findAllByText('Geçersiz email veya şifre')).length).toBeGreaterThan(0);
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ success: false, code: 'user_not_found', message: 'x' }), { status: 404 }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    expect((await screen.findAllByText('Kullanıcı bulunamadı')).length).toBeGreaterThan(0);
  });
});

describe('return after sign-in', () => {
  it("takes the back office's ?redirect= only when it is a path of this site", async () => {
    const { safeRedirect } = await import('./returnTo');
    expect(safeRedirect('/dashboard/orders')).toBe('/dashboard/orders');
    for (const bad of ['//evil.example/x', 'https://evil.example', '/\\evil.example', '', null])
      expect(safeRedirect(bad)).toBeUndefined();
  });
});

describe('too many sign-in attempts', () => {
  it('counts the Retry-After seconds down with the buttons off, then lets the visitor try again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            success: false,
            code: 'rate_limited',
            message: 'Çok fazla istek gönderildi. Lütfen 2 saniye sonra tekrar deneyin.',
          }),
          { status: 429, headers: { 'retry-after': '2' } },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('E-posta', { exact: false, selector: 'input' }), 'can@example.com');
    await user.type(screen.getByLabelText('Şifre', { exact: false, selector: 'input' }), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    const notice = await screen.findByTestId('retry-wait');
    expect(notice).toHaveTextContent('Çok fazla istek gönderildi. Lütfen 2 saniye sonra tekrar deneyin.');
    expect(screen.getByRole('button', { name: 'Giriş Yap' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Demo hesabıyla dene' })).toBeDisabled();
    await vi.advanceTimersByTimeAsync(1100);
    expect(screen.getByTestId('retry-wait')).toHaveTextContent('Lütfen 1 saniye sonra');
    await vi.advanceTimersByTimeAsync(1000);
    // The wait's own timer may be set a tick after the notice shows on a loaded host: a little more fake time, never real.
    for (let tick = 0; tick < 20 && !screen.getByTestId('retry-wait').textContent?.includes('şimdi'); tick++)
      await vi.advanceTimersByTimeAsync(250);
    expect(screen.getByTestId('retry-wait')).toHaveTextContent('Bekleme süresi doldu; şimdi tekrar deneyebilirsiniz.');
    expect(screen.getByRole('button', { name: 'Giriş Yap' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    vi.useRealTimers();
  });
});
