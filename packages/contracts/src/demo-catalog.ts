import type { CoverageStatus, Network, PackageType, ValidityStart } from './api/catalog';
import type { LocalizedText } from './messages/types';

/**
 * The demo catalog (demo mode only): the catalog service seeds it, and the balance and esim services'
 * demo orders and the storefront's prerendered demo answers read their packages from it. The
 * product's published figures exactly, and sensible values where none are published. Prices are
 * integer cents.
 */

const f = (tr: string, en: string): LocalizedText => ({ tr, en });

export interface DemoCountrySettings {
  coverage: CoverageStatus;
  dailyPriceCents?: number;
  speed?: string;
  features?: LocalizedText[];
}

/** A covered country's map popup: daily price, speed and what the plan offers. */
const covered = (dailyPriceCents: number, speed: string, [first, second]: [string, string]): DemoCountrySettings => ({
  coverage: 'covered',
  dailyPriceCents,
  speed,
  features: [
    f(`${speed} hız`, `${speed} speed`),
    f(`${first} ve ${second} şebekeleri`, `${first} and ${second} networks`),
    f('Kişisel erişim noktası', 'Hotspot'),
  ],
});

/** The map's 9 covered countries with their daily prices (docs/product.md, The demo catalogue). */
export const DEMO_COVERED_COUNTRIES: Record<string, DemoCountrySettings> = {
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
 * packages already; the map's "covered" means a daily plan, and the map highlights exactly 9.
 */
export const DEMO_COMING_SOON = ['SG', 'TH', 'NL', 'GR', 'PT', 'CH', 'AE', 'CA'];

/** The home page: 5 quick destination buttons and 9 featured destinations, in this order (docs/product.md, The demo catalogue). */
export const DEMO_QUICK_DESTINATIONS = ['US', 'GB', 'DE', 'FR', 'TR'];
export const DEMO_FEATURED_DESTINATIONS = ['US', 'GB', 'DE', 'FR', 'TR', 'JP', 'KR', 'SG', 'TH'];

export interface DemoPackage {
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
  network: Network;
  hotspot: boolean;
  validityStart: ValidityStart;
}

const GB = 1024;
const LOCAL_FEATURES = [
  f('Anında QR ile kurulum', 'Instant QR activation'),
  f('Kişisel erişim noktası', 'Hotspot'),
  f('7/24 destek', '24/7 support'),
];
const TIERS = [
  { key: 'STARTER', nameTr: 'Başlangıç', nameEn: 'Starter', days: 7, dataMb: 3 * GB, recommended: false },
  { key: 'STANDARD', nameTr: 'Standart', nameEn: 'Standard', days: 15, dataMb: 5 * GB, recommended: true },
  { key: 'PREMIUM', nameTr: 'Premium', nameEn: 'Premium', days: 30, dataMb: 10 * GB, recommended: false },
] as const;

/**
 * 7/15/30-day local packages of the 9 featured countries. The US prices are fixed
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

/** The local plans' best network: 5G where the operators named for them offer it to visitors. */
const LOCAL_NETWORK: Record<string, Network> = {
  US: '5G',
  GB: '5G',
  DE: '5G',
  FR: '5G',
  JP: '5G',
  KR: '5G',
  SG: '5G',
  TH: '5G',
  TR: '4G',
};

const localPackages: DemoPackage[] = Object.entries(LOCAL_PRICES).flatMap(([a2, prices]) =>
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
    network: LOCAL_NETWORK[a2] ?? '4G',
    hotspot: true,
    validityStart: 'first_connection' as const,
  })),
);

/** Regional coverage: these lists make the region cards' counts (Europe 40, Asia 35, Americas 30, Africa 25) real. */
export const DEMO_REGIONAL_COVERAGE = {
  europe: [
    // The 27 EU members
    'AT',
    'BE',
    'BG',
    'HR',
    'CY',
    'CZ',
    'DK',
    'EE',
    'FI',
    'FR',
    'DE',
    'GR',
    'HU',
    'IE',
    'IT',
    'LV',
    'LT',
    'LU',
    'MT',
    'NL',
    'PL',
    'PT',
    'RO',
    'SK',
    'SI',
    'ES',
    'SE',
    'GB',
    'NO',
    'CH',
    'IS',
    'LI',
    'TR',
    'AL',
    'RS',
    'ME',
    'MK',
    'BA',
    'UA',
    'MD',
  ],
  asia: [
    'JP',
    'KR',
    'SG',
    'TH',
    'CN',
    'HK',
    'MO',
    'TW',
    'MY',
    'ID',
    'PH',
    'VN',
    'KH',
    'LA',
    'IN',
    'LK',
    'BD',
    'NP',
    'PK',
    'MV',
    'AE',
    'SA',
    'QA',
    'KW',
    'BH',
    'OM',
    'JO',
    'IL',
    'GE',
    'AM',
    'AZ',
    'KZ',
    'UZ',
    'KG',
    'MN',
  ],
  americas: [
    'US',
    'CA',
    'MX',
    'BR',
    'AR',
    'CL',
    'CO',
    'PE',
    'EC',
    'UY',
    'PY',
    'BO',
    'CR',
    'PA',
    'GT',
    'HN',
    'SV',
    'NI',
    'DO',
    'JM',
    'PR',
    'BS',
    'BB',
    'TT',
    'GP',
    'MQ',
    'GF',
    'AW',
    'CW',
    'KY',
  ],
  africa: [
    'ZA',
    'EG',
    'MA',
    'TN',
    'DZ',
    'NG',
    'KE',
    'GH',
    'TZ',
    'UG',
    'RW',
    'ET',
    'SN',
    'CI',
    'CM',
    'MU',
    'MG',
    'MZ',
    'ZM',
    'ZW',
    'BW',
    'NA',
    'RE',
    'MW',
    'SC',
  ],
} as const;

