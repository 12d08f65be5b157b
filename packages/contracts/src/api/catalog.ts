import { z } from 'zod';
import { rowTimestamp } from './common';

/**
 * The catalog service's API shapes: the public site's reads (the storefront renders them), dealer
 * pricing (the back office's pricing screen) and catalog management. The service declares them as
 * its response schemas. Prices are euros on the wire.
 */
export const REGIONS = ['europe', 'asia', 'americas', 'africa', 'oceania'] as const;
export type Region = (typeof REGIONS)[number];

export const COVERAGE_STATUSES = ['covered', 'coming_soon', 'not_available'] as const;
export type CoverageStatus = (typeof COVERAGE_STATUSES)[number];

export const PACKAGE_TYPES = ['local', 'regional', 'global'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];
/**
 * esim: QR eSIM packages (public site); plus: physical eUICC cards with included data (physical-sim,
 * dealers); top_up: data added to an eSIM already sold (a supplier's top-up), offered only on its top-up panel.
 */
export const PACKAGE_KINDS = ['esim', 'plus', 'top_up'] as const;
export type PackageKind = (typeof PACKAGE_KINDS)[number];
/** The best mobile network generation a package reaches. */
export const NETWORKS = ['4G', '5G'] as const;
export type Network = (typeof NETWORKS)[number];
/** When a package's days start counting: at the first connection in a covered country, or at purchase. */
export const VALIDITY_STARTS = ['first_connection', 'purchase'] as const;
export type ValidityStart = (typeof VALIDITY_STARTS)[number];

/**
 * Who sells a package's eSIMs: the profile pool, or a wholesale supplier bought from at the moment of
 * sale (api/suppliers.ts: their offers, the sync and the margin rule).
 */
export const PACKAGE_SUPPLIERS = ['pool', 'airalo', 'esimaccess'] as const;
export type PackageSupplier = (typeof PACKAGE_SUPPLIERS)[number];
/** The suppliers whose offers are synced (the pool has no list to sync). */
export const OFFER_SUPPLIERS = ['airalo', 'esimaccess'] as const;
export type OfferSupplier = (typeof OFFER_SUPPLIERS)[number];
/**
 * Why a package stopped selling on its own: its supplier's cost rose above its price, or its supplier
 * no longer lists the offer it is bought as. Either holds until an admin decides (a gone offer also
 * ends once the supplier lists it again).
 */
export const PAUSED_REASONS = ['cost_above_price', 'offer_gone'] as const;
export type PausedReason = (typeof PAUSED_REASONS)[number];

/** The Redis channel a catalog write is announced on: every catalog process and the gateway's public cache drop what they kept. */
export const catalogChangedChannel = (redisPrefix: string) => `${redisPrefix}catalog:changed`;

const region = z.enum(REGIONS);
const localizedText = z.object({ tr: z.string(), en: z.string() });

// ── public site ──

/** A country in lists (home, search, destinations): its cheapest 7-day price, else its cheapest package's (validity in price_validity_days). */
export const publicCountrySchema = z.object({
  code: z.string(),
  a3: z.string(),
  name: z.string(),
  name_tr: z.string(),
  name_en: z.string(),
  slug: z.string(),
  flag: z.string(),
  region,
  coverage_status: z.enum(COVERAGE_STATUSES),
  has_packages: z.boolean(),
  price_from: z.number().nullable(),
  price_validity_days: z.number().int(),
  currency: z.literal('EUR'),
});
export type PublicCountry = z.infer<typeof publicCountrySchema>;

/** The map popup's figures of a country (features in the caller's language). */
const mapInfo = {
  price_per_day: z.number().nullable(),
  speed: z.string().nullable(),
  features: z.array(z.string()),
};

/** GET /public/countries/:slug. */
export const publicCountryDetailSchema = publicCountrySchema.extend({
  ...mapInfo,
  package_count: z.number().int(),
  regional_package_count: z.number().int(),
});
export type PublicCountryDetail = z.infer<typeof publicCountryDetailSchema>;

/** A country a package covers, named in the caller's language, with the operators the plan uses there. */
export const packageCountrySchema = z.object({ code: z.string(), name: z.string(), operators: z.array(z.string()) });
export type PackageCountry = z.infer<typeof packageCountrySchema>;

/**
 * A package on the public site (id, name, duration, data, price, recommended, features) with its
 * plan details: network, hotspot, when its validity starts and the countries it covers.
 */
export const publicPackageSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  name_tr: z.string(),
  name_en: z.string(),
  type: z.enum(PACKAGE_TYPES),
  duration: z.number().int(),
  /** For people: "3 GB", "500 MB", "Sınırsız". */
  data: z.string(),
  data_mb: z.number().int().nullable(),
  unlimited: z.boolean(),
  price: z.number(),
  currency: z.literal('EUR'),
  recommended: z.boolean(),
  features: z.array(z.string()),
  country_count: z.number().int(),
  network: z.enum(NETWORKS),
  hotspot: z.boolean(),
  validity_start: z.enum(VALIDITY_STARTS),
  /** Sorted by name in the caller's language. */
  coverage: z.array(packageCountrySchema),
});
export type PublicPackage = z.infer<typeof publicPackageSchema>;

export const PACKAGE_SORTS = ['duration', 'data', 'price'] as const;
export type PackageSort = (typeof PACKAGE_SORTS)[number];

