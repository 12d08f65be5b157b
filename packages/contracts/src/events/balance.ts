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

/** A dealer's statement of a finished month is ready (published once per dealer and month). */
export const balanceStatementReady = defineEvent(
  'balance.statement.ready',
  1,
  z.object({
    dealerId: z.string(),
    /** YYYY-MM, an Istanbul calendar month. */
    month: z.string(),
    openingBalanceCents: z.number().int(),
    closingBalanceCents: z.number().int(),
    creditUsedCents: z.number().int(),
  }),
);

export const balanceEvents = [balanceCollectionRecorded, balanceStatementReady] as const;
