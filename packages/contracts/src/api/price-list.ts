import { z } from 'zod';
import { publicPackageSchema } from './catalog';

/**
 * GET /user/packages: every active eSIM package at the caller's price (a dealer's own price where
 * one is set, else retail), as the storefront's checkout and the back office's price list read it.
 * Paged, sorted and filtered by the shared list query (sort fields: name, code, type, duration,
 * data_mb, price, retail_price; filters: q, country (code or slug), type, id).
 */
export const buyerPackageSchema = publicPackageSchema.extend({
  /** ISO codes of the countries it covers. */
  countries: z.array(z.string()),
  retail_price: z.number(),
  dealer_price: z.number().nullable(),
  price_source: z.enum(['retail', 'dealer']),
});
export type BuyerPackage = z.infer<typeof buyerPackageSchema>;
