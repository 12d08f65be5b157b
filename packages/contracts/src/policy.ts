/**
 * The one refund policy of the whole product (docs/product.md, Refunds and returns). The esim and physical-sim
 * services apply these windows, and the storefront's FAQ and policy pages render their texts from
 * them, so the rules a customer reads and the rules the shop applies can never disagree.
 */
export const REFUND_POLICY = {
  /** An eSIM never activated (no usage recorded) is refundable within this many days of purchase. */
  esimUnusedRefundDays: 30,
  /** Statutory right of withdrawal for distance sales, in days. */
  withdrawalDays: 14,
  /** Refunds reach the customer within this range of business days (to the balance: at once). */
  refundBusinessDays: { min: 5, max: 10 },
  /** Customers must be at least this old. */
  minimumAge: 18,
  /**
   * eUICC physical cards: unconditional return within this many days of delivery (transfer to the
   * dealer); the physical-sim service starts its return window setting from it.
   */
  physicalCardReturnDays: 15,
  /** Data that was used is never refunded or transferred. */
  usedDataRefundable: false,
  /** Date the policy pages show as "last updated". */
  lastUpdated: '2024-03-01',
} as const;

export type RefundPolicy = typeof REFUND_POLICY;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment an unactivated eSIM bought at `purchasedAt` may be refunded. */
export function esimRefundDeadline(purchasedAt: Date): Date {
  return new Date(purchasedAt.getTime() + REFUND_POLICY.esimUnusedRefundDays * DAY_MS);
}

/** Why an eSIM may not be refunded now, or null when it may (the services' single rule). */
export function esimRefundRefusal(
  input: { purchasedAt: Date; activated: boolean; usedBytes: number; status: string },
  now = new Date(),
): 'esim_refund_activated' | 'esim_refund_window_passed' | 'esim_refund_not_allowed_status' | null {
  if (input.status === 'refunded' || input.status === 'revoked') return 'esim_refund_not_allowed_status';
  if (input.activated || input.usedBytes > 0) return 'esim_refund_activated';
  if (now.getTime() > esimRefundDeadline(input.purchasedAt).getTime()) return 'esim_refund_window_passed';
  return null;
}

/**
 * The last moment a card delivered (transferred to the dealer) at `deliveredAt` may be returned:
 * `days` is the physical-sim service's return window setting, the policy's days until an admin changes it.
 */
export function physicalCardReturnDeadline(
  deliveredAt: Date,
  days: number = REFUND_POLICY.physicalCardReturnDays,
): Date {
  return new Date(deliveredAt.getTime() + days * DAY_MS);
}
