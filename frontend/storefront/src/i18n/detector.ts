import type { LanguageDetectorModule } from 'i18next';
import { STORAGE_KEYS } from '@esim/contracts';
import { LANGUAGE_COOKIE, readPreference, writeLanguageCookie, writePreference } from '../features/consent/consent';

/**
 * The visitor's language in the spec's order: the `lng` parameter, the cookie, local storage,
 * then the browser's languages (i18next takes the first it supports). The choice is kept in
 * storage and the cookie, across visits only with the visitor's consent to preference cookies.
 * A few lines instead of i18next-browser-languagedetector, whose other sources the shop does not use.
 */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    const query = new URLSearchParams(window.location.search).get('lng') ?? undefined;
    const cookie = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];
    return [
      query,
      cookie,
      readPreference(STORAGE_KEYS.language),
      ...(navigator.languages ?? [navigator.language]),
    ].filter((lng): lng is string => !!lng);
  },
  cacheUserLanguage(lng) {
    writePreference(STORAGE_KEYS.language, lng);
    writeLanguageCookie(lng);
  },
};
