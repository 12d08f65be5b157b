import { z } from 'zod';
import { defineEvent } from './envelope';

export const catalogPackageUpserted = defineEvent(
  'catalog.package.upserted',
  1,
  z.object({
    packageId: z.string(),
    code: z.string(),
    nameTr: z.string(),
    nameEn: z.string(),
    type: z.enum(['local', 'regional', 'global']),
    dataMb: z.number().int().nullable(),
    validityDays: z.number().int(),
    retailPriceCents: z.number().int(),
    active: z.boolean(),
    /** Who sells it (absent from a publisher that does not say: the reader asks the quote). */
    supplier: z.enum(['pool', 'airalo', 'esimaccess']).optional(),
    /** The supplier's own id of the package (null for the pool). */
    supplierPackageId: z.string().nullable().optional(),
  }),
);
export const catalogPackageDeactivated = defineEvent(
  'catalog.package.deactivated',
  1,
  z.object({ packageId: z.string() }),
);
export const catalogDealerPriceChanged = defineEvent(
  'catalog.dealer-price.changed',
  1,
  z.object({
    dealerId: z.string(),
    packageId: z.string(),
    oldPriceCents: z.number().int().nullable(),
    newPriceCents: z.number().int().nullable(),
    changedBy: z.string(),
  }),
);

export const catalogEvents = [catalogPackageUpserted, catalogPackageDeactivated, catalogDealerPriceChanged] as const;