/** GET /public/countries/:slug/packages: the country's own packages, and the regional / global ones covering it. */
export const countryPackagesSchema = z.object({
  country: publicCountrySchema.pick({ code: true, a3: true, name: true, slug: true, flag: true }),
  sort: z.enum(PACKAGE_SORTS),
  order: z.enum(['asc', 'desc']),
  packages: z.array(publicPackageSchema),
  regional_packages: z.array(publicPackageSchema),
});
export type CountryPackages = z.infer<typeof countryPackagesSchema>;

/** GET /public/destinations: the home page's quick picks and featured countries, and how many countries are on sale. */
export const destinationsSchema = z.object({
  quick: z.array(publicCountrySchema),
  featured: z.array(publicCountrySchema),
  country_count: z.number().int(),
});
export type Destinations = z.infer<typeof destinationsSchema>;

/** GET /public/regions: regions with at least one covered country. */
export const regionCountSchema = z.object({ region, name: z.string(), country_count: z.number().int() });
export type RegionCount = z.infer<typeof regionCountSchema>;

/** GET /public/coverage: covered and coming-soon countries for the map; every other country is "not available". */
export const coverageCountrySchema = publicCountrySchema
  .pick({ code: true, a3: true, name: true, name_tr: true, name_en: true, slug: true, flag: true, region: true })
  .extend({ coverage_status: z.enum(['covered', 'coming_soon']), ...mapInfo });
export type CoverageCountry = z.infer<typeof coverageCountrySchema>;
export const coverageSchema = z.object({
  countries: z.array(coverageCountrySchema),
  default_status: z.literal('not_available'),
});
export type Coverage = z.infer<typeof coverageSchema>;

// ── dealer pricing ──

/** A row of the dealer pricing screen: base (retail) and dealer price; `cost_price` for admins only. */
export const dealerPackageSchema = z.object({
  id: z.string(),
  package_id: z.string(),
  code: z.string(),
  kind: z.enum(PACKAGE_KINDS),
  name: z.string(),
  name_tr: z.string(),
  name_en: z.string(),
  type: z.enum(PACKAGE_TYPES),
  countries: z.array(z.string()),
  validity_days: z.number().int(),
  data_mb: z.number().int().nullable(),
  data: z.string(),
  active: z.boolean(),
  /** Why it stopped selling on its own (null: not paused); on sale is active and not paused. */
  paused_reason: z.enum(PAUSED_REASONS).nullable(),
  on_sale: z.boolean(),
  base_price: z.number(),
  cost_price: z.number().optional(),
  dealer_price: z.number().nullable(),
  price: z.number(),
  price_source: z.enum(['retail', 'dealer']),
  currency: z.literal('EUR'),
  dealer_price_updated_at: rowTimestamp.nullable(),
});
export type DealerPackage = z.infer<typeof dealerPackageSchema>;

/** Answer of a bulk or percentage repricing: how many prices changed, and the dealer's whole list after it. */
export const dealerPricesUpdatedSchema = z.object({
  changed: z.number().int(),
  packages: z.array(dealerPackageSchema),
});

/** One dealer price change (null old: no override before; null new: the override was removed). */
export const priceHistoryEntrySchema = z.object({
  id: z.number().int(),
  dealer_id: z.string(),
  package_id: z.string(),
  package_code: z.string().nullable(),
  package_name: z.string().nullable(),
  old_price: z.number().nullable(),
  new_price: z.number().nullable(),
  source: z.enum(['single', 'bulk', 'percentage']),
  changed_by: z.string(),
  changed_by_role: z.string(),
  changed_at: rowTimestamp,
});

// ── catalog management (react-admin simple-rest) ──

export const adminPackageSchema = z.object({
  id: z.string(),
  code: z.string(),
  name_tr: z.string(),
  name_en: z.string(),
  type: z.enum(PACKAGE_TYPES),
  kind: z.enum(PACKAGE_KINDS),
  countries: z.array(z.string()),
  data_mb: z.number().int().nullable(),
  validity_days: z.number().int(),
  retail_price: z.number(),
  cost_price: z.number(),
  recommended: z.boolean(),
  features: z.array(localizedText),
  active: z.boolean(),
  provider_ref: z.string().nullable(),
  network: z.enum(NETWORKS),
  hotspot: z.boolean(),
  validity_start: z.enum(VALIDITY_STARTS),
  /** The operators named per covered country (countries without any are left out). */
  operators: z.array(z.object({ country: z.string(), names: z.array(z.string()) })),
  /** Who sells its eSIMs, and that supplier's id of it (null for the pool). */
  supplier: z.enum(PACKAGE_SUPPLIERS),
  supplier_package_id: z.string().nullable(),
  /** Why it stopped selling on its own, and since when (null: not paused). */
  paused_reason: z.enum(PAUSED_REASONS).nullable(),
  paused_at: rowTimestamp.nullable(),
  /** Active and not paused: what buyers see. */
  on_sale: z.boolean(),
  created_at: rowTimestamp,
  updated_at: rowTimestamp,
});

export const adminCountrySchema = z.object({
  id: z.string(),
  code: z.string(),
  a3: z.string(),
  name_tr: z.string(),
  name_en: z.string(),
  slug: z.string(),
  region,
  flag: z.string(),
  coverage_status: z.enum(COVERAGE_STATUSES),
  daily_price: z.number().nullable(),
  speed: z.string().nullable(),
  features: z.array(localizedText),
  featured_order: z.number().int().nullable(),
  quick_order: z.number().int().nullable(),
  updated_at: rowTimestamp,
});
