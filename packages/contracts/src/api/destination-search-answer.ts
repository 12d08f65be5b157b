import { z } from 'zod';
import { publicCountrySchema, publicPackageSchema } from './catalog';

// Apart from the matching (destination-search.ts), which the storefront bundles without zod.
/** GET /public/search: destinations on sale, best match first: countries and the regional or global plans a region finds. */
export const destinationHitSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('country'), country: publicCountrySchema }),
  z.object({ type: z.literal('plan'), plan: publicPackageSchema }),
]);
export type DestinationHit = z.infer<typeof destinationHitSchema>;
export const destinationSearchSchema = z.array(destinationHitSchema);
