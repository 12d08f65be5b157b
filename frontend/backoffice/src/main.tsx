import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import '@fontsource/roboto/latin-ext-400.css';
import '@fontsource/roboto/latin-ext-500.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { createAuthProvider } from './providers/authProvider';
import { createDataProvider } from './providers/dataProvider';
import { createHttpClient } from './providers/httpClient';
import { createI18nProvider, initialLocale } from './providers/i18nProvider';
import { localSessionStore } from './providers/session';

const API_URL = '/api';
const session = localSessionStore();
const i18nProvider = createI18nProvider();
document.documentElement.lang = initialLocale();
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
