import type { LanguageDetectorModule } from 'i18next';
import { STORAGE_KEYS } from '@contracts/session';

/** The cookie the gateway reads to send a page prerendered in the visitor's language. */
export const LANGUAGE_COOKIE = 'i18next';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

function stored(): string | undefined {
  try {
    return localStorage.getItem(STORAGE_KEYS.language) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The visitor's language in the spec's order: the `lng` parameter, the cookie, local storage,
 * then the browser's languages (i18next takes the first it supports). The choice is kept in
 * local storage and the cookie. A few lines instead of i18next-browser-languagedetector, whose
 * other sources the shop does not use.
 */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    const query = new URLSearchParams(window.location.search).get('lng') ?? undefined;
    const cookie = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];
    return [query, cookie, stored(), ...(navigator.languages ?? [navigator.language])].filter((lng): lng is string => !!lng);
  },
  cacheUserLanguage(lng) {
    try {
      localStorage.setItem(STORAGE_KEYS.language, lng);
    } catch {
      /* private mode: the cookie still remembers */
    }
    document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(lng)}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
  },
};
