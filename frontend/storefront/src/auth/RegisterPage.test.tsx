import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../test/render';
import LoginPage from './LoginPage';
import RegisterPage from './RegisterPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

const NAMES: Record<string, string> = {
  'Ad Soyad': 'full_name',
  'E-posta': 'email',
  Şifre: 'password',
  'Şifre Tekrar': 'confirm',
};
const input = (label: string) => document.querySelector<HTMLInputElement>(`input[name="${NAMES[label]}"]`)!;
const fill = async (fields: Record<string, string>) => {
  for (const [label, value] of Object.entries(fields)) await userEvent.type(input(label), value);
};

describe('register form', () => {
  it('every validation message', async () => {
    renderPage(<RegisterPage />, { path: '/register' });
    await userEvent.click(screen.getByRole('button', { name: 'Kayıt Ol' }));
    expect(screen.getByText('Ad soyad zorunludur')).toBeInTheDocument();
    expect(screen.getByText('E-posta zorunludur')).toBeInTheDocument();
    expect(screen.getByText('Şifre zorunludur')).toBeInTheDocument();
    expect(screen.getByText('Kullanım koşullarını kabul etmelisiniz')).toBeInTheDocument();

    await fill({ 'Ad Soyad': 'Ali <script>', 'E-posta': 'not-an-email', Şifre: 'kisa' });
    await userEvent.type(input('Şifre Tekrar'), 'farkli');
    await userEvent.click(screen.getByRole('button', { name: 'Kayıt Ol' }));
    expect(
      screen.getByText('Ad soyad yalnızca harf, boşluk, nokta, kesme işareti veya tire içermeli'),
    ).toBeInTheDocument();
    expect(screen.getByText('Geçerli bir email adresi girin')).toBeInTheDocument();
    expect(screen.getByText('Şifre en az 8 karakter olmalı')).toBeInTheDocument();
    expect(screen.getByText('Şifreler eşleşmiyor')).toBeInTheDocument();
  });

  it('the terms modal has the 10 sections and accepting ticks the box', async () => {
    renderPage(<RegisterPage />, { path: '/register' });
    await userEvent.click(screen.getByRole('button', { name: 'Kullanım koşullarını' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelectorAll('h3')).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'Kabul Ediyorum' }));
    expect(screen.getByRole('checkbox', { hidden: true })).toBeChecked();
  });

  const registerAnswer = () =>
    new Response(JSON.stringify({ success: true, code: 'register_successful', message: 'Kayıt başarılı', data: {} }), {
      status: 201,
    });
  const session = {
    token: 'new-token',
    full_name: 'Ayşe Yılmaz',
    email: 'ayse@example.com',
    user_type: 1,
    id: 'u9',
    token_type: 'Bearer',
    expires_at: '',
  };
  const loginAnswer = () =>
    new Response(JSON.stringify({ success: true, code: 'login_successful', message: 'Giriş başarılı', data: session }));
  const register = async () => {
    await fill({ 'Ad Soyad': 'Ayşe Yılmaz', 'E-posta': 'ayse@example.com', Şifre: 'Gizli-Parola-42' });
    await userEvent.type(input('Şifre Tekrar'), 'Gizli-Parola-42');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Kayıt Ol' }));
  };

  it('registering signs the new account in and goes back to the plan the visitor chose', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/register')) return (await gate, registerAnswer());
      expect(JSON.parse(String(init?.body))).toEqual({
        email: 'ayse@example.com',
        password: 'Gizli-Parola-42',
        remember_me: false,
      });
      return loginAnswer();
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderPage(<RegisterPage />, {
      path: '/register',
      state: { from: '/packages/united-states?buy=p1' },
      extraRoutes: [{ path: '/packages/:country', element: <p>country page</p> }],
    });
    await register();
    expect(screen.getByRole('button', { name: 'Kayıt Yapılıyor...' })).toBeDisabled();
    release();
    await vi.waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/packages/united-states?buy=p1'),
    );
    expect((await screen.findAllByText('Kayıt başarılı')).length).toBeGreaterThan(0);
    expect(fetchMock.mock.calls.map(([url]) => String(url).replace(/^.*\/api/, ''))).toEqual(['/register', '/login']);
    expect(localStorage.getItem('token')).toBe('new-token');
  });

  it('the back office’s ?redirect= is a return address too; without any, the new customer goes to the dashboard', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, replace: vi.fn() });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url.endsWith('/register') ? registerAnswer() : loginAnswer())),
    );
    const first = renderPage(<RegisterPage />, { path: '/register?redirect=/dashboard/orders', route: '/register' });
    await register();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard/orders'));
    first.unmount();
    localStorage.clear();

    renderPage(<RegisterPage />, { path: '/register' });
    await register();
    await vi.waitFor(() => expect(assign).toHaveBeenLastCalledWith('/dashboard'));
  });

  it('when signing in fails, the sign-in form after 1.5 s with the e-mail filled in and the return address kept', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/register')
          ? registerAnswer()
          : new Response(JSON.stringify({ success: false, code: 'too_many_requests', message: 'x' }), { status: 429 }),
      ),
    );
    const { router } = renderPage(<RegisterPage />, {
      path: '/register',
      state: { from: '/packages/united-states?buy=p1' },
      extraRoutes: [{ path: '/login', element: <LoginPage /> }],
    });
    await register();
    expect((await screen.findAllByText('Kayıt başarılı')).length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe('/register');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 2500 });
    expect(await screen.findByLabelText('E-posta', { exact: false, selector: 'input' })).toHaveValue(
      'ayse@example.com',
    );
    expect(router.state.location.state).toMatchObject({ from: '/packages/united-states?buy=p1' });
  });

  it('an existing email shows the fixed text; no answer shows the network text', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ success: false, code: 'user_already_exists', message: 'whatever' }), {
          status: 409,
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage(<RegisterPage />, { path: '/register' });
    await fill({ 'Ad Soyad': 'Ayşe Yılmaz', 'E-posta': 'ayse@example.com', Şifre: 'Gizli-Parola-42' });
    await userEvent.type(input('Şifre Tekrar'), 'Gizli-Parola-42');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Kayıt Ol' }));
    expect((await screen.findAllByText('Bu email adresi zaten kullanılıyor')).length).toBeGreaterThan(0);
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Kayıt Ol' }));
    expect(
      (await screen.findAllByText('API sunucusuna ulaşılamıyor. İnternet bağlantınızı kontrol edin.')).length,
    ).toBeGreaterThan(0);
  });
});
