import type { Region } from './catalog';
import { foldForSearch } from './search-text';

/**
 * What travellers type for a destination that is not a country's own name or code, in Turkish and
 * English, written here as people type it and folded once below with `foldForSearch` (Turkish-aware
 * lower case: İ → i and I → ı → i, so 'İNGİLTERE', 'Ingiltere' and 'ingiltere' are one key; no
 * accents). Keys use letters and spaces only, as a visitor's punctuation is folded away.
 */

/** Abbreviations are codes in all but name: one matches whole only, and a query that is one lists only its country. */
const ABBREVIATIONS: Record<string, readonly string[]> = {
  GB: ['UK'],
  US: ['US', 'USA', 'ABD'],
  AE: ['UAE', 'BAE'],
};

/** Common names: found whole (first) and by their beginning, as a country's own names are. */
const COMMON_NAMES: Record<string, readonly string[]> = {
  GB: [
    'İngiltere',
    'England',
    'Britanya',
    'Büyük Britanya',
    'Britain',
    'Great Britain',
    'Birleşik Krallık',
    'İskoçya',
    'Scotland',
    'Galler',
    'Wales',
  ],
  US: ['Amerika', 'America', 'Birleşik Devletler', 'United States of America', 'Amerika Birleşik Devletleri'],
  NL: ['Holland', 'Hollanda'],
  KR: ['Korea', 'Kore'],
  AE: ['Dubai', 'Abu Dhabi', 'Abu Dabi', 'Emirates', 'Emirlikler'],
  CZ: ['Czech', 'Çek', 'Czech Republic', 'Çek Cumhuriyeti'],
  RU: ['Russia', 'Rusya'],
  VA: ['Vatikan', 'Vatican'],
};

const fold = (names: readonly string[]) => [...new Set(names.map(foldForSearch))];

/** Folded abbreviation → alpha-2 ('uk' → GB). */
export const COUNTRY_ABBREVIATIONS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(ABBREVIATIONS).flatMap(([a2, names]) => fold(names).map((name) => [name, a2])),
);

/** Folded common names of each country (alpha-2), in the search text's `|name|name|` form. */
export const COUNTRY_COMMON_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(COMMON_NAMES).map(([a2, names]) => [a2, `|${fold(names).join('|')}|`]),
);

/** Every folded alias, abbreviation or common name, → the one country it names (alpha-2). */
export const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.entries(COMMON_NAMES).flatMap(([a2, names]) => fold(names).map((name) => [name, a2]))),
  ...COUNTRY_ABBREVIATIONS,
};

/**
 * A region travellers search by. Its countries are a continent of the reference data, a list of
 * alpha-2 codes, or `global` (the worldwide plans): a regional or global plan is found by a region
 * when it covers most of the region's countries on sale (`destination-search.ts`).
 */
export interface SearchRegion {
  key: string;
  /** Folded names and aliases. */
  names: readonly string[];
  countries: Region | readonly string[] | 'global';
}

const SCHENGEN = [
  ...['AT', 'BE', 'BG', 'HR', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IS', 'IT', 'LV'],
  ...['LI', 'LT', 'LU', 'MT', 'NL', 'NO', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'CH'],
];
const MIDDLE_EAST = [
  'AE',
  'BH',
  'CY',
  'EG',
  'IL',
  'IQ',
  'IR',
  'JO',
  'KW',
  'LB',
  'OM',
  'PS',
  'QA',
  'SA',
  'SY',
  'TR',
  'YE',
];
const LATIN_AMERICA = [
  ...['AR', 'BO', 'BR', 'CL', 'CO', 'CR', 'CU', 'DO', 'EC', 'SV', 'GT', 'HT', 'HN', 'MX', 'NI', 'PA', 'PY', 'PE'],
  ...['PR', 'UY', 'VE', 'GF', 'GP', 'MQ'],
];
const CARIBBEAN = [
  ...['AG', 'AI', 'AW', 'BB', 'BL', 'BQ', 'BS', 'CU', 'CW', 'DM', 'DO', 'GD', 'GP', 'HT', 'JM', 'KN', 'KY', 'LC'],
  ...['MF', 'MQ', 'MS', 'PR', 'SX', 'TC', 'TT', 'VC', 'VG', 'VI'],
];

const REGIONS_AS_TYPED: Array<{ key: string; names: string[]; countries: SearchRegion['countries'] }> = [
  { key: 'europe', names: ['Avrupa', 'Europe', 'Avrupa Birliği', 'European Union'], countries: 'europe' },
  { key: 'schengen', names: ['Schengen', 'Şengen', 'Schengen Bölgesi', 'Schengen Area'], countries: SCHENGEN },
  {
    key: 'balkans',
    names: ['Balkanlar', 'Balkans', 'Balkan'],
    countries: ['AL', 'BA', 'BG', 'GR', 'HR', 'ME', 'MK', 'RO', 'RS', 'SI'],
  },
  {
    key: 'scandinavia',
    names: ['İskandinavya', 'Scandinavia', 'Nordik', 'Nordic'],
    countries: ['DK', 'FI', 'IS', 'NO', 'SE'],
  },
  { key: 'asia', names: ['Asya', 'Asia', 'Uzak Doğu', 'Far East', 'Asya Pasifik', 'Asia Pacific'], countries: 'asia' },
  {
    key: 'southeast-asia',
    names: ['Güneydoğu Asya', 'Southeast Asia', 'South East Asia'],
    countries: ['BN', 'KH', 'ID', 'LA', 'MY', 'MM', 'PH', 'SG', 'TH', 'TL', 'VN'],
  },
  { key: 'middle-east', names: ['Orta Doğu', 'Ortadoğu', 'Middle East', 'Körfez', 'Gulf'], countries: MIDDLE_EAST },
  { key: 'africa', names: ['Afrika', 'Africa'], countries: 'africa' },
  // Bare 'Amerika' is the United States to a Turkish traveller (a common name above), not the continent.
  { key: 'americas', names: ['Amerika Kıtası', 'Amerikalar', 'Americas'], countries: 'americas' },
  { key: 'north-america', names: ['Kuzey Amerika', 'North America'], countries: ['US', 'CA', 'MX'] },
  {
    key: 'latin-america',
    names: ['Latin Amerika', 'Latin America', 'Güney Amerika', 'South America', 'Orta Amerika', 'Central America'],
    countries: LATIN_AMERICA,
  },
  { key: 'caribbean', names: ['Karayipler', 'Caribbean'], countries: CARIBBEAN },
  { key: 'oceania', names: ['Okyanusya', 'Oceania'], countries: 'oceania' },
  {
    key: 'global',
    names: ['Global', 'Dünya', 'World', 'Worldwide', 'Tüm Dünya', 'Dünya Geneli', 'Küresel'],
    countries: 'global',
  },
];

export const SEARCH_REGIONS: readonly SearchRegion[] = REGIONS_AS_TYPED.map((region) => ({
  ...region,
  names: fold(region.names),
}));
