import {
  hasAtMostTwoDecimals,
  MAX_PERCENTAGE,
  MIN_PERCENTAGE,
  nonNegativeEuroAmount,
  OFFER_SUPPLIERS,
  PACKAGE_SUPPLIERS,
  PAUSED_REASONS,
  positiveEuroAmount,
  queryBoolean,
} from '@esim/contracts';
import { listQuery } from '@esim/platform';
import { z } from 'zod';
import { COVERAGE_STATUSES, REGIONS } from './countries/reference';
import { NETWORKS, PACKAGE_KINDS, PACKAGE_TYPES, VALIDITY_STARTS } from './packages/rows';

/**
 * Request schemas of the catalog API. Every message is a code from the catalog's message file,
 * so the error handler names the field in the caller's language.
 */
const localized = z.object({ tr: z.string().trim().min(1).max(200), en: z.string().trim().min(1).max(200) });
export const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { message: 'invalid_country_code' });
/** Dealer ids are auth's user ids: accept any plain id, never anything that could smuggle text into logs or SQL. */
const dealerId = z.string().regex(/^[\w-]{1,64}$/);

// ── public ──
export const countriesQuery = z.object({
  search: z.string().trim().max(100).optional(),
  region: z.enum(REGIONS).optional(),
});
export const searchQuery = z.object({ q: z.string().trim().max(100).optional() });
export const slugParams = z.object({
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(80)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: 'invalid_slug' }),
});
export const countryPackagesQuery = z.object({
  // `price`, `-price` (descending), or `price` with `order=desc`.
  sort: z
    .string()
    .regex(/^-?(duration|data|price)$/, { message: 'invalid_package_sort' })
    .optional(),
  order: z.enum(['asc', 'desc', 'ASC', 'DESC']).optional(),
});

// ── prices for buyers ──
const buyerPackageFilters = {
  /** Alpha-2 code or slug. */
  country: z.string().trim().max(80),
  type: z.enum(PACKAGE_TYPES),
};
/** GET /user/packages: the house list query (paging, sort, `q`, `id`) with the price list's filters. */
export const buyerPackagesQuery = listQuery(buyerPackageFilters, { id: z.uuid({ message: 'invalid_id' }) });
/** GET /user/packages/price-list.xlsx: the whole list (no paging), with the same filters. */
export const priceListFileQuery = z.object({
  country: buyerPackageFilters.country.optional(),
  type: buyerPackageFilters.type.optional(),
});
export const internalPackagesQuery = z.object({
  country: buyerPackageFilters.country.optional(),
  type: buyerPackageFilters.type.optional(),
  user_id: z.string().trim().min(1).max(100),
  kind: z.enum(PACKAGE_KINDS).default('esim'),
});
// The order services' quote request is declared once, in contracts, beside its answer.
export { internalQuoteBody as quoteBody } from '@esim/contracts';

// ── dealer pricing ──
export const dealerParams = z.object({ id: dealerId });
export const dealerPackageParams = z.object({ id: dealerId, packageId: z.uuid() });
/** `price: null` removes the dealer's override (the retail price applies again). */
export const singlePriceBody = z.object({
  price: nonNegativeEuroAmount.nullable(),
  allow_below_cost: z.boolean().optional(),
});
const bulkItems = z
  .array(z.object({ package_id: z.uuid(), price: nonNegativeEuroAmount.nullable() }))
  .min(1)
  .max(500)
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      if (seen.has(item.package_id))
        ctx.addIssue({ code: 'custom', message: 'dealer_price_duplicate_package', path: [index, 'package_id'] });
      seen.add(item.package_id);
    });
  });
/** A plain bulk list `[{ package_id, price }]` (docs/product.md, Lists), or `{ packages: [...], allow_below_cost }`. */
export const bulkPriceBody = z.preprocess(
  (value) => (Array.isArray(value) ? { packages: value } : value),
  z.object({ packages: bulkItems, allow_below_cost: z.boolean().optional() }),
);
export const percentageBody = z.object({
  percentage: z
    .number()
    .refine(hasAtMostTwoDecimals, { message: 'percentage_two_decimals' })
    .refine((value) => value >= MIN_PERCENTAGE && value <= MAX_PERCENTAGE, { message: 'percentage_out_of_range' }),
  package_ids: z
    .array(z.uuid())
    .min(1)
    .max(500)
    .transform((ids) => [...new Set(ids)])
    .optional(),
  allow_below_cost: z.boolean().optional(),
});
export const priceHistoryFilters = { package_id: z.uuid() };

