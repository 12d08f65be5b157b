import type { TranslationMessages } from 'ra-core';

export { turkishMessages } from './tr';

/**
 * English is fetched only by those who use it: Turkish (the default) ships in the first bundle,
 * English in a chunk of its own loaded before the first render (main.tsx) or on a language switch.
 */
export const loadEnglishMessages = (): Promise<TranslationMessages> => import('./en').then((m) => m.englishMessages);
