import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { setApiLanguage } from '../api/client';
import { policyVariables } from '../features/policy/policy';
import { auth } from './resources/auth';
import { balance } from './resources/balance';
import { common } from './resources/common';
import { coverage } from './resources/coverage';
import { home } from './resources/home';
import { info } from './resources/info';
import { legal } from './resources/legal';
import { shop } from './resources/shop';

export const LANGUAGES = ['tr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const NAMESPACES = { common, auth, balance, coverage, home, info, legal, shop } as const;

/** tr and en resources, namespace by namespace. */
export const resources = Object.fromEntries(
  LANGUAGES.map((lng) => [lng, Object.fromEntries(Object.entries(NAMESPACES).map(([ns, texts]) => [ns, texts[lng]]))]),
) as unknown as Record<Language, Record<keyof typeof NAMESPACES, Record<string, unknown>>>;

const options = {
  resources,
  fallbackLng: 'tr',
  supportedLngs: [...LANGUAGES],
  nonExplicitSupportedLngs: false,
  load: 'languageOnly' as const,
  ns: Object.keys(NAMESPACES),
  defaultNS: 'common',
  returnObjects: true,
  // The refund windows come from the one policy, so every text that names one says the same.
  interpolation: { escapeValue: false, defaultVariables: policyVariables },
  react: { useSuspense: false },
};

/** The browser instance: the detector's default order is the spec's (lng param, cookie, localStorage, ...). */
export function initI18n(): I18n {
  if (!i18next.isInitialized) {
    i18next.use(LanguageDetector).use(initReactI18next).init({ ...options, detection: { caches: ['localStorage'] } });
  }
  const sync = (lng: string) => {
    setApiLanguage(lng);
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  };
  sync(i18next.resolvedLanguage ?? 'tr');
  i18next.on('languageChanged', sync);
  return i18next;
}

/** A fixed-language instance (prerendering and tests). */
export function createFixedI18n(lng: Language): I18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({ ...options, lng, initAsync: false });
  return instance;
}
