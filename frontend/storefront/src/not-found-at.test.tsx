import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFixedI18n } from './i18n/fixed';
import { AppRoutes, preloadPage } from './routes';
import { AppThemeProvider } from './theme/theme';

afterEach(() => vi.unstubAllGlobals());

describe('a path the server answered with the not-found page', () => {
  it('shows the not-found page there (no country page asking the API), and the visitor’s next path as usual', async () => {
    const fetch = vi.fn(
      async (_url: RequestInfo | URL) =>
        new Response(JSON.stringify({ success: true, code: 'ok', message: 'ok', data: [] }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    await Promise.all([preloadPage('/404'), preloadPage('/privacy')]);
    const router = createMemoryRouter([{ path: '*', element: <AppRoutes notFoundAt="/packages/no-such-country" /> }], {
      initialEntries: ['/packages/no-such-country'],
    });
    render(
      <I18nextProvider i18n={createFixedI18n('tr')}>
        <AppThemeProvider initialMode="light">
          <RouterProvider router={router} />
        </AppThemeProvider>
      </I18nextProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Sayfa bulunamadı' })).toBeInTheDocument();
    expect(
      fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/public/countries/no-such-country')),
    ).toEqual([]);
    await act(() => router.navigate('/privacy'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Gizlilik Politikası' })).toBeInTheDocument();
  }, 30_000);
});
