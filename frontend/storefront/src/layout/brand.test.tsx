import { render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_BRAND, DEMO_SELLER, sellerView } from '@esim/contracts';
import { createFixedI18n } from '../i18n/fixed';
import { AppRoutes, preloadPage } from '../routes';
import { AppThemeProvider } from '../theme/theme';

const PUSULA_LOGO = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';

afterEach(() => vi.unstubAllGlobals());

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ success: true, code: 'ok', message: 'ok', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/**
 * The storefront names the shop as its identity does (GET /public/shop, set by an admin): the
 * header, the page title and every text naming the brand start from the demo's (as the page was
 * prerendered) and follow the live one once the API answers. The API is a stub of the HTTP answers.
 */
describe('the live brand', () => {
  it('the header, the title and the texts take the brand GET /public/shop answers', async () => {
    const live = {
      brand: { ...DEMO_BRAND, name: 'Pusula Seyahat', logo_url: PUSULA_LOGO },
      seller: sellerView(DEMO_SELLER),
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: RequestInfo | URL) => (String(url).endsWith('/public/shop') ? envelope(live) : envelope([]))),
    );
    await preloadPage('/about');
    const router = createMemoryRouter([{ path: '*', element: <AppRoutes /> }], { initialEntries: ['/about'] });
    render(
      <I18nextProvider i18n={createFixedI18n('tr')}>
        <AppThemeProvider initialMode="light">
          <RouterProvider router={router} />
        </AppThemeProvider>
      </I18nextProvider>,
    );
    const header = screen.getByRole('banner');
    // The first render names the brand the page was built with (the demo's here), as hydration needs.
    expect(within(header).getByRole('link', { name: DEMO_BRAND.name })).toBeInTheDocument();
    const home = await within(header).findByRole('link', { name: 'Pusula Seyahat' });
    expect(home).toHaveAttribute('href', '/');
    await waitFor(() =>
      expect(home.querySelector('img'), home.outerHTML.slice(0, 400)).toHaveAttribute('src', PUSULA_LOGO),
    );
    await waitFor(() => expect(document.title).toBe('Hakkımızda — Pusula Seyahat'));
    expect(document.body.textContent).not.toContain(DEMO_BRAND.name);
  }, 30_000);
});
