import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * API answers a prerendered page was made with, so its HTML carries the whole content (a
 * country's plans and prices, not only its headings) and hydration meets the same tree. The
 * prerender provides them; in the browser they come from the page's `#prerender-data` JSON.
 */
export interface PrerenderData {
  lng: string;
  answers: Record<string, unknown>;
}

export const PRERENDER_DATA_ID = 'prerender-data';

const ServerData = createContext<PrerenderData | null>(null);

export function PrerenderDataProvider({ value, children }: { value: PrerenderData; children: ReactNode }) {
  return <ServerData.Provider value={value}>{children}</ServerData.Provider>;
}

let pageData: PrerenderData | null | undefined;
function fromPage(): PrerenderData | null {
  if (pageData === undefined) {
    const script = typeof document === 'undefined' ? null : document.getElementById(PRERENDER_DATA_ID);
    try {
      pageData = script?.textContent ? (JSON.parse(script.textContent) as PrerenderData) : null;
    } catch {
      pageData = null;
    }
  }
  return pageData;
}

/** The answer the page's HTML carries for this path (whatever its language), outside React (main.tsx). */
export function pageAnswer<T>(path: string): T | undefined {
  return fromPage()?.answers[path] as T | undefined;
}

/** The answer the page was prerendered with for this path and language, until a fresh one replaces it. */
export function usePrerenderedAnswer<T>(path: string | null): T | undefined {
  return usePrerenderedAnswers<T>(path === null ? [] : [path])[0];
}

/** The answers the page was prerendered with for these paths (undefined where it carries none). */
export function usePrerenderedAnswers<T>(paths: readonly string[]): Array<T | undefined> {
  const server = useContext(ServerData);
  const { i18n } = useTranslation();
  const data = server ?? fromPage();
  if (!data || data.lng !== i18n.resolvedLanguage) return paths.map(() => undefined);
  return paths.map((path) => data.answers[path] as T | undefined);
}

/**
 * The answer to keep showing: the one shown already when the fresh one says the same (the usual
 * case on a prerendered page), so nothing built from it renders again, else the fresh one.
 */
export function sameOrFresh<T>(shown: T | undefined, fresh: T): T {
  return shown !== undefined && JSON.stringify(shown) === JSON.stringify(fresh) ? shown : fresh;
}

/** A fresh answer arrived: the prerendered one is not shown again (on a later visit of the page, say). */
export function forgetPrerenderedAnswer(path: string): void {
  if (pageData) delete pageData.answers[path];
}

/**
 * A fresh answer arrived: the prerendered one is kept when it says the same, as a part of the page
 * still to hydrate may read it (the lazy footer reads the seller after /refund-policy answered it,
 * and without it met other HTML: React's error #418); one that says otherwise is forgotten.
 */
export function settlePrerenderedAnswer(path: string, fresh: unknown): void {
  if (pageData && JSON.stringify(pageData.answers[path]) !== JSON.stringify(fresh)) delete pageData.answers[path];
}

/** The JSON block a prerendered page carries (`<` escaped, so no text in it can close the script). */
export function prerenderDataScript(data: PrerenderData): string {
  return `<script type="application/json" id="${PRERENDER_DATA_ID}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}
