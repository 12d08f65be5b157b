/** The catalog's public answers: the shapes the catalog service declares (contracts/api/catalog.ts). */
import type { PublicPackage } from '@contracts/api/catalog';

export type {
  Coverage,
  CoverageCountry,
  CountryPackages,
  Destinations,
  PublicCountry as CountryEntry,
  PublicCountryDetail,
  PublicPackage,
  Region,
  RegionCount,
} from '@contracts/api/catalog';

/** GET /user/packages: a package at the caller's price. */
export interface BuyerPackage extends PublicPackage {
  countries: string[];
  retail_price: number;
  dealer_price: number | null;
  price_source: 'retail' | 'dealer';
}
