import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'ra-core';
import { STORAGE_KEYS } from '@esim/contracts';
import { loadEnglishMessages, turkishMessages } from '../i18n';

export type Locale = 'tr' | 'en';
/** The storefront's i18next language detector keeps the language here: one choice for both apps. */
export const LOCALE_KEY = STORAGE_KEYS.language;

/** The language the storefront chose (shared key), else Turkish: the shop's default. */
export function initialLocale(
  storage: Pick<Storage, 'getItem'> | undefined = typeof window !== 'undefined' ? window.localStorage : undefined,
): Locale {
  const stored = storage?.getItem(LOCALE_KEY);
  return stored?.toLowerCase().startsWith('en') ? 'en' : 'tr';
}

/**
 * Turkish by default, English on request; both catalogs are complete (a test compares their keys).
 * The first locale's messages must be at hand (polyglot renders synchronously): for English pass
 * them in as `english` (main.tsx awaits loadEnglishMessages first); otherwise English loads on switch.
 */
export function createI18nProvider(locale: Locale = initialLocale(), english?: TranslationMessages): I18nProvider {
  if (locale === 'en' && !english)
    throw new Error('createI18nProvider: English first needs its messages loaded (loadEnglishMessages)');
  const provider = polyglotI18nProvider(
    (l) => (l === 'en' ? (english ?? loadEnglishMessages()) : turkishMessages),
    locale,
    [
      { locale: 'tr', name: 'Türkçe' },
      { locale: 'en', name: 'English' },
    ],
    { allowMissing: false },
  );
  return {
    ...provider,
    changeLocale: async (next: string, options?: unknown) => {
      try {
        window.localStorage.setItem(LOCALE_KEY, next);
        document.documentElement.lang = next;
      } catch {
        // Storage may be unavailable (private mode): the choice then lasts for this page only.
      }
      return provider.changeLocale(next, options);
    },
  };
}
