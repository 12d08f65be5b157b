import type { Language } from '../../i18n/options';

/**
 * The country pages the build prerenders (PUBLIC_PAGES) with the names and flag the
 * catalog gives them (its reference data: world-countries' common names), so their HTML shows
 * the full heading before the API answers; the answer's own names replace these.
 */
export const PRERENDERED_COUNTRIES: Record<string, { flag: string; a3: string } & Record<Language, string>> = {
  'united-states': { flag: 'us', a3: 'USA', tr: 'Amerika Birleşik Devletleri', en: 'United States' },
};
