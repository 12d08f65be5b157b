import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { baseOptions, type Language } from './options';
import { resources } from './resources';

/** A fixed-language instance with every text at hand (prerendering and tests). */
export function createFixedI18n(lng: Language): I18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({ ...baseOptions, resources, lng, initAsync: false });
  return instance;
}
