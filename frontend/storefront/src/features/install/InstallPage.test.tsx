import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InstallPage as InstallPageData } from '@esim/contracts';
import { renderPage } from '../../test/render';
import InstallPage from './InstallPage';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';
const LPA = 'LPA:1$smdp.example.com$MATCH-42';
const READY: InstallPageData = {
  state: 'ready',
  package_name: 'Standart',
  data_mb: 5120,
  unlimited: false,
  validity_days: 15,
  iccid: '8990000000000000001',
  link_expires_at: '2026-11-27T18:00:00Z',
  install: {
    activation_code: LPA,
    smdp_address: 'smdp.example.com',
    matching_id: 'MATCH-42',
    confirmation_code_required: false,
    ios_install_url: `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(LPA)}`,
    qr_data_url: 'data:image/png;base64,iVBORw0KGgo=',
  },
};
const UA = {
  ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  desktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
};

function answer(status: number, body: unknown) {
  const fetch = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const show = (userAgent: string, lng: 'tr' | 'en' = 'tr') => {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  return renderPage(<InstallPage />, { path: `/install/${TOKEN}`, route: '/install/:token', lng });
};

// The page's chunk and the answer arrive in turn: on a loaded machine that takes longer than the default second.
const WAIT = { timeout: 5000 };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the install link’s page', () => {
  it('asks the public route for the token and gives an iPhone the one-tap link first', async () => {
    const fetch = answer(200, { success: true, code: 'install_page_loaded', message: 'ok', data: READY });
    show(UA.ios);
    const oneTap = await screen.findByRole('link', { name: 'iPhone’a tek dokunuşla kur' }, WAIT);
    expect(oneTap).toHaveAttribute('href', READY.install!.ios_install_url);
    expect(String(fetch.mock.calls[0]![0])).toBe(`/api/public/install/${TOKEN}`);
    expect(screen.getByTestId('install-manual')).toBeInTheDocument();
    expect(screen.queryByTestId('install-qr')).toBeNull();
    // The order of the sections: one tap before the manual steps.
    const sections = screen.getAllByTestId(/^install-(ios|manual|qr)$/).map((s) => s.dataset.testid);
    expect(sections).toEqual(['install-ios', 'install-manual']);
  });

  it('gives an Android 10+ phone the manual steps with copy buttons, and no iPhone link', async () => {
    answer(200, { success: true, code: 'install_page_loaded', message: 'ok', data: READY });
    show(UA.android, 'en');
    const manual = await screen.findByTestId('install-manual', {}, WAIT);
    expect(within(manual).getByText('smdp.example.com')).toBeInTheDocument();
    expect(within(manual).getByText('MATCH-42')).toBeInTheDocument();
    expect(within(manual).getByRole('button', { name: 'Copy: SM-DP+ address' })).toBeInTheDocument();
    expect(within(manual).getByRole('button', { name: 'Copy: Activation code' })).toBeInTheDocument();
    expect(screen.queryByTestId('install-ios')).toBeNull();
  });

  it('shows a computer the QR code first and every way', async () => {
    answer(200, { success: true, code: 'install_page_loaded', message: 'ok', data: READY });
    show(UA.desktop, 'en');
    expect(await screen.findByRole('img', { name: `eSIM QR code for ${READY.iccid}` }, WAIT)).toHaveAttribute(
      'src',
      READY.install!.qr_data_url,
    );
    expect(screen.getAllByTestId(/^install-(ios|manual|qr)$/).map((s) => s.dataset.testid)).toEqual([
      'install-qr',
      'install-ios',
      'install-manual',
    ]);
  });

  it('says an installed eSIM is installed and shows no code', async () => {
    answer(200, {
      success: true,
      code: 'install_page_loaded',
      message: 'ok',
      data: { ...READY, state: 'installed', install: null },
    });
    show(UA.android);
    expect(await screen.findByTestId('install-done', {}, WAIT)).toHaveTextContent('Bu eSIM kurulmuş ve kullanılıyor');
    expect(screen.queryByText('MATCH-42')).toBeNull();
    expect(screen.queryByTestId('install-manual')).toBeNull();
  });

  it('says a refunded eSIM cannot be installed, with no code, no QR and no one-tap link', async () => {
    answer(200, {
      success: true,
      code: 'install_page_loaded',
      message: 'ok',
      data: { ...READY, state: 'unavailable', install: null },
    });
    show(UA.desktop, 'en');
    expect(await screen.findByText(/refunded or cancelled/, {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByText('MATCH-42')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryAllByTestId(/^install-(ios|manual|qr)$/)).toEqual([]);
  });

  it('shows the service’s words for a revoked or expired link', async () => {
    answer(410, {
      success: false,
      code: 'install_link_gone',
      message: 'Bu kurulum bağlantısının süresi doldu veya iptal edildi.',
    });
    show(UA.desktop);
    expect(await screen.findByRole('alert', {}, WAIT)).toHaveTextContent(
      'Bu kurulum bağlantısının süresi doldu veya iptal edildi.',
    );
  });

  it('is never indexed and sends no referrer', async () => {
    answer(200, { success: true, code: 'install_page_loaded', message: 'ok', data: READY });
    show(UA.desktop);
    await screen.findByTestId('install-qr', {}, WAIT);
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    expect(document.querySelector('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
  });
});

describe('a link that is not valid', () => {
  it.each([
    ['tr', 400, 'Bu bağlantı geçerli değil.', /Bağlantıyı eksiksiz açtığınızdan emin olun/],
    ['en', 400, 'This link is not valid.', /Make sure you opened the whole link/],
    ['tr', 404, 'Bu bağlantı geçerli değil.', /yeni bir kurulum bağlantısı/],
    ['en', 404, 'This link is not valid.', /make a new install link/],
  ] as const)('in %s, a %i says so in words, never "token"', async (lng, status, title, hint) => {
    answer(status, {
      success: false,
      code: status === 400 ? 'validation_error' : 'install_link_not_found',
      message: 'Girilen bilgiler geçersiz: token — Geçersiz kurulum bağlantısı',
    });
    show(UA.android, lng);
    const alert = await screen.findByTestId('install-invalid', {}, WAIT);
    expect(alert).toHaveTextContent(title);
    expect(alert).toHaveTextContent(hint);
    expect(document.body).not.toHaveTextContent(/token/i);
  });
});

describe('too many lookups from here', () => {
  it('counts the Retry-After seconds down, then offers to try again, which asks once more', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calls += 1;
        return calls === 1
          ? new Response(JSON.stringify({ success: false, code: 'rate_limited', message: 'Çok fazla istek' }), {
              status: 429,
              headers: { 'retry-after': '3' },
            })
          : new Response(JSON.stringify({ success: true, code: 'install_page_loaded', message: 'ok', data: READY }), {
              status: 200,
            });
      }),
    );
    show(UA.android);
    const notice = await screen.findByTestId('retry-wait', {}, WAIT);
    expect(notice).toHaveTextContent('Çok fazla istek gönderildi. Lütfen 3 saniye sonra tekrar deneyin.');
    await vi.advanceTimersByTimeAsync(1100);
    expect(screen.getByTestId('retry-wait')).toHaveTextContent('Lütfen 2 saniye sonra');
    expect(screen.queryByRole('button', { name: 'Tekrar dene' })).toBeNull();
    await vi.advanceTimersByTimeAsync(2000);
    // The wait's own timer may be set a tick after the notice shows on a loaded host: a little more fake time, never real.
    for (let tick = 0; tick < 20 && !screen.getByTestId('retry-wait').textContent?.includes('şimdi'); tick++)
      await vi.advanceTimersByTimeAsync(250);
    expect(screen.getByTestId('retry-wait')).toHaveTextContent('şimdi tekrar deneyebilirsiniz');
    fireEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByText('SM-DP+ adresi', {}, WAIT)).toBeInTheDocument();
    expect(calls).toBe(2);
    vi.useRealTimers();
  });
});
