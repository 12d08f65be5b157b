import type { InitOptions } from 'i18next';
import { DEMO_BRAND } from '@esim/contracts';
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
  // The refund windows come from the one policy, so every text that names one says the same; the
  // brand is the demo's until the page's own (prerendered, then live) replaces it (lib/brand.tsx).
  interpolation: { escapeValue: false, defaultVariables: { ...policyVariables, brand: DEMO_BRAND.name } },
  react: { useSuspense: false, bindI18n: 'languageChanged brandChanged' },
} satisfies InitOptions;
