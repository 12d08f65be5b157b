import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import '@fontsource/roboto/latin-ext-400.css';
import '@fontsource/roboto/latin-ext-500.css';
import type { TranslationMessages } from 'ra-core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { createAuthProvider } from './providers/authProvider';
import { createDataProvider } from './providers/dataProvider';
import { createHttpClient } from './providers/httpClient';
import { loadEnglishMessages } from './i18n';
import { createI18nProvider, initialLocale } from './providers/i18nProvider';
import { localSessionStore } from '@esim/frontend-shared/session';

const API_URL = '/api';
const session = localSessionStore();
const locale = initialLocale();
document.documentElement.lang = locale;

function start(english?: TranslationMessages) {
  const i18nProvider = createI18nProvider(locale, english);
  const httpClient = createHttpClient({ apiUrl: API_URL, session, locale: () => i18nProvider.getLocale() });

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      {/* react-admin's own router is a HashRouter: the back office lives at real /dashboard/... URLs instead. */}
      <BrowserRouter basename="/dashboard">
        <App
          dataProvider={createDataProvider(API_URL, httpClient)}
          authProvider={createAuthProvider({ apiUrl: API_URL, session })}
          i18nProvider={i18nProvider}
        />
      </BrowserRouter>
    </StrictMode>,
  );
}

// Turkish ships in this bundle; English (fetched only by those who chose it) is loaded before the first render.
if (locale === 'en') void loadEnglishMessages().then(start);
else start();
