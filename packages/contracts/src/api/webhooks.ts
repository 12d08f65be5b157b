import { z } from 'zod';

/**
 * A dealer's webhooks (docs/partner-api.md, Webhooks): the public events a partner may choose, the
 * versioned body each is sent in, the signature header, and the routes' request and answer shapes.
 * The body is built from the internal event but never is it: fields are renamed to the public API's
 * snake_case, money is euros and cents, and nothing internal (hold ids, languages, texts) travels.
 */

/** The events an endpoint may choose. `test` is sent only by the "send a test event" button. */
export const WEBHOOK_EVENT_TYPES = [
  'order.completed',
  'order.failed',
  'order.refunded',
  'esim.installed',
  'esim.usage',
  'esim.expiring',
  'plus_order.approved',
  'plus_order.rejected',
  'credit.used',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export type WebhookSentType = WebhookEventType | 'test';

/** The body's version: a change that removes or renames a field gets a new one. */
export const WEBHOOK_PAYLOAD_VERSION = 1;
/** Endpoints a dealer may register. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` (a second v1 while a secret is rotated). */
export const WEBHOOK_SIGNATURE_HEADER = 'Esim-Signature';
/** The event's id, also in the body: a receiver drops an id it has accepted before. */
export const WEBHOOK_EVENT_ID_HEADER = 'Esim-Event-Id';
/** A signature older (or newer) than this is refused by `verifyWebhookSignature`, as a receiver should. */
export const WEBHOOK_SIGNATURE_TOLERANCE_SECONDS = 5 * 60;
/** How long an endpoint's previous secret still signs after a rotation. */
export const WEBHOOK_PREVIOUS_SECRET_HOURS = 24;
/** A secret: `whsec_` and 48 hex characters (24 random bytes). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

const money = { amount: z.number(), amount_cents: z.number().int() };
const esimFacts = { esim_id: z.string(), iccid: z.string(), order_id: z.string() };

/** What `data` holds, per event type. */
export const webhookEventData = {
  'order.completed': z.object({ order_id: z.string(), ...money }),
  'order.failed': z.object({ order_id: z.string(), order_number: z.string().nullable(), reason: z.string(), ...money }),
  'order.refunded': z.object({
    ...esimFacts,
    order_number: z.string().nullable(),
    reason: z.string().nullable(),
    ...money,
  }),
  /** First use of the eSIM seen on the network: it is installed and its validity has started. */
  'esim.installed': z.object({ ...esimFacts, activated_at: z.string(), expires_at: z.string() }),
  /** 50 %, 80 % and 100 % of the eSIM's data used, each once (a report past several sends each, lowest first). */
  'esim.usage': z.object({
    ...esimFacts,
    order_number: z.string(),
    percent: z.union([z.literal(50), z.literal(80), z.literal(100)]),
    used_bytes: z.number().int(),
    total_bytes: z.number().int().nullable(),
    expires_at: z.string().nullable(),
  }),
  /** One day before the eSIM's validity ends. */
  'esim.expiring': z.object({
    ...esimFacts,
    order_number: z.string(),
    expires_at: z.string().nullable(),
    used_bytes: z.number().int(),
    total_bytes: z.number().int().nullable(),
  }),
  'plus_order.approved': z.object({ order_id: z.string(), ...money }),
  'plus_order.rejected': z.object({ order_id: z.string(), reason: z.string().nullable(), ...money }),
  /**
   * The dealer's credit used (what it owes) reached 50, 70 or 90 % of its credit limit: once per
   * crossing, again after the debt fell below it and rose past it anew. `available` is what is left of the limit.
   */
  'credit.used': z.object({
    percent: z.union([z.literal(50), z.literal(70), z.literal(90)]),
    credit_limit: z.number(),
    credit_limit_cents: z.number().int(),
    credit_used: z.number(),
    credit_used_cents: z.number().int(),
    available: z.number(),
    available_cents: z.number().int(),
  }),
  test: z.object({ endpoint_id: z.string(), message: z.string() }),
} as const satisfies Record<WebhookSentType, z.ZodType>;

/** The body of every webhook: `{ id, type, version, created_at, data }`. */
export const webhookPayloadSchema = z.discriminatedUnion(
  'type',
  (Object.entries(webhookEventData) as Array<[WebhookSentType, z.ZodObject]>).map(([type, data]) =>
    z.object({
      id: z.string(),
      type: z.literal(type),
      version: z.literal(WEBHOOK_PAYLOAD_VERSION),
      created_at: z.string(),
      data,
    }),
  ) as unknown as [z.ZodObject, ...z.ZodObject[]],
);
export type WebhookPayload<T extends WebhookSentType = WebhookSentType> = {
  id: string;
  type: T;
  version: typeof WEBHOOK_PAYLOAD_VERSION;
  created_at: string;
  data: z.infer<(typeof webhookEventData)[T]>;
};

// ── routes ──

/**
 * The address deliveries go to. Only its form here (an absolute http(s) URL); https in production
 * and no private or loopback address are checked by the service, which knows the mode and resolves the name.
 */
const webhookUrl = z
  .string({ message: 'webhook_url_invalid' })
  .trim()
  .max(2000, { message: 'webhook_url_invalid' })
  // Kept as the URL parser writes it, so what is stored, shown and called is one and the same address.
  .transform((value, ctx) => {
    const href = webhookHref(value);
    if (href === null) {
      ctx.addIssue({ code: 'custom', message: 'webhook_url_invalid' });
      return z.NEVER;
    }
    return href;
  });

/** The address in its parsed form, or null when it is not an absolute http(s) URL without credentials (up to 2000 characters). */
export function webhookHref(value: string): string | null {
  try {
    const url = new URL(value);
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) return null;
    return url.href.length <= 2000 ? url.href : null;
  } catch {
    return null;
  }
}
const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { message: 'webhook_events_invalid' }), { message: 'webhook_events_invalid' })
  .min(1, { message: 'webhook_events_invalid' })
  .max(WEBHOOK_EVENT_TYPES.length, { message: 'webhook_events_invalid' })
  .refine((events) => new Set(events).size === events.length, { message: 'webhook_events_invalid' });
