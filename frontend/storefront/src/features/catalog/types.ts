import type { z } from 'zod';
import type { countryPackagesSchema, publicPackageSchema } from '@contracts/api/catalog';
/** The catalog's public answers (services/catalog/src/public/views.ts). */
export type Region = 'europe' | 'asia' | 'americas' | 'africa' | 'oceania';

export interface CountryEntry {
  code: string;
  a3: string;
  name: string;
  name_tr: string;
  name_en: string;
  slug: string;
  flag: string;
  region: Region;
  coverage_status: 'covered' | 'coming_soon' | 'not_available';
  has_packages: boolean;
  price_from: number | null;
  price_validity_days: number;
  currency: 'EUR';
}

/** As the catalog's route declares it (contracts). */
export type PublicPackage = z.infer<typeof publicPackageSchema>;

export interface BuyerPackage extends PublicPackage {
  countries: string[];
  retail_price: number;
  dealer_price: number | null;
  price_source: 'retail' | 'dealer';
}

export type CountryPackages = z.infer<typeof countryPackagesSchema>;

export interface Destinations {
  quick: CountryEntry[];
  featured: CountryEntry[];
}

export interface RegionCount {
  region: Region;
  name: string;
  country_count: number;
}

export interface CoverageCountry {
  code: string;
  a3: string;
  name: string;
  name_tr: string;
  name_en: string;
  slug: string;
  flag: string;
  region: Region;
  coverage_status: 'covered' | 'coming_soon';
  price_per_day: number | null;
  speed: string | null;
  features: string[];
}

export interface Coverage {
  countries: CoverageCountry[];
  default_status: 'not_available';
}
