import type { TranslationMessages } from 'ra-core';
import { appTurkish } from './app-tr';
import { raTurkish } from './ra-tr';

export const turkishMessages: TranslationMessages = { ...raTurkish, ...appTurkish } as TranslationMessages;
