import { z } from 'zod';
import { DISTANCE_SALE_VERSION } from '../distance-sale';
import { moneyFields, nullableTimestamp, timestamp, usageSchema } from './common';

/**
 * The eSIM service's API shapes (docs/architecture/purchases.md). The service attaches them as response
 * schemas; the storefront's checkout and the back office's order screens read them.
 */

/** Request: POST /user/packages/buy (Idempotency-Key header required). */
/**
 * The distance-sale documents (pre-information form and contract) the buyer accepted at checkout:
 * the version only. The server fills them in from the order's facts and keeps that text; a text a
 * client sends is never read.
 */
export const acceptedAgreement = z.object({
  version: z.literal(DISTANCE_SALE_VERSION, { message: 'agreement_version_outdated' }),
});
export type AcceptedAgreement = z.infer<typeof acceptedAgreement>;

/**
 * A dealer's end customer on an order: whom "send to customer" mails the install details to. The
 * address is kept on the order only (never in events to partners, logs or webhooks).
 */
export const orderCustomerBody = z
  .object({
    name: z.string().trim().min(1, { message: 'esim_customer_name_required' }).max(200),
    email: z
      .string()
      .trim()
      .max(254)
      .pipe(z.email({ message: 'esim_customer_email_invalid' })),
  })
  .meta({ example: { name: 'Ayşe Yılmaz', email: 'ayse@example.com' } });
export type OrderCustomer = z.infer<typeof orderCustomerBody>;

/** Request: PATCH /user/esim/orders/:id/customer (null takes the customer off the order). */
export const setOrderCustomerBody = z.object({ customer: orderCustomerBody.nullable() });

/** Request: POST /user/esim/orders/:id/send-to-customer (the mail's language; Turkish unless asked). */
export const sendToCustomerBody = z.object({ locale: z.enum(['tr', 'en']).default('tr') });

export const buyPackageBody = z.object({
  package_id: z.string().min(1).max(100),
  quantity: z.number().int().min(1).max(50).default(1),
  /** Dealers only: the end customer the order is for (a retail buyer is refused with a 400 naming `customer`). */
  customer: orderCustomerBody.optional(),
  /** The storefront's checkout: the documents accepted, kept with the order (and mailed with its receipt). */
  agreement: acceptedAgreement.optional(),
  /** The card payment this purchase's missing amount was paid with, so the receipt can show the card's share. */
  card_payment_id: z.uuid().optional(),
});
export type BuyPackageBody = z.input<typeof buyPackageBody>;

/** Where a purchase is (the saga's steps, persisted on the order row). Clients show pending/processing alike. */
export const ESIM_ORDER_STATUSES = [
  'pending',
  'processing',
  'completed',
  'failed',
  'refunded',
  'partially_refunded',
] as const;
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
  /** The plan as a traveller names it, where it works, its data and days: "Türkiye 3 GB · 7 gün". */
  title: z.string(),
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
  /** GSMA SGP.22 activation code: `LPA:1$<SM-DP+ address>$<matching id>`; null once refunded or revoked (the code is shown nowhere then). */
  activation_code: z.string().nullable(),
  smdp_address: z.string().nullable(),
  matching_id: z.string().nullable(),
  confirmation_code_required: z.boolean(),
  /** iOS 17.4+: `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=<activation code>`; null once withdrawn. */
  ios_install_url: z.string().nullable(),
  /** The QR png (`/api/user/esim/qr/<ICCID>.png`): owner or admin only, never cached; null once withdrawn. */
  qr_url: z.string().nullable(),
  usage: usageSchema,
  /**
   * When the usage figures were last measured: the supplier's update time for a supplier's eSIM, the
   * latest usage report's for a pool eSIM; null while none came.
   */
  usage_updated_at: nullableTimestamp,
  activated_at: nullableTimestamp,
  expires_at: nullableTimestamp,
  /** Whether the refund policy allows a refund now, and until when. */
  refundable: z.boolean(),
  refund_deadline: nullableTimestamp,
});
export type EsimProfile = z.infer<typeof esimProfileSchema>;

/**
 * GET /user/esims: one of the caller's eSIMs as their home lists it, newest first: which plan
 * (its title), its state and data. `state=current` lists only those a traveller can use now: ready
 * to install or in use, not past expiry, not taken back. No activation code: the order page has it.
 */
