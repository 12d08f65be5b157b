import type { LocalizedText } from '@esim/contracts';
import type { CoverageStatus, ReferenceCountry } from './reference';

/**
 * A `countries` row as stored (bigint cents arrive as numbers, jsonb parsed): the ISO reference
 * data the migration inserted, plus the shop's own settings for the country.
 */
export interface CountryRow extends ReferenceCountry {
  coverage_status: CoverageStatus;
  daily_price_cents: number | null;
  speed: string | null;
  features: LocalizedText[];
  featured_order: number | null;
  quick_order: number | null;
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