// ── admin catalog management ──
export const packageIdParams = z.object({ id: z.uuid() });
const packageFields = {
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9][A-Z0-9-]{1,39}$/, { message: 'invalid_package_code' }),
  name_tr: z.string().trim().min(1).max(120),
  name_en: z.string().trim().min(1).max(120),
  type: z.enum(PACKAGE_TYPES),
  countries: z
    .array(countryCode)
    .min(1)
    .max(300)
    .transform((codes) => [...new Set(codes)].sort()),
  /** null: unlimited. */
  data_mb: z.number().int().min(1).max(10_000_000).nullable(),
  validity_days: z.number().int().min(1).max(3650),
  retail_price: positiveEuroAmount,
  cost_price: nonNegativeEuroAmount,
  recommended: z.boolean(),
  features: z.array(localized).max(20),
  active: z.boolean(),
  provider_ref: z.string().trim().min(1).max(200).nullable(),
  network: z.enum(NETWORKS),
  hotspot: z.boolean(),
  validity_start: z.enum(VALIDITY_STARTS),
  /** The operators per covered country; a country left out (or with no names) has none named. */
  operators: z
    .array(z.object({ country: countryCode, names: z.array(z.string().trim().min(1).max(60)).max(10) }))
    .max(300)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, index) => {
        if (seen.has(item.country))
          ctx.addIssue({ code: 'custom', message: 'package_operators_duplicate_country', path: [index, 'country'] });
        seen.add(item.country);
      });
    }),
};
// The kind is chosen once, at creation: Plus packages have cards in physical-SIM stock and orders that an eSIM package could not serve.
export const createPackageBody = z.object({
  ...packageFields,
  kind: z.enum(PACKAGE_KINDS).default('esim'),
  recommended: packageFields.recommended.default(false),
  features: packageFields.features.default([]),
  active: packageFields.active.default(true),
  provider_ref: packageFields.provider_ref.default(null),
  network: packageFields.network.default('4G'),
  hotspot: packageFields.hotspot.default(true),
  validity_start: packageFields.validity_start.default('first_connection'),
  operators: packageFields.operators.default([]),
});
export const updatePackageBody = z.object(packageFields).partial();
/** Filters of the admin package list (top-level or inside react-admin's `filter`); `id` comes with every list. */
export const packageFilters = {
  type: z.enum(PACKAGE_TYPES),
  kind: z.enum(PACKAGE_KINDS),
  active: queryBoolean,
  recommended: queryBoolean,
  country: countryCode,
  supplier: z.enum(PACKAGE_SUPPLIERS),
  /** true: paused for any reason; false: not paused; or one reason. */
  paused: z.union([queryBoolean, z.enum(PAUSED_REASONS)]),
};
export type PackageFilter = Partial<{
  type: (typeof PACKAGE_TYPES)[number];
  kind: (typeof PACKAGE_KINDS)[number];
  active: boolean;
  recommended: boolean;
  country: string;
  supplier: (typeof PACKAGE_SUPPLIERS)[number];
  paused: boolean | (typeof PAUSED_REASONS)[number];
  id: string[];
}>;

export const countryIdParams = z.object({ id: countryCode });
export const updateCountryBody = z
  .object({
    coverage_status: z.enum(COVERAGE_STATUSES),
    daily_price: nonNegativeEuroAmount.nullable(),
    speed: z.string().trim().min(1).max(50).nullable(),
    features: z.array(localized).max(20),
    featured_order: z.number().int().min(1).max(999).nullable(),
    quick_order: z.number().int().min(1).max(999).nullable(),
  })
  .partial();
export const countryFilters = {
  region: z.enum(REGIONS),
  coverage_status: z.enum(COVERAGE_STATUSES),
  featured: queryBoolean,
  quick: queryBoolean,
};
export type CountryFilter = Partial<{
  region: (typeof REGIONS)[number];
  coverage_status: (typeof COVERAGE_STATUSES)[number];
  featured: boolean;
  quick: boolean;
  id: string[];
}>;

// ── suppliers per package ──
export const offerIdParams = z.object({ id: z.uuid({ message: 'invalid_id' }) });
/** Filters of the admin's supplier offers (top-level or inside react-admin's `filter`). */
export const supplierOfferFilters = {
  supplier: z.enum(OFFER_SUPPLIERS),
  /** Whether a package is bought as it. */
  mapped: queryBoolean,
  /** No longer in the supplier's list. */
  gone: queryBoolean,
  top_up: queryBoolean,
  /** Offers covering this country. */
  country: countryCode,
};
/**
 * A package made from an offer: its code and names (both names default to the offer's), and the
 * price (default: the margin rule over the offer's net cost). Countries, data, validity, cost and
 * supplier come from the offer; the type from its countries unless given.
 */
export const createFromOfferBody = z.object({
  code: packageFields.code,
  name_tr: packageFields.name_tr.optional(),
  name_en: packageFields.name_en.optional(),
  type: packageFields.type.optional(),
  retail_price: packageFields.retail_price.optional(),
  recommended: packageFields.recommended.default(false),
  features: packageFields.features.default([]),
  active: packageFields.active.default(true),
  network: packageFields.network.default('4G'),
  hotspot: packageFields.hotspot.default(true),
  validity_start: packageFields.validity_start.default('first_connection'),
});
/** An offer mapped to a package of the same countries, data and validity; optionally at a new price. */
export const mapOfferBody = z.object({
  package_id: z.uuid({ message: 'invalid_id' }),
  retail_price: packageFields.retail_price.optional(),
});
/** A paused package sells again at this price; below its cost only when the admin says so. */
export const resumePackageBody = z.object({
  retail_price: packageFields.retail_price,
  allow_below_cost: z.boolean().default(false),
});
/** Prices from cost by the margin rule: the packages named, or every supplier's package; `dry_run` only says what would change. */
export const repriceBody = z.object({
  package_ids: z
    .array(z.uuid({ message: 'invalid_id' }))
    .min(1)
    .max(500)
    .transform((ids) => [...new Set(ids)])
    .optional(),
  dry_run: z.boolean().default(false),
});
