import { z } from 'zod';
import { moneyFields, nullableTimestamp, timestamp } from './common';
import { acceptedAgreement, ESIM_ORDER_STATUSES, esimProfileSchema } from './esim';

/**
 * Top-ups of an eSIM already installed: more data and validity on the same ICCID, bought like a
 * package (GET and POST /user/esim/:id/top-ups; the POST takes an Idempotency-Key).
 */

/** Request: POST /user/esim/:id/top-ups. */
export const esimTopUpBody = z.object({
  package_id: z.string().min(1).max(100),
  /** The distance-sale documents the buyer accepted in the top-up dialog, kept with the top-up (and mailed with its receipt). */
  agreement: acceptedAgreement.optional(),
});
export type EsimTopUpBody = z.input<typeof esimTopUpBody>;

/** What an eSIM was given: its own package first, then each top-up, oldest first. */
export const esimBundleSchema = z.object({
  /** The order that bought it (the eSIM's own order for the first bundle). */
  order_id: z.string(),
  order_number: z.string(),
  kind: z.enum(['initial', 'top_up']),
  package_name: z.string(),
  /** null: unlimited data. */
  data_mb: z.number().int().nullable(),
  validity_days: z.number().int(),
  ...moneyFields('price'),
  added_at: timestamp,
});
export type EsimBundle = z.infer<typeof esimBundleSchema>;

/** A package offered as a top-up: the same coverage as the eSIM, at the caller's own price. */
export const esimTopUpPackageSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  duration: z.number().int(),
  data_mb: z.number().int().nullable(),
  unlimited: z.boolean(),
  ...moneyFields('price'),
  currency: z.literal('EUR'),
  recommended: z.boolean(),
});
export type EsimTopUpPackage = z.infer<typeof esimTopUpPackageSchema>;

/** GET /user/esim/:id/top-ups: the eSIM as it stands, its bundles, and what it can be topped up with (nothing, with the reason, when it cannot). */
export const esimTopUpOfferSchema = z.object({
  esim: esimProfileSchema,
  order_number: z.string(),
  bundles: z.array(esimBundleSchema),
  available: z.boolean(),
  refusal_code: z.string().nullable(),
  refusal: z.string().nullable(),
  packages: z.array(esimTopUpPackageSchema),
});
export type EsimTopUpOffer = z.infer<typeof esimTopUpOfferSchema>;

/** Answer of POST /user/esim/:id/top-ups: the top-up (an order of its own) and the eSIM after it. */
export const esimTopUpSchema = z.object({
  id: z.string(),
  order_number: z.string(),
  status: z.enum(ESIM_ORDER_STATUSES),
  package_name: z.string(),
  data_mb: z.number().int().nullable(),
  validity_days: z.number().int(),
  ...moneyFields('total'),
  currency: z.literal('EUR'),
  failure_reason: z.string().nullable(),
  failure_code: z.string().nullable(),
  created_at: timestamp,
  completed_at: nullableTimestamp,
  esim: esimProfileSchema,
});
export type EsimTopUp = z.infer<typeof esimTopUpSchema>;

/** On an order's summary: the eSIM a top-up order added to (null for a purchase). */
export const esimTopUpOfSchema = z
  .object({ esim_id: z.string(), iccid: z.string(), order_id: z.string(), order_number: z.string() })
  .nullable();
