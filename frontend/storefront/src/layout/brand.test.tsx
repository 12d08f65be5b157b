import { render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_BRAND, DEMO_SELLER, sellerView } from '@esim/contracts';
import { createFixedI18n } from '../i18n/fixed';
import { AppRoutes, preloadPage } from '../routes';
import Button from '@mui/material/Button';
import { AppThemeProvider, brandColors } from '../theme/theme';
import { BrandSync } from '../lib/brand';

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

/**
 * The theme follows the identity's colours too: first the ones the page was prerendered with, then
 * the live ones; text on the primary colour stays readable (black on a pale one, white on a deep one).
 */
describe('the live brand colours', () => {
  /** A colour of the button, its MUI variable resolved (jsdom does not resolve variables). */
  const resolved = (button: HTMLElement, property: 'backgroundColor' | 'color') => {
    const style = getComputedStyle(button);
    const value = style[property];
    const variable = /^var\((--[\w-]+)\)$/.exec(value)?.[1];
    return variable ? style.getPropertyValue(variable).trim() : value;
  };

  function renderWithLive(primary: string, baked?: string) {
    const live = { brand: { ...DEMO_BRAND, primary_color: primary }, seller: sellerView(DEMO_SELLER) };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: RequestInfo | URL) => (String(url).endsWith('/public/shop') ? envelope(live) : envelope([]))),
    );
    const colors = baked
      ? brandColors({ primary_color: baked, secondary_color: DEMO_BRAND.secondary_color })
      : undefined;
    render(
      <I18nextProvider i18n={createFixedI18n('tr')}>
        <AppThemeProvider initialMode="light" colors={colors}>
          <BrandSync />
          <Button variant="contained">Satın al</Button>
        </AppThemeProvider>
      </I18nextProvider>,
    );
    return screen.getByRole('button', { name: 'Satın al' });
  }

  it('a changed primary colour reaches a primary button, with white text on a deep colour', async () => {
    const button = renderWithLive('#7b1fa2');
    // Drawn first with the colour it was built with (the demo's), as hydration needs.
    expect(resolved(button, 'backgroundColor')).toBe('#0b57d0');
    await waitFor(() => expect(resolved(button, 'backgroundColor')).toBe('#7b1fa2'));
    expect(resolved(button, 'color')).toBe('#fff');
  });

  it('a pale primary colour gets dark text', async () => {
    const button = renderWithLive('#ffeb3b', '#7b1fa2');
    expect(resolved(button, 'backgroundColor')).toBe('#7b1fa2');
    await waitFor(() => expect(resolved(button, 'backgroundColor')).toBe('#ffeb3b'));
    expect(resolved(button, 'color')).toBe('rgba(0, 0, 0, 0.87)');
  });
});
