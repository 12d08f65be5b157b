import { z } from 'zod';

/**
 * The catalog's public answers the storefront reads (services/catalog/src/public/views.ts), as
 * the routes declare them in the OpenAPI.
 */
export const publicPackageSchema = z.object({
  id: z.string(),
  code: z.string(),
  /** In the caller's language; both names follow. */
  name: z.string(),
  name_tr: z.string(),
  name_en: z.string(),
  type: z.enum(['local', 'regional', 'global']),
  /** Validity in days. */
  duration: z.number().int().positive(),
  /** "3 GB", "Sınırsız" ... in the caller's language. */
  data: z.string(),
  data_mb: z.number().int().nullable(),
  unlimited: z.boolean(),
  /** Retail price in euros. */
  price: z.number(),
  currency: z.literal('EUR'),
  recommended: z.boolean(),
  features: z.array(z.string()),
  country_count: z.number().int().nonnegative(),
});

/** GET /public/countries/:slug/packages: the country's own packages, and apart the regional and global ones that also cover it. */
export const countryPackagesSchema = z.object({
  country: z.object({ code: z.string(), a3: z.string(), name: z.string(), slug: z.string(), flag: z.string() }),
  sort: z.string(),
  order: z.enum(['asc', 'desc']),
  packages: z.array(publicPackageSchema),
  regional_packages: z.array(publicPackageSchema),
});
