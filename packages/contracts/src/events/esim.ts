import { z } from 'zod';
import { defineEvent } from './envelope';

/**
 * Events of the esim service. The balance service counts orders for the dashboard from
 * esim.order.completed / .failed: their payloads keep the shared order fields.
 */
const orderPayload = z.object({
  orderId: z.string(),
  userId: z.string(),
  amountCents: z.number().int().nonnegative(),
  holdId: z.string().nullable(),
});

/**
 * The order has its eSIMs. The sale's facts (optional: events of earlier releases carry only the
 * shared order fields) let auth invoice an order no receipt is made for: a dealer's own purchase.
 */
export const esimOrderCompleted = defineEvent(
  'esim.order.completed',
  1,
  orderPayload.extend({
    orderNumber: z.string().optional(),
    locale: z.enum(['tr', 'en']).optional(),
    completedAt: z.string().optional(),
    packageCode: z.string().optional(),
    packageNameTr: z.string().optional(),
    packageNameEn: z.string().optional(),
    /** The plan as the buyer's screens name it ("Türkiye 3 GB · 7 gün"). */
    planTitleTr: z.string().optional(),
    planTitleEn: z.string().optional(),
    quantity: z.number().int().positive().optional(),
    unitPriceCents: z.number().int().nonnegative().optional(),
    /** The order added data to an eSIM the buyer has (its invoice is a top-up's). */
    topUp: z.boolean().optional(),
  }),
);
/** How to install one eSIM, as the install and receipt mails print it. */
const installDetails = z.object({
  iccid: z.string(),
  smdpAddress: z.string(),
  matchingId: z.string(),
  activationCode: z.string(),
  iosInstallUrl: z.string(),
  confirmationCodeRequired: z.boolean(),
  /** The QR png (base64), drawn by the esim service as its QR route draws it. */
  qrPngBase64: z.string(),
});

/**
 * A completed order whose buyer accepted the distance-sale documents at checkout: auth (it owns
 * addresses and the mailer) mails the buyer the receipt as a PDF with both documents, in the
 * order's language. Everything the receipt prints travels here, as it was when the order completed.
 */
export const esimOrderReceipt = defineEvent(
  'esim.order.receipt',
  1,
  z.object({
    orderId: z.string(),
    orderNumber: z.string(),
    userId: z.string(),
    locale: z.enum(['tr', 'en']),
    completedAt: z.string(),
    seller: z.object({
      name: z.string(),
      address: z.string(),
      taxOffice: z.string(),
      taxNumber: z.string(),
      mersis: z.string(),
      phone: z.string(),
      email: z.string(),
    }),
    packageCode: z.string(),
    packageNameTr: z.string(),
    packageNameEn: z.string(),
    /** The plan as the buyer's screens name it ("Türkiye 3 GB · 7 gün"); absent from events of earlier releases. */
    planTitleTr: z.string().optional(),
    planTitleEn: z.string().optional(),
    dataMb: z.number().int().nullable(),
    validityDays: z.number().int(),
    quantity: z.number().int().positive(),
    unitPriceCents: z.number().int().nonnegative(),
    totalCents: z.number().int().nonnegative(),
    /** What a card payment paid of the total (0: the balance paid it all), and the provider's reference of that payment. */
    paidByCardCents: z.number().int().nonnegative(),
    cardPaymentReference: z.string().nullable(),
    agreementVersion: z.string(),
    agreementText: z.string(),
    /** The order added data to an eSIM the buyer has (its invoice is a top-up's); absent from events of earlier releases. */
    topUp: z.boolean().optional(),
    /**
     * The install details of the order's eSIMs ready to install, so the receipt carries the QR and steps
     * the distance sales contract promises; none for a top-up, absent from events of earlier releases.
     */
    esims: z.array(installDetails).optional(),
  }),
);
/** An order that sold nothing (its hold voided or never taken); an order that failed after it was placed at a supplier names its number and language, for the buyer's mail. */
export const esimOrderFailed = defineEvent(
  'esim.order.failed',
  1,
  orderPayload.extend({
    reason: z.string(),
    orderNumber: z.string().optional(),
    locale: z.enum(['tr', 'en']).optional(),
  }),
);
/**
 * An eSIM's refund is done: the eSIM was ended at its provider and the money given back, the card's
 * part to the card and the rest to the balance. Auth mails the buyer where each part went. (Events
 * of the first releases carry neither the order's facts nor the split: they are announced to nobody.)
 */
