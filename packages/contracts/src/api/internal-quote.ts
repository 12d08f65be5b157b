import { z } from 'zod';
import { PACKAGE_KINDS, PACKAGE_SUPPLIERS, PACKAGE_TYPES } from './catalog';

/**
 * The catalog's price for a buyer (`POST /internal/quote`), asked by the order services (esim,
 * physical-sim) before they charge: one declaration, so the answer and its readers cannot drift.
 */
export const internalQuoteBody = z.object({
  user_id: z.string().trim().min(1).max(100),
  package_id: z.uuid(),
  quantity: z.number().int().min(1).max(1000).default(1),
  /** The kind the calling service sells; another kind's package is not found. */
  kind: z.enum(PACKAGE_KINDS).optional(),
});

export const internalQuoteSchema = z.object({
  unit_price_cents: z.number().int(),
  total_cents: z.number().int(),
  quantity: z.number().int(),
  currency: z.literal('EUR'),
  /** A dealer's own price, or retail. */
  price_source: z.enum(['retail', 'dealer']),
  /** What was sold, as the order keeps it (later edits of the package never change an order). */
  package: z.object({
    id: z.string(),
    code: z.string(),
    name_tr: z.string(),
    name_en: z.string(),
    type: z.enum(PACKAGE_TYPES),
    countries: z.array(z.string()),
    data_mb: z.number().int().nullable(),
    validity_days: z.number().int(),
    kind: z.enum(PACKAGE_KINDS),
    retail_price_cents: z.number().int(),
    features: z.array(z.object({ tr: z.string(), en: z.string() })),
    provider_ref: z.string().nullable(),
    /** Who sells it: the pool (by the package code) or a supplier (by its own id of the package). */
    supplier: z.enum(PACKAGE_SUPPLIERS),
    supplier_package_id: z.string().nullable(),
  }),
});
export type InternalQuote = z.infer<typeof internalQuoteSchema>;
