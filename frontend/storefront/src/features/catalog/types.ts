/** The catalog's answers: the shapes the catalog service declares (contracts/api/catalog.ts, price-list.ts). */
export type {
  Coverage,
  CoverageCountry,
  CountryPackages,
  Destinations,
  DestinationHit,
  PublicCountry as CountryEntry,
  PublicCountryDetail,
  PackageCountry,
  PublicPackage,
  Region,
  RegionCount,
} from '@esim/contracts';

/** GET /user/packages: a package at the caller's price. */
export type { BuyerPackage } from '@esim/contracts';
