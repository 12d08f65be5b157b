import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../test/render';
import LoginPage from './LoginPage';
import RegisterPage from './RegisterPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
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

  it('submitting label, success toast and the 1.5 s redirect to /login', async () => {
    const answer = new Response(
      JSON.stringify({ success: true, code: 'register_successful', message: 'Kayıt başarılı', data: {} }),
      { status: 201 },
    );
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => (await gate, answer)),
    );
    const { router } = renderPage(<RegisterPage />, {
      path: '/register',
      extraRoutes: [{ path: '/login', element: <LoginPage /> }],
    });
    await fill({ 'Ad Soyad': 'Ayşe Yılmaz', 'E-posta': 'ayse@example.com', Şifre: 'Gizli-Parola-42' });
    await userEvent.type(input('Şifre Tekrar'), 'Gizli-Parola-42');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Kayıt Ol' }));
    expect(screen.getByRole('button', { name: 'Kayıt Yapılıyor...' })).toBeDisabled();
    release();
    expect((await screen.findAllByText('Kayıt başarılı')).length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe('/register');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 2500 });
    // The sign-in form has the new account's e-mail filled in.
    expect(await screen.findByLabelText('E-posta', { exact: false, selector: 'input' })).toHaveValue(
      'ayse@example.com',
    );
  });

  it('an existing email shows the spec text; no answer shows the network text', async () => {
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
