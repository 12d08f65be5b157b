import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { CacheProvider } from '@emotion/react';
import { I18nextProvider } from 'react-i18next';
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import '@fontsource/roboto/latin-ext-400.css';
import '@fontsource/roboto/latin-ext-700.css';
import { initI18n } from './i18n';
import { AppRoutes, NOT_FOUND_PATH, preloadPage } from './routes';
import { browserSession } from '@esim/frontend-shared/session';
import { AppThemeProvider, brandColors, buildTheme, storedThemeMode } from './theme/theme';
import { islandsHydrated, keepPrerenderedIslands } from './layout/Island';
import { prerenderedStyleCache } from './theme/styleCache';
import { nextTask } from './lib/nextTask';
import { applyBrand, SHOP_PATH } from './lib/brand';
import { pageAnswer } from './lib/prerenderData';
import type { PublicShop } from '@esim/contracts';

/**
 * Tells the boot file (scripts/build-extras.ts) that the app now owns the page, once its first
 * render or hydration has committed: forms are the app's from here on.
 */
function AppReady() {
  useEffect(() => {
    islandsHydrated();
    // In a task of its own: the boot file's answer (the forms made live again) restyles the page.
    void nextTask().then(() => document.documentElement.setAttribute('data-app-ready', ''));
  }, []);
  return null;
}

async function start() {
  // Evaluating the app's code is one long task on a phone: its start (routes, language, the page's
  // chunk) is the next one instead of more of the same.
  await nextTask();
  const container = document.getElementById('root')!;
  // The prerendered page's own head tags: React renders them itself from now on.
  document.head.querySelectorAll('[data-prerender]').forEach((node) => node.remove());

  // Load the first page's chunk and the visitor's language before rendering, so hydration meets
  // the same tree as the HTML.
  // The server answered this path with its not-found page (an unknown country's page): so does the app.
  const notFoundAt = container.hasAttribute('data-not-found') ? window.location.pathname : undefined;
  // Each start is a few milliseconds of work (the language's detection, the routes' matching): a task each.
  const language = initI18n();
  await nextTask();
  const [i18n] = await Promise.all([language, preloadPage(notFoundAt ? NOT_FOUND_PATH : window.location.pathname)]);
  // The brand the page was prerendered with, for the first render; BrandSync then follows the live one.
  const baked = pageAnswer<PublicShop>(SHOP_PATH)?.brand;
  if (baked?.name) applyBrand(i18n, baked.name);
  const colors = brandColors(baked);
  // The theme (a few milliseconds more) is made before hydrating, which then finds it made.
  buildTheme(storedThemeMode(), colors);
  await nextTask();

  const app = (
    <StrictMode>
      <CacheProvider value={prerenderedStyleCache()}>
        <I18nextProvider i18n={i18n}>
          <AppThemeProvider colors={colors}>
            <BrowserRouter>
              <AppRoutes notFoundAt={notFoundAt} />
            </BrowserRouter>
            <AppReady />
          </AppThemeProvider>
        </I18nextProvider>
      </CacheProvider>
    </StrictMode>
  );
  const prerendered = container.dataset.lang;
  // The prerendered HTML is a signed-out visitor's page in light mode in one language, without
  // query parameters: hydrate it when that is what this visitor sees, else render afresh.
  const plainUrl = [...new URLSearchParams(window.location.search).keys()].every((key) => key === 'lng');
  const sameAsPrerendered =
    prerendered === i18n.resolvedLanguage && plainUrl && storedThemeMode() === 'light' && !browserSession.read();
  // A transition lets React yield while it hydrates, instead of one long task.
  startTransition(() => {
    if (sameAsPrerendered) {
      keepPrerenderedIslands(container);
      hydrateRoot(container, app);
    } else createRoot(container).render(app);
  });
}

void start();
