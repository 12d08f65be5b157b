import englishRa from 'ra-language-english';
import type { TranslationMessages } from 'ra-core';
import { appEnglish } from './app-en';
import { appTurkish } from './app-tr';
import { raTurkish } from './ra-tr';

export const englishMessages: TranslationMessages = { ...englishRa, ...appEnglish } as TranslationMessages;
export const turkishMessages: TranslationMessages = { ...raTurkish, ...appTurkish } as TranslationMessages;