/** The regional plans' details: Africa's partner networks reach 4G only and do not allow sharing the connection. */
const REGION_PLAN: Record<keyof typeof DEMO_REGIONAL_COVERAGE, { network: Network; hotspot: boolean }> = {
  europe: { network: '5G', hotspot: true },
  asia: { network: '5G', hotspot: true },
  americas: { network: '4G', hotspot: true },
  africa: { network: '4G', hotspot: false },
};

const REGION_NAMES = {
  europe: ['Avrupa', 'Europe'],
  asia: ['Asya', 'Asia'],
  americas: ['Amerika', 'Americas'],
  africa: ['Afrika', 'Africa'],
} as const;

const regionalPackages: DemoPackage[] = (
  Object.keys(DEMO_REGIONAL_COVERAGE) as Array<keyof typeof DEMO_REGIONAL_COVERAGE>
).flatMap((region) => {
  const countries = [...DEMO_REGIONAL_COVERAGE[region]];
  const [tr, en] = REGION_NAMES[region];
  const features = [
    f(`${countries.length} ülkede tek eSIM`, `One eSIM in ${countries.length} countries`),
    ...LOCAL_FEATURES,
  ];
  const code = region.toUpperCase();
  const regional = (days: number, dataGb: number, retailCents: number, recommended: boolean): DemoPackage => ({
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
    ...REGION_PLAN[region],
    validityStart: 'first_connection',
  });
  const europe = region === 'europe';
  return [regional(15, 5, europe ? 24_99 : 29_99, true), regional(30, 20, europe ? 49_99 : 59_99, false)];
});

/** A global package over the featured countries: every one already in a regional list, so region counts stay as the storefront shows them. */
const globalPackages: DemoPackage[] = [
  {
    code: 'GLOBAL-30D-10GB',
    nameTr: 'Dünya 30 Gün',
    nameEn: 'World 30 Days',
    type: 'global',
    countries: [...new Set([...DEMO_FEATURED_DESTINATIONS, ...Object.keys(DEMO_COVERED_COUNTRIES)])],
    dataMb: 10 * GB,
    validityDays: 30,
    retailCents: 69_99,
    recommended: false,
    features: [f('Dünyanın her yerinde tek eSIM', 'One eSIM around the world'), ...LOCAL_FEATURES],
    network: '4G',
    hotspot: true,
    validityStart: 'first_connection',
  },
];

