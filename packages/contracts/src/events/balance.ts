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

/** The shares of a dealer's credit limit whose crossing is announced, lowest first. */
export const CREDIT_ALERT_PERCENTS = [50, 70, 90] as const;
export type CreditAlertPercent = (typeof CREDIT_ALERT_PERCENTS)[number];

/**
 * A dealer's credit used (what it owes) reached `percent` of its credit limit, published in the
 * transaction that raised the debt, once per crossing: the level falls again when the debt is paid
 * down below it, and a later crossing is announced again.
 */
export const balanceCreditThresholdReached = defineEvent(
  'balance.credit.threshold-reached',
  1,
  z.object({
    dealerId: z.string(),
    percent: z.union([z.literal(50), z.literal(70), z.literal(90)]),
    creditLimitCents: z.number().int().positive(),
    creditUsedCents: z.number().int().nonnegative(),
    /** What is left of the limit (limit − used, never below zero). */
    availableCents: z.number().int().nonnegative(),
  }),
);

export const balanceEvents = [balanceCollectionRecorded, balanceStatementReady, balanceCreditThresholdReached] as const;
