import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setApiLanguage } from '../api/client';
import { languageDetector } from './detector';
import { baseOptions, LANGUAGES, type Language } from './options';

export { LANGUAGES, type Language } from './options';

/** One chunk per language: the other one is fetched only when the visitor switches to it. */
const LANGUAGE_TEXTS: Record<Language, () => Promise<{ default: Record<string, Record<string, unknown>> }>> = {
  tr: () => import('./lang/tr'),
  en: () => import('./lang/en'),
};

const lazyLanguages: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = LANGUAGE_TEXTS[language as Language];
    if (!load) return callback(null, {});
    load().then(
      (texts) => callback(null, texts.default[namespace] ?? {}),
      (error: Error) => callback(error, null),
    );
  },
};

/** The language i18next picks from what the detector finds: the first supported one, else Turkish. */
function detectedLanguage(): Language {
  for (const code of (languageDetector.detect?.() as string[] | undefined) ?? []) {
    const lng = code.toLowerCase().split('-')[0] as Language;
    if (LANGUAGES.includes(lng)) return lng;
  }
  return 'tr';
}

/** The browser instance (language from ./detector); resolves once the visitor's language is loaded. */
export async function initI18n(): Promise<I18n> {
  if (!i18next.isInitialized) {
    // The visitor's texts are fetched first and handed over whole: i18next then reads no namespace
    // through the backend (nine reads, each a task's worth of bookkeeping on a phone). The other
    // language comes through the backend at a switch.
    const lng = detectedLanguage();
    const texts = (await LANGUAGE_TEXTS[lng]()).default;
    await i18next
      .use(lazyLanguages)
      .use(languageDetector)
      .use(initReactI18next)
      .init({
        ...baseOptions,
        resources: { [lng]: texts },
        partialBundledLanguages: true,
        // Both languages have every key (resources.test.ts): English texts need no Turkish ones behind them.
        fallbackLng: { en: [], default: ['tr'] },
      });
  }
  const sync = (lng: string) => {
    setApiLanguage(lng);
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  };
  sync(i18next.resolvedLanguage ?? 'tr');
  i18next.on('languageChanged', sync);
  return i18next;
}
