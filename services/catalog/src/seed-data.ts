import type { LocalizedText } from '@esim/contracts';
import type { CoverageStatus } from './countries/reference';
import type { PackageType } from './packages/rows';

/**
 * The demo catalog: the product's published figures exactly, and sensible values where the spec
 * gives none. Prices are integer cents.
 */

const f = (tr: string, en: string): LocalizedText => ({ tr, en });

export interface CountrySettings {
  coverage: CoverageStatus;
  dailyPriceCents?: number;
  speed?: string;
  features?: LocalizedText[];
}

/** A covered country's map popup: daily price, speed and what the plan offers. */
const covered = (dailyPriceCents: number, speed: string, [first, second]: [string, string]): CountrySettings => ({
  coverage: 'covered',
  dailyPriceCents,
  speed,
  features: [f(`${speed} hız`, `${speed} speed`), f(`${first} ve ${second} şebekeleri`, `${first} and ${second} networks`), f('Kişisel erişim noktası', 'Hotspot')],
});

/** The map's 9 covered countries with the spec's daily prices (DEU 10, TUR 8, ... KOR 13 €). */
export const COVERED_COUNTRIES: Record<string, CountrySettings> = {
  DE: covered(10_00, '5G', ['Telekom', 'Vodafone']),
  TR: covered(8_00, '4.5G', ['Turkcell', 'Vodafone']),
  FR: covered(12_00, '5G', ['Orange', 'SFR']),
  IT: covered(10_00, '5G', ['TIM', 'Vodafone']),
  ES: covered(9_00, '4G/LTE', ['Movistar', 'Orange']),
  GB: covered(11_00, '5G', ['EE', 'Three']),
  US: covered(15_00, '5G', ['AT&T', 'T-Mobile']),
  JP: covered(14_00, '5G', ['Docomo', 'SoftBank']),
  KR: covered(13_00, '5G', ['SK Telecom', 'KT']),
};

/**
 * "Coming soon" on the map: daily plans planned next. Singapore and Thailand sell 7/15/30-day
 * packages already; the map's "covered" means a daily plan, and the spec highlights exactly 9.
 */
export const COMING_SOON = ['SG', 'TH', 'NL', 'GR', 'PT', 'CH', 'AE', 'CA'];

/** The home page: 5 quick destination buttons and 9 featured destinations, in the spec's order. */
export const QUICK_DESTINATIONS = ['US', 'GB', 'DE', 'FR', 'TR'];
export const FEATURED_DESTINATIONS = ['US', 'GB', 'DE', 'FR', 'TR', 'JP', 'KR', 'SG', 'TH'];

export interface SeedPackage {
  code: string;
  nameTr: string;
  nameEn: string;
  type: PackageType;
  countries: string[];
  dataMb: number | null;
  validityDays: number;
  retailCents: number;
  recommended: boolean;
  features: LocalizedText[];
}

const GB = 1024;
const LOCAL_FEATURES = [f('Anında QR ile kurulum', 'Instant QR activation'), f('Kişisel erişim noktası', 'Hotspot'), f('7/24 destek', '24/7 support')];
const TIERS = [
  { key: 'STARTER', nameTr: 'Başlangıç', nameEn: 'Starter', days: 7, dataMb: 3 * GB, recommended: false },
  { key: 'STANDARD', nameTr: 'Standart', nameEn: 'Standard', days: 15, dataMb: 5 * GB, recommended: true },
  { key: 'PREMIUM', nameTr: 'Premium', nameEn: 'Premium', days: 30, dataMb: 10 * GB, recommended: false },
] as const;

/**
 * 7/15/30-day local packages of the 9 featured countries. The US prices are the spec's
 * (14.99 / 24.99 / 39.99); the others follow their daily prices, and the 7-day price is what
 * the home page shows ("prices are for 7-day packages").
 */
const LOCAL_PRICES: Record<string, [number, number, number]> = {
  US: [14_99, 24_99, 39_99],
  GB: [12_99, 21_99, 34_99],
  DE: [11_99, 19_99, 32_99],
  FR: [11_99, 19_99, 32_99],
  TR: [9_99, 16_99, 27_99],
  JP: [13_99, 23_99, 37_99],
  KR: [12_99, 22_99, 35_99],
  SG: [10_99, 18_99, 29_99],
  TH: [8_99, 15_99, 25_99],
};