export const ESIM_LIST_STATES = ['current'] as const;
export const esimSummarySchema = z.object({
  id: z.string(),
  order_id: z.string(),
  order_number: z.string(),
  iccid: z.string(),
  status: z.enum(ESIM_STATUSES),
  /** The plan as a traveller names it: "Türkiye 3 GB · 7 gün". */
  title: z.string(),
  usage: usageSchema,
  usage_updated_at: nullableTimestamp,
  activated_at: nullableTimestamp,
  expires_at: nullableTimestamp,
  created_at: timestamp,
});
export type EsimSummary = z.infer<typeof esimSummarySchema>;

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
  /** A top-up: the eSIM it added data and validity to, and that eSIM's order; null for a purchase of new eSIMs. */
  top_up_of: z
    .object({ esim_id: z.string(), iccid: z.string(), order_id: z.string(), order_number: z.string() })
    .nullable()
    .optional(),
  created_at: timestamp,
  completed_at: nullableTimestamp,
  user_id: z.string(),
  /** A dealer's end customer the order is for; null when none was given (always for a retail buyer). */
  customer_name: z.string().nullable().optional(),
  customer_email: z.string().nullable().optional(),
  /** Bought with a sandbox API key: demo eSIMs at no cost, no money moved, counted nowhere. */
  sandbox: z.boolean().optional(),
});
export type EsimOrderSummary = z.infer<typeof esimOrderSummarySchema>;

/** What the buyer accepted for an order: the documents' version and text, when, and what the card paid of it. */
export const esimOrderAgreementSchema = z.object({
  version: z.string(),
  text: z.string(),
  accepted_at: timestamp,
  ...moneyFields('paid_by_card'),
});

export const esimOrderSchema = esimOrderSummarySchema.extend({
  esims: z.array(esimProfileSchema),
  agreement: esimOrderAgreementSchema.nullable(),
});

/** GET /public/seller: the shop's legal identity, as the distance-sale documents and receipts name it. */
export const sellerSchema = z.object({
  name: z.string(),
  address: z.string(),
  tax_office: z.string(),
  tax_number: z.string(),
  mersis: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type SellerView = z.infer<typeof sellerSchema>;
export type EsimOrder = z.infer<typeof esimOrderSchema>;

/**
 * Answer of POST /user/packages/buy with `dry_run: true`: the caller's price, whether the order
 * would go through now (on sale, in stock at its supplier, the balance and credit cover it) and
 * why not. Nothing is ordered, held or written.
 */
export const esimBuyDryRunSchema = z
  .object({
    dry_run: z.literal(true),
    package: z.object({
      id: z.string(),
      code: z.string(),
      name: z.string(),
      countries: z.array(z.string()),
      data_mb: z.number().int().nullable(),
      validity_days: z.number().int(),
    }),
    quantity: z.number().int(),
    ...moneyFields('unit_price'),
    ...moneyFields('total'),
    currency: z.literal('EUR'),
    /** true when the same request without `dry_run` would place the order now. */
    available: z.boolean(),
    /** Why not, each as the real purchase would refuse it (empty when available). */
    reasons: z.array(z.object({ code: z.string(), message: z.string() })),
    /** What the caller may spend now (balance less what is held) and the credit left on top of it. */
    balance_cents: z.number().int(),
    credit_left_cents: z.number().int(),
    /** The balance after this purchase; below zero means the rest is drawn from the credit limit. */
    balance_after_cents: z.number().int(),
  })
  .meta({
    example: {
      dry_run: true,
      package: {
        id: '7d5a3c4e-2b1f-4e8a-9c6d-1a2b3c4d5e6f',
        code: 'US-7D-3GB',
        name: 'United States 3 GB',
        countries: ['US'],
        data_mb: 3072,
        validity_days: 7,
      },
      quantity: 2,
      unit_price: 9.5,
      unit_price_cents: 950,
      total: 19,
      total_cents: 1900,
      currency: 'EUR',
      available: true,
      reasons: [],
      balance_cents: 10000,
      credit_left_cents: 0,
      balance_after_cents: 8100,
    },
  });
export type EsimBuyDryRun = z.infer<typeof esimBuyDryRunSchema>;

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
/**
 * An eSIM's refund: the whole price, the card's part (back to the card that paid it, reaching it in
 * the policy's business days) and the balance's (at once). `processing` until the eSIM is ended at
 * its provider and the money booked; the eSIM is withdrawn either way.
 */
export const esimRefundSchema = z.object({
  esim_id: z.string(),
  order_id: z.string(),
  ...moneyFields('refunded'),
  ...moneyFields('to_card'),
  ...moneyFields('to_balance'),
  status: z.enum(['refunded', 'processing']),
});

/** GET /user/esim/{id}/refund: whether the caller may refund it now (else why), and where the money would go. */
export const esimRefundPreviewSchema = z.object({
  esim_id: z.string(),
  refundable: z.boolean(),
  /** Why not, in the caller's language (null when refundable). */
  refusal: z.string().nullable(),
  refusal_code: z.string().nullable(),
  ...moneyFields('amount'),
  ...moneyFields('to_card'),
  ...moneyFields('to_balance'),
  /** The card payment's reference at the provider, when part goes to the card. */
  card_payment_reference: z.string().nullable(),
});
export type EsimRefundPreview = z.infer<typeof esimRefundPreviewSchema>;
