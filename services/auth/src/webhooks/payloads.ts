import {
  centsToEuros,
  WEBHOOK_PAYLOAD_VERSION,
  type EventEnvelope,
  type EventPayload,
  type EventType,
  type WebhookEventType,
  type WebhookPayload,
  type WebhookSentType,
} from '@esim/contracts';

/** The internal events a webhook is made from; each maps to at most one public type. */
export const WEBHOOK_SOURCE_EVENTS = [
  'esim.order.completed',
  'esim.order.failed',
  'esim.order.refunded',
  'esim.profile.activated',
  'esim.profile.usage-alert',
  'physical-sim.order.approved',
  'physical-sim.order.rejected',
  'balance.credit.threshold-reached',
] as const satisfies readonly EventType[];
export type WebhookSourceEvent = (typeof WEBHOOK_SOURCE_EVENTS)[number];

const money = (cents: number) => ({ amount: centsToEuros(cents), amount_cents: cents });

/** A public body: the internal event's id and time, its type and facts in the public shape. */
export function publicBody<T extends WebhookSentType>(
  type: T,
  id: string,
  createdAt: string,
  data: WebhookPayload<T>['data'],
): WebhookPayload<T> {
  return { id, type, version: WEBHOOK_PAYLOAD_VERSION, created_at: createdAt, data };
}

/** The public percent of a usage alert's kind. */
const USAGE_PERCENT = { 'usage-50': 50, 'usage-80': 80, 'usage-100': 100 } as const;

/**
 * The public event an internal one becomes, and the account it belongs to (the buyer: a dealer's
 * own orders, eSIMs and credit only), or null when it has no public counterpart (a 50, 80 or 100 %
 * alert is `esim.usage`, a 1-day expiry alert `esim.expiring`).
 */
export function publicEventOf<T extends WebhookSourceEvent>(
  event: EventEnvelope<EventPayload<T>>,
  type: T,
): { userId: string; body: WebhookPayload<WebhookEventType> } | null {
  const at = event.occurredAt;
  const make = <P extends WebhookEventType>(publicType: P, data: WebhookPayload<P>['data']) =>
    publicBody(publicType, event.id, at, data) as WebhookPayload<WebhookEventType>;
  switch (type) {
    case 'esim.order.completed': {
      const p = event.payload as EventPayload<'esim.order.completed'>;
      return { userId: p.userId, body: make('order.completed', { order_id: p.orderId, ...money(p.amountCents) }) };
    }
    case 'esim.order.failed': {
      const p = event.payload as EventPayload<'esim.order.failed'>;
      return {
        userId: p.userId,
        body: make('order.failed', {
          order_id: p.orderId,
          order_number: p.orderNumber ?? null,
          reason: p.reason,
          ...money(p.amountCents),
        }),
      };
    }
    case 'esim.order.refunded': {
      const p = event.payload as EventPayload<'esim.order.refunded'>;
      return {
        userId: p.userId,
        body: make('order.refunded', {
          order_id: p.orderId,
          esim_id: p.esimId,
          iccid: p.iccid,
          order_number: p.orderNumber ?? null,
          reason: p.reason,
          ...money(p.amountCents),
        }),
      };
    }
    case 'esim.profile.activated': {
      const p = event.payload as EventPayload<'esim.profile.activated'>;
      return {
        userId: p.userId,
        body: make('esim.installed', {
          esim_id: p.esimId,
          iccid: p.iccid,
          order_id: p.orderId,
          activated_at: p.activatedAt,
          expires_at: p.expiresAt,
        }),
      };
    }
    case 'esim.profile.usage-alert': {
      const p = event.payload as EventPayload<'esim.profile.usage-alert'>;
      const facts = { esim_id: p.esimId, iccid: p.iccid, order_id: p.orderId, order_number: p.orderNumber };
      const usage = { used_bytes: p.usedBytes, total_bytes: p.totalBytes, expires_at: p.expiresAt };
      if (p.kind === 'expiry-1d') return { userId: p.userId, body: make('esim.expiring', { ...facts, ...usage }) };
      return { userId: p.userId, body: make('esim.usage', { ...facts, percent: USAGE_PERCENT[p.kind], ...usage }) };
    }
    case 'physical-sim.order.approved': {
      const p = event.payload as EventPayload<'physical-sim.order.approved'>;
      return {
        userId: p.userId,
        body: make('plus_order.approved', { order_id: p.orderId, ...money(p.amountCents) }),
      };
    }
    case 'physical-sim.order.rejected': {
      const p = event.payload as EventPayload<'physical-sim.order.rejected'>;
      return {
        userId: p.userId,
        body: make('plus_order.rejected', { order_id: p.orderId, reason: p.reason, ...money(p.amountCents) }),
      };
    }
    case 'balance.credit.threshold-reached': {
      const p = event.payload as EventPayload<'balance.credit.threshold-reached'>;
      return {
        userId: p.dealerId,
        body: make('credit.used', {
          percent: p.percent,
          credit_limit: centsToEuros(p.creditLimitCents),
          credit_limit_cents: p.creditLimitCents,
          credit_used: centsToEuros(p.creditUsedCents),
          credit_used_cents: p.creditUsedCents,
          available: centsToEuros(p.availableCents),
          available_cents: p.availableCents,
        }),
      };
    }
    default:
      return null;
  }
}
