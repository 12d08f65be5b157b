import type { LanguageDetectorModule } from 'i18next';
import { STORAGE_KEYS } from '@esim/contracts';
import {
  allowsPreferences,
  clearLanguageChoice,
  LANGUAGE_COOKIE,
  readPreference,
  writeLanguageCookie,
  writePreference,
} from '../features/consent/consent';
import { LANGUAGES } from './options';

const baseOf = (code: string) => code.toLowerCase().split('-')[0]!;

/** The language the browser's own settings give: what the gateway reads from Accept-Language when no cookie says otherwise. */
function browserLanguage(): string {
  for (const code of navigator.languages ?? [navigator.language])
    if ((LANGUAGES as readonly string[]).includes(baseOf(code))) return baseOf(code);
  return 'tr';
}

/**
 * The visitor's language, first found wins: the `lng` parameter, the cookie, local storage,
 * then the browser's languages (i18next takes the first it supports). A language other than the
 * browser's own is a choice, kept in storage and the cookie (across visits only with the visitor's
 * consent to preference cookies); the browser's own language is kept nowhere without that consent,
 * as nothing is needed to show it. A few lines instead of i18next-browser-languagedetector, whose
 * other sources the shop does not use.
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
    if (allowsPreferences() || baseOf(lng) !== browserLanguage()) {
      writePreference(STORAGE_KEYS.language, lng);
      writeLanguageCookie(lng);
    } else clearLanguageChoice();
  },
};