/** The operators the demo plans use in each country they cover (the same partners in every plan). */
export const DEMO_OPERATORS: Record<string, string[]> = {
  // Europe
  AT: ['A1', 'Magenta'],
  BE: ['Proximus', 'Orange'],
  BG: ['A1', 'Yettel'],
  HR: ['Hrvatski Telekom', 'A1'],
  CY: ['Cyta', 'Epic'],
  CZ: ['T-Mobile', 'O2'],
  DK: ['TDC', 'Telia'],
  EE: ['Telia', 'Elisa'],
  FI: ['Elisa', 'DNA'],
  FR: ['Orange', 'SFR'],
  DE: ['Telekom', 'Vodafone'],
  GR: ['Cosmote', 'Vodafone'],
  HU: ['Telekom', 'Yettel'],
  IE: ['Vodafone', 'Three'],
  IT: ['TIM', 'Vodafone'],
  LV: ['LMT', 'Tele2'],
  LT: ['Telia', 'Bitė'],
  LU: ['POST', 'Tango'],
  MT: ['GO', 'Epic'],
  NL: ['KPN', 'Vodafone'],
  PL: ['Orange', 'Play'],
  PT: ['MEO', 'NOS'],
  RO: ['Orange', 'Vodafone'],
  SK: ['Orange', 'Slovak Telekom'],
  SI: ['Telekom Slovenije', 'A1'],
  ES: ['Movistar', 'Orange'],
  SE: ['Telia', 'Tele2'],
  GB: ['EE', 'Three'],
  NO: ['Telenor', 'Telia'],
  CH: ['Swisscom', 'Sunrise'],
  IS: ['Síminn', 'Vodafone'],
  LI: ['FL1'],
  TR: ['Turkcell', 'Vodafone'],
  AL: ['Vodafone', 'One'],
  RS: ['Yettel', 'A1'],
  ME: ['Crnogorski Telekom', 'One'],
  MK: ['A1', 'Makedonski Telekom'],
  BA: ['BH Telecom', 'm:tel'],
  UA: ['Kyivstar', 'Vodafone'],
  MD: ['Orange', 'Moldcell'],
  // Asia
  JP: ['Docomo', 'SoftBank'],
  KR: ['SK Telecom', 'KT'],
  SG: ['Singtel', 'StarHub'],
  TH: ['AIS', 'TrueMove H'],
  CN: ['China Mobile', 'China Unicom'],
  HK: ['CSL', '3'],
  MO: ['CTM'],
  TW: ['Chunghwa Telecom', 'Taiwan Mobile'],
  MY: ['Maxis', 'CelcomDigi'],
  ID: ['Telkomsel', 'Indosat'],
  PH: ['Globe', 'Smart'],
  VN: ['Viettel', 'Vinaphone'],
  KH: ['Smart', 'Cellcard'],
  LA: ['Unitel'],
  IN: ['Airtel', 'Jio'],
  LK: ['Dialog'],
  BD: ['Grameenphone', 'Robi'],
  NP: ['Ncell'],
  PK: ['Jazz', 'Zong'],
  MV: ['Dhiraagu', 'Ooredoo'],
  AE: ['Etisalat', 'du'],
  SA: ['STC', 'Mobily'],
  QA: ['Ooredoo', 'Vodafone'],
  KW: ['Zain', 'Ooredoo'],
  BH: ['Batelco', 'Zain'],
  OM: ['Omantel', 'Ooredoo'],
  JO: ['Zain', 'Orange'],
  IL: ['Partner', 'Cellcom'],
  GE: ['Magti', 'Silknet'],
  AM: ['Ucom', 'Viva'],
  AZ: ['Azercell', 'Bakcell'],
  KZ: ['Beeline', 'Kcell'],
  UZ: ['Beeline', 'Ucell'],
  KG: ['MegaCom', 'O!'],
  MN: ['Unitel', 'Mobicom'],
  // Americas
  US: ['AT&T', 'T-Mobile'],
  CA: ['Rogers', 'Bell'],
  MX: ['Telcel', 'AT&T'],
  BR: ['Claro', 'Vivo'],
  AR: ['Claro', 'Personal'],
  CL: ['Entel', 'Movistar'],
  CO: ['Claro', 'Movistar'],
  PE: ['Claro', 'Movistar'],
  EC: ['Claro', 'Movistar'],
  UY: ['Antel', 'Claro'],
  PY: ['Tigo', 'Personal'],
  BO: ['Tigo', 'Entel'],
  CR: ['Kölbi', 'Claro'],
  PA: ['Tigo', 'Claro'],
  GT: ['Tigo', 'Claro'],
  HN: ['Tigo', 'Claro'],
  SV: ['Tigo', 'Claro'],
  NI: ['Claro', 'Tigo'],
  DO: ['Claro', 'Altice'],
  JM: ['Digicel', 'Flow'],
  PR: ['Claro', 'T-Mobile'],
  BS: ['BTC', 'Aliv'],
  BB: ['Digicel', 'Flow'],
  TT: ['bmobile', 'Digicel'],
  GP: ['Orange', 'SFR Caraïbe'],
  MQ: ['Orange', 'SFR Caraïbe'],
  GF: ['Orange', 'Digicel'],
  AW: ['Digicel', 'Setar'],
  CW: ['Digicel', 'Flow'],
  KY: ['Digicel', 'Flow'],
  // Africa
  ZA: ['Vodacom', 'MTN'],
  EG: ['Vodafone', 'Orange'],
  MA: ['Maroc Telecom', 'Orange'],
  TN: ['Ooredoo', 'Orange'],
  DZ: ['Djezzy', 'Mobilis'],
  NG: ['MTN', 'Airtel'],
  KE: ['Safaricom', 'Airtel'],
  GH: ['MTN', 'Telecel'],
  TZ: ['Vodacom', 'Airtel'],
  UG: ['MTN', 'Airtel'],
  RW: ['MTN', 'Airtel'],
  ET: ['Ethio Telecom'],
  SN: ['Orange', 'Free'],
  CI: ['Orange', 'MTN'],
  CM: ['MTN', 'Orange'],
  MU: ['my.t', 'Emtel'],
  MG: ['Telma', 'Orange'],
  MZ: ['Vodacom', 'Movitel'],
  ZM: ['MTN', 'Airtel'],
  ZW: ['Econet', 'NetOne'],
  BW: ['Mascom', 'Orange'],
  NA: ['MTC'],
  RE: ['Orange', 'SFR'],
  MW: ['Airtel', 'TNM'],
  SC: ['Airtel', 'Cable & Wireless'],
};

export const DEMO_PACKAGES: readonly DemoPackage[] = [...localPackages, ...regionalPackages, ...globalPackages];

/** Cost below retail: 60 % of it, in integer arithmetic (rounded down to the cent). */
export const demoCostOf = (retailCents: number) => Math.floor((retailCents * 60) / 100);