const webhookDescription = z
  .string({ message: 'webhook_description_invalid' })
  .trim()
  // Free text a person reads in a list: no markup or control characters.
  .regex(/^[^<>\p{Cc}]{0,200}$/u, { message: 'webhook_description_invalid' });

/** POST /user/webhooks and /admin/dealers/:id/webhooks. */
export const webhookCreateBody = z.object({
  url: webhookUrl,
  events: webhookEvents,
  description: webhookDescription.optional(),
});
export type WebhookCreateBody = z.infer<typeof webhookCreateBody>;

/** PATCH .../webhooks/:id: any of the fields; `active: false` pauses deliveries (they wait). */
export const webhookUpdateBody = z.object({
  url: webhookUrl.optional(),
  events: webhookEvents.optional(),
  description: webhookDescription.optional(),
  active: z.boolean({ message: 'webhook_active_invalid' }).optional(),
});
export type WebhookUpdateBody = z.infer<typeof webhookUpdateBody>;

/** GET .../webhooks/:id/deliveries: newest first. */
export const webhookDeliveriesQuery = z.object({
  limit: z.coerce.number({ message: 'webhook_limit_invalid' }).int().min(1).max(200).default(50),
  status: z.enum(['pending', 'delivered', 'failed'], { message: 'webhook_status_invalid' }).optional(),
});

/** An endpoint as every list shows it: never its secret, only the secret's first characters. */
export const webhookEndpointSchema = z.object({
  id: z.string(),
  dealer_id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  active: z.boolean(),
  /** `whsec_` and the secret's first 4 characters, to recognise it. */
  secret_prefix: z.string(),
  /** While a rotation's previous secret still signs (a second v1), until when; null otherwise. */
  previous_secret_expires_at: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The newest delivery's status and when it was delivered (else made); null before the first. */
  last_delivery: z.object({ status: z.enum(['pending', 'delivered', 'failed']), at: z.string() }).nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The create and rotate answers: the secret, once (null when a create is a replay of the same Idempotency-Key). */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string().nullable() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/** One try at delivering: the receiver's HTTP status (null when none came: timeout, refused connection). */
export const webhookAttemptSchema = z.object({
  at: z.string(),
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

/** A delivery in the log: the event, where it stands, and every try (oldest first). */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpoint_id: z.string(),
  event_id: z.string(),
  event_type: z.enum([...WEBHOOK_EVENT_TYPES, 'test']),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  /** Retries stop at this moment (24 hours after the event, or after "send again"). */
  retry_until: z.string(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  tries: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
