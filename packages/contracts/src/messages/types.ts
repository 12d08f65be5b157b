export type Locale = 'tr' | 'en';
export const LOCALES: readonly Locale[] = ['tr', 'en'];
export const DEFAULT_LOCALE: Locale = 'tr';

export interface LocalizedText {
  tr: string;
  en: string;
}

export type MessageCatalog = Record<string, LocalizedText>;
