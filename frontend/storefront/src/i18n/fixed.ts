import i18next, { type InitOptions, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { baseOptions, type Language } from './options';
import { resources } from './resources';

/** A fixed-language instance with every text at hand (prerendering and tests; tests may add options, e.g. a missing-key handler). */
export function createFixedI18n(lng: Language, options: InitOptions = {}): I18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({ ...baseOptions, resources, lng, initAsync: false, ...options });
  return instance;
}
