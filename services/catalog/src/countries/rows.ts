import type { CountryFacts } from '@esim/contracts';

/**
 * A `countries` row as stored (bigint cents arrive as numbers, jsonb parsed): the ISO reference
 * data the migration inserted, plus the shop's own settings for the country (contracts'
 * CountryFacts, which the public views are made from).
 */
export interface CountryRow extends CountryFacts {
  updated_at: Date;
}

export const COUNTRY_COLUMNS = [
  'a2',
  'a3',
  'name_tr',
  'name_en',
  'slug',
  'region',
  'search_text',
  'coverage_status',
  'daily_price_cents',
  'speed',
  'features',
  'featured_order',
  'quick_order',
  'updated_at',
] as const;