const localPackages: SeedPackage[] = Object.entries(LOCAL_PRICES).flatMap(([a2, prices]) =>
  TIERS.map((tier, index) => ({
    code: `${a2}-${tier.days}D-${tier.dataMb / GB}GB`,
    nameTr: tier.nameTr,
    nameEn: tier.nameEn,
    type: 'local' as const,
    countries: [a2],
    dataMb: tier.dataMb,
    validityDays: tier.days,
    retailCents: prices[index]!,
    recommended: tier.recommended,
    features: LOCAL_FEATURES,
  })),
);

/** Regional coverage: these lists make the region cards' counts (Europe 40, Asia 35, Americas 30, Africa 25) real. */
export const REGIONAL_COVERAGE = {
  europe: [
    // The 27 EU members
    'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
    'GB', 'NO', 'CH', 'IS', 'LI', 'TR', 'AL', 'RS', 'ME', 'MK', 'BA', 'UA', 'MD',
  ],
  asia: [
    'JP', 'KR', 'SG', 'TH', 'CN', 'HK', 'MO', 'TW', 'MY', 'ID', 'PH', 'VN', 'KH', 'LA', 'IN', 'LK', 'BD', 'NP', 'PK', 'MV',
    'AE', 'SA', 'QA', 'KW', 'BH', 'OM', 'JO', 'IL', 'GE', 'AM', 'AZ', 'KZ', 'UZ', 'KG', 'MN',
  ],
  americas: [
    'US', 'CA', 'MX', 'BR', 'AR', 'CL', 'CO', 'PE', 'EC', 'UY', 'PY', 'BO', 'CR', 'PA', 'GT', 'HN', 'SV', 'NI', 'DO', 'JM',
    'PR', 'BS', 'BB', 'TT', 'GP', 'MQ', 'GF', 'AW', 'CW', 'KY',
  ],
  africa: [
    'ZA', 'EG', 'MA', 'TN', 'DZ', 'NG', 'KE', 'GH', 'TZ', 'UG', 'RW', 'ET', 'SN', 'CI', 'CM', 'MU', 'MG', 'MZ', 'ZM', 'ZW',
    'BW', 'NA', 'RE', 'MW', 'SC',
  ],
} as const;

const REGION_NAMES = {
  europe: ['Avrupa', 'Europe'],
  asia: ['Asya', 'Asia'],
  americas: ['Amerika', 'Americas'],
  africa: ['Afrika', 'Africa'],
} as const;

const regionalPackages: SeedPackage[] = (Object.keys(REGIONAL_COVERAGE) as Array<keyof typeof REGIONAL_COVERAGE>).flatMap((region) => {
  const countries = [...REGIONAL_COVERAGE[region]];
  const [tr, en] = REGION_NAMES[region];
  const features = [f(`${countries.length} ülkede tek eSIM`, `One eSIM in ${countries.length} countries`), ...LOCAL_FEATURES];
  const code = region.toUpperCase();
  const regional = (days: number, dataGb: number, retailCents: number, recommended: boolean): SeedPackage => ({
    code: `${code}-${days}D-${dataGb}GB`,
    nameTr: `${tr} ${days} Gün`,
    nameEn: `${en} ${days} Days`,
    type: 'regional',
    countries,
    dataMb: dataGb * GB,
    validityDays: days,
    retailCents,
    recommended,
    features,
  });
  const europe = region === 'europe';
  return [regional(15, 5, europe ? 24_99 : 29_99, true), regional(30, 20, europe ? 49_99 : 59_99, false)];
});

/** A global package over the featured countries: every one already in a regional list, so region counts stay as the spec says. */
const globalPackages: SeedPackage[] = [
  {
    code: 'GLOBAL-30D-10GB',
    nameTr: 'Dünya 30 Gün',
    nameEn: 'World 30 Days',
    type: 'global',
    countries: [...new Set([...FEATURED_DESTINATIONS, ...Object.keys(COVERED_COUNTRIES)])],
    dataMb: 10 * GB,
    validityDays: 30,
    retailCents: 69_99,
    recommended: false,
    features: [f('Dünyanın her yerinde tek eSIM', 'One eSIM around the world'), ...LOCAL_FEATURES],
  },
];

export const SEED_PACKAGES: readonly SeedPackage[] = [...localPackages, ...regionalPackages, ...globalPackages];

/** Cost below retail: 60 % of it, in integer arithmetic (rounded down to the cent). */
export const costOf = (retailCents: number) => Math.floor((retailCents * 60) / 100);
