import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { createFixedI18n } from './i18n/fixed';
import type { Language } from './i18n/options';
import { AppRoutes } from './routes';
import { AppThemeProvider } from './theme/theme';

export { PUBLIC_PAGES } from './public-pages';
export { ROUTE_PATTERNS } from './routes';

export interface PrerenderedPage {
  /** The app's markup, for inside `<div id="root">`. */
  body: string;
  /** The page's title, description and alternates (React renders them in the tree; they belong in head). */
  head: string;
  /** Emotion's style tags for just the rules the markup uses. */
  styles: string;
}

const HEAD_TAG = /<title>[^<]*<\/title>|<meta [^>]*>|<link [^>]*>/g;

/**
 * A public page as a signed-out visitor in light mode sees it before any API answer: the build
 * writes it into the page's HTML, and the browser hydrates it (main.tsx).
 */
export async function prerender(pathname: string, lng: Language): Promise<PrerenderedPage> {
  const page = (cache: EmotionCache) => (
    <StrictMode>
      <CacheProvider value={cache}>
        <I18nextProvider i18n={createFixedI18n(lng)}>
          <AppThemeProvider initialMode="light">
            <StaticRouter location={pathname}>
              <AppRoutes />
            </StaticRouter>
          </AppThemeProvider>
        </I18nextProvider>
      </CacheProvider>
    </StrictMode>
  );
  // A first pass waits for the lazy parts (the home page's sections, the footer) to load; in the
  // second they are ready, so the HTML is whole, with no fallbacks or reveal scripts in it.
  const { prelude } = await prerenderToNodeStream(page(createCache({ key: 'css' })));
  for await (const chunk of prelude) void chunk;
  // Emotion's default key, so the browser's cache adopts these style tags instead of repeating them.
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const html = renderToString(page(cache));
  const head = (html.match(HEAD_TAG) ?? []).map((tag) => tag.replace(/^<(\w+)/, '<$1 data-prerender=""')).join('');
  const body = html.replace(HEAD_TAG, '');
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(body));
  return { body, head, styles };
}