export const esimOrderRefunded = defineEvent(
  'esim.order.refunded',
  1,
  z.object({
    orderId: z.string(),
    userId: z.string(),
    esimId: z.string(),
    iccid: z.string(),
    amountCents: z.number().int().positive(),
    refundedBy: z.string(),
    reason: z.string().nullable(),
    orderNumber: z.string().optional(),
    packageNameTr: z.string().optional(),
    packageNameEn: z.string().optional(),
    /** The plan as the buyer's screens name it ("Türkiye 3 GB · 7 gün"); absent from events of earlier releases. */
    planTitleTr: z.string().optional(),
    planTitleEn: z.string().optional(),
    locale: z.enum(['tr', 'en']).optional(),
    toCardCents: z.number().int().nonnegative().optional(),
    toBalanceCents: z.number().int().nonnegative().optional(),
  }),
);

const profilePayload = z.object({ esimId: z.string(), iccid: z.string(), orderId: z.string(), userId: z.string() });
export const esimProfileActivated = defineEvent(
  'esim.profile.activated',
  1,
  profilePayload.extend({ activatedAt: z.string(), expiresAt: z.string() }),
);
export const esimProfileDepleted = defineEvent('esim.profile.depleted', 1, profilePayload);
export const esimProfileExpired = defineEvent('esim.profile.expired', 1, profilePayload);

/**
 * An eSIM's usage alert: 50 % / 80 % / 100 % of its data used, or 1 day before expiry. Auth sends each
 * as the owner's webhook and mails all but `usage-50` (travellers get no mail at half their data).
 */
export const esimProfileUsageAlert = defineEvent(
  'esim.profile.usage-alert',
  1,
  profilePayload.extend({
    kind: z.enum(['usage-50', 'usage-80', 'usage-100', 'expiry-1d']),
    orderNumber: z.string(),
    packageNameTr: z.string(),
    packageNameEn: z.string(),
    /** The plan as the buyer's screens name it ("Türkiye 3 GB · 7 gün"); absent from events of earlier releases. */
    planTitleTr: z.string().optional(),
    planTitleEn: z.string().optional(),
    usedBytes: z.number().int().nonnegative(),
    totalBytes: z.number().int().nonnegative().nullable(),
    expiresAt: z.string().nullable(),
    locale: z.enum(['tr', 'en']),
  }),
);

/**
 * The buyer asked for the install details of their eSIMs ready to install by e-mail (auth owns the
 * addresses and the mailer, and mails them in `locale`). The activation codes travel in the event
 * because the mail is made of them; the event log is as internal as the esim table that keeps them.
 */
export const esimOrderInstallMail = defineEvent(
  'esim.order.install-mail',
  1,
  z.object({
    orderId: z.string(),
    userId: z.string(),
    orderNumber: z.string(),
    packageNameTr: z.string(),
    packageNameEn: z.string(),
    /** The plan as the buyer's screens name it ("Türkiye 3 GB · 7 gün"); absent from events of earlier releases. */
    planTitleTr: z.string().optional(),
    planTitleEn: z.string().optional(),
    locale: z.enum(['tr', 'en']),
    esims: z.array(installDetails),
    /**
     * "Send to customer": the dealer's end customer the mail goes to instead of the buyer, in the
     * dealer's name (auth adds the dealer's company name); absent for the buyer's own mail.
     */
    customer: z.object({ name: z.string(), email: z.string() }).optional(),
  }),
);

export const esimPoolLowStock = defineEvent(
  'esim.pool.low-stock',
  1,
  z.object({
    packageCode: z.string(),
    available: z.number().int().nonnegative(),
    threshold: z.number().int().nonnegative(),
  }),
);

export const esimEvents = [
  esimOrderCompleted,
  esimOrderReceipt,
  esimOrderFailed,
  esimOrderRefunded,
  esimProfileActivated,
  esimProfileDepleted,
  esimProfileExpired,
  esimProfileUsageAlert,
  esimPoolLowStock,
  esimOrderInstallMail,
] as const;
