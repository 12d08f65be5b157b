import { z } from 'zod';
import { moneyFields, nullableTimestamp, timestamp, usageSchema } from './common';

/**
 * The eSIM service's API shapes (docs/architecture.md, eSIM purchases). The service attaches them as response
 * schemas; the storefront's checkout and the back office's order screens read them.
 */

/** Request: POST /user/packages/buy (Idempotency-Key header required). */
export const buyPackageBody = z.object({
  package_id: z.string().min(1).max(100),
  quantity: z.number().int().min(1).max(50).default(1),
});
export type BuyPackageBody = z.input<typeof buyPackageBody>;

/** Where a purchase is (the saga's steps, persisted on the order row). Clients show pending/processing alike. */
export const ESIM_ORDER_STATUSES = ['pending', 'processing', 'completed', 'failed', 'refunded', 'partially_refunded'] as const;
export type EsimOrderStatus = (typeof ESIM_ORDER_STATUSES)[number];

/** An eSIM profile's lifecycle. `used` = data exhausted. */
export const ESIM_STATUSES = ['inactive', 'active', 'suspended', 'expired', 'used', 'revoked', 'refunded'] as const;
export type EsimStatus = (typeof ESIM_STATUSES)[number];

/** Status changes a client may ask for: the owner suspends / resumes; an admin may also revoke. */
export const esimStatusBody = z.object({ status: z.enum(['suspended', 'active', 'revoked']) });

export const esimPackageSummary = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  /** Slug of the country for a local package, null for regional / global ones. */
  country_slug: z.string().nullable(),
  country_name: z.string().nullable(),
  data_mb: z.number().int().nullable(),
  unlimited: z.boolean(),
  validity_days: z.number().int(),
  operator: z.string().nullable(),
});

export const esimProfileSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  iccid: z.string(),
  status: z.enum(ESIM_STATUSES),
  /** GSMA SGP.22 activation code: `LPA:1$<SM-DP+ address>$<matching id>`. */
  activation_code: z.string(),
  smdp_address: z.string(),
  matching_id: z.string(),
  confirmation_code_required: z.boolean(),
  /** iOS 17.4+: `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=<activation code>`. */
  ios_install_url: z.string(),
  /** The QR png (`/api/user/esim/qr/<ICCID>.png`): owner or admin only, never cached. */
  qr_url: z.string(),
  usage: usageSchema,
  activated_at: nullableTimestamp,
  expires_at: nullableTimestamp,
  /** Whether the refund policy allows a refund now, and until when. */
  refundable: z.boolean(),
  refund_deadline: nullableTimestamp,
});
export type EsimProfile = z.infer<typeof esimProfileSchema>;

export const esimOrderSummarySchema = z.object({
  id: z.string(),
  /** Unguessable (10+ upper-case letters/digits): it opens the public balance check. */
  order_number: z.string(),
  status: z.enum(ESIM_ORDER_STATUSES),
  package: esimPackageSummary,
  quantity: z.number().int(),
  ...moneyFields('unit_price'),
  ...moneyFields('total'),
  currency: z.literal('EUR'),
  /** Localized reason of a failed order ('Stok yetersiz' when the pool is empty). */
  failure_reason: z.string().nullable(),
  failure_code: z.string().nullable(),
  esim_count: z.number().int(),
  created_at: timestamp,
  completed_at: nullableTimestamp,
  user_id: z.string(),
});
export type EsimOrderSummary = z.infer<typeof esimOrderSummarySchema>;

export const esimOrderSchema = esimOrderSummarySchema.extend({ esims: z.array(esimProfileSchema) });
export type EsimOrder = z.infer<typeof esimOrderSchema>;

/** One usage record of an eSIM (GET /user/esim/:id/usage). */
export const esimUsageRecordSchema = z.object({
  id: z.string(),
  esim_id: z.string(),
  used_bytes: z.number().int().nonnegative(),
  remaining_bytes: z.number().int().nonnegative(),
  recorded_at: timestamp,
  source: z.enum(['webhook', 'file', 'seed', 'provider']),
});
export const esimUsageSchema = z.object({
  esim: esimProfileSchema,
  records: z.array(esimUsageRecordSchema),
});

/** Answer of POST /user/esim/:id/refund. */
export const esimRefundSchema = z.object({
  esim_id: z.string(),
  order_id: z.string(),
  ...moneyFields('refunded'),
  status: z.literal('refunded'),
});
