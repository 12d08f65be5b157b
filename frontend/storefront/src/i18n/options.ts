import type { InitOptions } from 'i18next';
import { policyVariables } from '../features/policy/policy';

export const LANGUAGES = ['tr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const NAMESPACE_NAMES = [
  'common',
  'auth',
  'balance',
  'coverage',
  'home',
  'info',
  'install',
  'legal',
  'shop',
] as const;
export type Namespace = (typeof NAMESPACE_NAMES)[number];

/** What every instance shares (the browser's, the prerender step's and the tests'). */
export const baseOptions = {
  fallbackLng: 'tr',
  supportedLngs: [...LANGUAGES],
  nonExplicitSupportedLngs: false,
  load: 'languageOnly' as const,
  ns: [...NAMESPACE_NAMES],
  defaultNS: 'common',
  returnObjects: true,
  // The refund windows come from the one policy, so every text that names one says the same.
  interpolation: { escapeValue: false, defaultVariables: policyVariables },
  react: { useSuspense: false },
} satisfies InitOptions;
