/**
 * Demo 'Plus' packages (physical eUICC cards with their included data, the back-office menu 'Plus Paketi Satın
 * Al'), seeded by the catalog in demo mode with these fixed ids so physical-sim's demo cards can
 * refer to them. Never seeded in production.
 */
export interface DemoPlusPackage {
  id: string;
  code: string;
  nameTr: string;
  nameEn: string;
  type: 'local' | 'regional' | 'global';
  countries: string[];
  dataMb: number;
  validityDays: number;
  retailCents: number;
  /** Operator shown by the public balance check of a demo card. */
  operator: string;
}

export const DEMO_PLUS_PACKAGES: readonly DemoPlusPackage[] = [
  {
    id: '00000000-0000-4000-9000-000000000101',
    code: 'PLUS-EU-10GB',
    nameTr: 'Plus Avrupa 10 GB',
    nameEn: 'Plus Europe 10 GB',
    type: 'regional',
    countries: ['AT', 'BE', 'DE', 'ES', 'FR', 'GR', 'IT', 'NL', 'PT'],
    dataMb: 10240,
    validityDays: 30,
    retailCents: 4900,
    operator: 'Vodafone',
  },
  {
    id: '00000000-0000-4000-9000-000000000102',
    code: 'PLUS-GLOBAL-5GB',
    nameTr: 'Plus Global 5 GB',
    nameEn: 'Plus Global 5 GB',
    type: 'global',
    countries: ['DE', 'FR', 'GB', 'JP', 'TR', 'US'],
    dataMb: 5120,
    validityDays: 30,
    retailCents: 5900,
    operator: 'Orange',
  },
  {
    id: '00000000-0000-4000-9000-000000000103',
    code: 'PLUS-TR-20GB',
    nameTr: 'Plus Türkiye 20 GB',
    nameEn: 'Plus Turkey 20 GB',
    type: 'local',
    countries: ['TR'],
    dataMb: 20480,
    validityDays: 30,
    retailCents: 3900,
    operator: 'Turkcell',
  },
];

/** The first demo dealer's own price for the Europe card (dealer overrides apply to Plus packages too). */
export const DEMO_PLUS_DEALER_PRICE = { code: 'PLUS-EU-10GB', priceCents: 4400 } as const;
