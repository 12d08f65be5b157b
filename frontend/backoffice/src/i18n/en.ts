import englishRa from 'ra-language-english';
import type { TranslationMessages } from 'ra-core';
import { appEnglish } from './app-en';

export const englishMessages: TranslationMessages = { ...englishRa, ...appEnglish } as TranslationMessages;
