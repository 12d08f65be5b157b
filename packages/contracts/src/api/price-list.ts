import { z } from 'zod';

/**
 * GET /user/packages: every active eSIM package at the caller's price (a dealer's own price where
 * one is set, else retail), as the storefront's checkout and the back office's price list read it.
 * Paged, sorted and filtered by the shared list query (sort fields: name, code, type, duration,
 * data_mb, price, retail_price; filters: q, country (code or slug), type, id).
 */
export const buyerPackageSchema = z.object({
  id: z.string(),
  code: z.string(),
  /** In the caller's language. */
  name: z.string(),
  name_tr: z.string(),
  name_en: z.string(),
  type: z.enum(['local', 'regional', 'global']),
  /** Validity in days. */
  duration: z.number().int(),
  /** The data allowance as shown ("5 GB", "Sınırsız"). */
  data: z.string(),
  data_mb: z.number().int().nullable(),
  unlimited: z.boolean(),
  /** What the caller pays, in euros. */
  price: z.number(),
  currency: z.literal('EUR'),
  recommended: z.boolean(),
  features: z.array(z.string()),
  country_count: z.number().int(),
  countries: z.array(z.string()),
  retail_price: z.number(),
  dealer_price: z.number().nullable(),
  price_source: z.enum(['retail', 'dealer']),
});
export type BuyerPackage = z.infer<typeof buyerPackageSchema>;

