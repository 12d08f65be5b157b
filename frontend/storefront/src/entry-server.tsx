import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { DEMO_BRAND, DEMO_SELLER, sellerView, type PublicShop } from '@esim/contracts';
import {
  demoCountries,
  demoCountryPackages,
  demoCoverage,
  demoDestinations,
  demoRegions,
} from './features/catalog/demoAnswers';
import { REGION_SAMPLES } from './features/catalog/regional';
import { countryPackagesPath } from './features/catalog/paths';
import { applyBrand, SHOP_PATH } from './lib/brand';
import { PrerenderDataProvider, prerenderDataScript, type PrerenderData } from './lib/prerenderData';
import { createFixedI18n } from './i18n/fixed';
import type { Language } from './i18n/options';
import { AppRoutes } from './routes';
import { AppThemeProvider, brandColors } from './theme/theme';
import { createStyleCache, PRERENDERED_STYLES } from './theme/styleCache';

export { PUBLIC_PAGES } from './public-pages';
export { ROUTE_PATTERNS } from './routes';

export interface PrerenderedPage {
  /** The app's markup, for inside `<div id="root">`. */
  body: string;
  /** The page's title, description and alternates (React renders them in the tree; they belong in head). */
  head: string;
  /** Emotion's style tags for just the rules the markup uses. */
  styles: string;
  /** The API answers the page was rendered with, as a JSON block for the browser ('' without any). */
  data: string;
}

/** The catalogue's answers each page reads, as paths and the demo catalogue's answer for them. */
const PAGE_ANSWERS: Record<string, (lng: Language) => Array<[path: string, answer: unknown]>> = {
  '/': (lng) => [['/public/destinations', demoDestinations(lng)]],
  '/packages': (lng) => [
    ['/public/countries', demoCountries(lng)],
    ...REGION_SAMPLES.map((slug): [string, unknown] => [countryPackagesPath(slug), demoCountryPackages(slug, lng)]),
  ],
  '/coverage': (lng) => [
    ['/public/coverage', demoCoverage(lng)],
    ['/public/regions', demoRegions(lng)],
  ],
};

/**
 * The answers a page is prerendered with: the demo catalogue's lists, destinations, coverage and a
 * country's packages. A production build has no catalogue to read (its admins make it), so its
 * pages carry none and show their lists once the API answers.
 */
export function prerenderAnswers(
  pathname: string,
  lng: Language,
  mode = process.env.APP_MODE ?? 'demo',
  built = builtShop,
): PrerenderData {
  const answers: Record<string, unknown> = {};
  const shop = built ?? (mode === 'production' ? undefined : demoShop());
  if (shop) answers[SHOP_PATH] = shop;
  if (mode === 'production') return { lng, answers };
  for (const [path, answer] of PAGE_ANSWERS[pathname]?.(lng) ?? []) if (answer) answers[path] = answer;
  const country = /^\/packages\/([a-z0-9-]+)$/.exec(pathname)?.[1];
  const packages = country ? demoCountryPackages(country, lng) : undefined;
  if (packages) answers[countryPackagesPath(country!)] = packages;
  return { lng, answers };
}

const demoShop = (): PublicShop => ({ brand: { ...DEMO_BRAND }, seller: sellerView(DEMO_SELLER) });

/** The shop's identity the build read (loadBuildShop); undefined until it has. */
let builtShop: PublicShop | undefined;
let loading: Promise<PublicShop | undefined> | undefined;

/**
 * The brand and seller the pages are prerendered with: the running shop's (GET /public/shop at
 * SHOP_API_URL, e.g. http://localhost:8080/api) when the build is given one, so the next build
 * follows what the admin set; else the demo shop's (none in production: its pages then show the
 * live identity once the API answers). A shop that does not answer stops the build.
 */
export function loadBuildShop(env = process.env): Promise<PublicShop | undefined> {
  loading ??= (async () => {
    const base = env.SHOP_API_URL?.trim();
    if (!base) return undefined;
    const response = await fetch(`${base.replace(/\/$/, '')}${SHOP_PATH}`);
    if (!response.ok) throw new Error(`SHOP_API_URL: GET ${SHOP_PATH} answered ${response.status}`);
    builtShop = ((await response.json()) as { data: PublicShop }).data;
    return builtShop;
  })();
  return loading;
}

const HEAD_TAG = /<title>[^<]*<\/title>|<meta [^>]*>|<link [^>]*>/g;

/**
 * A public page as a signed-out visitor in light mode sees it before any API answer: the build
 * writes it into the page's HTML, and the browser hydrates it (main.tsx).
 */
export async function prerender(
  pathname: string,
  lng: Language,
  mode?: string,
  shop?: PublicShop,
): Promise<PrerenderedPage> {
  const data = prerenderAnswers(pathname, lng, mode, shop ?? (await loadBuildShop()));
  // The baked brand names the shop in every text and colours the theme, as the browser's first render will (main.tsx).
  const baked = (data.answers[SHOP_PATH] as PublicShop | undefined)?.brand;
  const brand = baked?.name;
  const colors = brandColors(baked);
  const i18nOf = () => {
    const instance = createFixedI18n(lng);
    if (brand) applyBrand(instance, brand);
    return instance;
  };
  const page = (cache: EmotionCache) => (
    <StrictMode>
      <CacheProvider value={cache}>
        <I18nextProvider i18n={i18nOf()}>
          <PrerenderDataProvider value={data}>
            <AppThemeProvider initialMode="light" colors={colors}>
              <StaticRouter location={pathname}>
                <AppRoutes />
              </StaticRouter>
            </AppThemeProvider>
          </PrerenderDataProvider>
        </I18nextProvider>
      </CacheProvider>
    </StrictMode>
  );
  // A first pass waits for the lazy parts (the home page's sections, the footer) to load; in the
  // second they are ready, so the HTML is whole, with no fallbacks or reveal scripts in it.
  const { prelude } = await prerenderToNodeStream(page(createStyleCache()));
  for await (const chunk of prelude) void chunk;
  // Emotion's default key, so the browser's cache adopts these style tags instead of repeating them.
  const cache = createStyleCache();
  const emotion = createEmotionServer(cache);
  const html = renderToString(page(cache));
  const head = (html.match(HEAD_TAG) ?? []).map((tag) => tag.replace(/^<(\w+)/, '<$1 data-prerender=""')).join('');
  const body = html.replace(HEAD_TAG, '');
  // Every class the render made, not only those in the markup: a MUI component's class is made of
  // its parts' classes (a Button's of ButtonBase's), and the browser's hydration makes those parts
  // again; found here, they are taken as inserted there instead of being written out one by one.
  const made = Object.keys(cache.registered).join(' ');
  // Named for the app's own cache (main.tsx), which takes their rules as inserted: emotion's default
  // cache would move each tag within head at start-up, and the browser would apply the moved
  // stylesheet to the whole page again.
  const styles = emotion
    .constructStyleTagsFromChunks(emotion.extractCriticalToChunks(`${body} ${made}`))
    .replace(/<style data-emotion="css ([^"]*)"/g, `<style ${PRERENDERED_STYLES}="$1"`);
  return { body, head, styles, data: Object.keys(data.answers).length ? prerenderDataScript(data) : '' };
}
