import type { ReactElement } from 'react';
import type { InitOptions } from 'i18next';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from 'react-hot-toast';
import { AuthProvider } from '../auth/AuthContext';
import { createFixedI18n } from '../i18n/fixed';
import type { Language } from '../i18n/options';
import { AppThemeProvider } from '../theme/theme';

/** Renders a page the way the app does (i18n, theme, router, session), at `path`. */
export function renderPage(
  element: ReactElement,
  options: {
    path?: string;
    route?: string;
    lng?: Language;
    extraRoutes?: RouteObject[];
    state?: unknown;
    i18nOptions?: InitOptions;
  } = {},
) {
  const i18n = createFixedI18n(options.lng ?? 'tr', options.i18nOptions);
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider>
            <Toaster />
            <RouterOutletShim />
          </AuthProvider>
        ),
        children: [{ path: options.route ?? options.path ?? '/', element }, ...(options.extraRoutes ?? [])],
      },
    ],
    {
      initialEntries: [
        {
          pathname: (options.path ?? '/').split('?')[0]!,
          search: (options.path ?? '').includes('?') ? `?${(options.path ?? '').split('?')[1]}` : '',
          state: options.state,
        },
      ],
    },
  );
  const utils = render(
    <I18nextProvider i18n={i18n}>
      <AppThemeProvider initialMode="light">
        <RouterProvider router={router} />
      </AppThemeProvider>
    </I18nextProvider>,
  );
  return { ...utils, router, i18n };
}

import { Outlet } from 'react-router';
function RouterOutletShim() {
  return <Outlet />;
}
