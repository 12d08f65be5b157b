import { render } from '@testing-library/react';
import { memoryStore } from 'react-admin';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { App } from '../src/App';
import { createAuthProvider } from '../src/providers/authProvider';
import { englishMessages } from '../src/i18n/en';
import { createI18nProvider, type Locale } from '../src/providers/i18nProvider';
import type { Session } from '@esim/frontend-shared/session';
import { fakeDataProvider, memorySessionStore } from './fixtures';

/** Writes the router's path where a test can read it. */
function LocationSpy() {
  const { pathname } = useLocation();
  return (
    <output data-testid="location" hidden>
      {pathname}
    </output>
  );
}

/** The whole back office in a memory router, signed in as `session`, over the fake data provider. */
export function renderApp(options: {
  session: Session | null;
  path?: string;
  locale?: Locale;
  dataProvider?: ReturnType<typeof fakeDataProvider>;
}) {
  const session = memorySessionStore(options.session);
  const dataProvider = options.dataProvider ?? fakeDataProvider();
  const redirects: string[] = [];
  const fetchStub = (async () =>
    new Response(JSON.stringify({ success: false, message: 'no', code: 'unauthorized' }), {
      status: 401,
    })) as typeof fetch;
  const authProvider = createAuthProvider({
    apiUrl: '/api',
    session,
    fetch: fetchStub,
    loginUrl: () => 'http://shop.test/login?redirect=%2Fdashboard',
  });
  const view = render(
    <MemoryRouter initialEntries={[options.path ?? '/']}>
      <LocationSpy />
      <App
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={createI18nProvider(options.locale ?? 'tr', englishMessages)}
        store={memoryStore()}
      />
    </MemoryRouter>,
  );
  return { ...view, dataProvider, session, redirects };
}
