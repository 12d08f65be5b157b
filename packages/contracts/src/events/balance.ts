import { z } from 'zod';
import { defineEvent } from './envelope';

export const balanceCollectionRecorded = defineEvent(
  'balance.collection.recorded',
  1,
  z.object({
    collectionId: z.string(),
    /** dealer → sales manager, or sales manager → company (admin collects). */
    kind: z.enum(['dealer-to-sales-manager', 'sales-manager-to-company']),
    dealerId: z.string().nullable(),
    salesManagerId: z.string(),
    amountCents: z.number().int().positive(),
    collectedBy: z.string(),
    note: z.string().nullable(),
  }),
);

export const balanceEvents = [balanceCollectionRecorded] as const;
