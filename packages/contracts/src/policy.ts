/**
 * The one refund policy of the product (DESIGN.md section 10): the FAQ, the policy pages and the
 * refund rules of the esim and physical-sim services all read it, so they never disagree again.
 */
export const REFUND_POLICY = {
  /** An eSIM never activated (no usage) is refundable within this many days of purchase. */
  esimRefundWindowDays: 30,
  /** Right of withdrawal. */
  withdrawalDays: 14,
  /** Refunds reach a card within this many business days (balance refunds are immediate). */
  refundBusinessDays: { min: 5, max: 10 },
  minimumAge: 18,
  /** Physical eUICC cards: unconditional return within this many days. */
  physicalCardReturnDays: 15,
} as const;

/** May an eSIM bought at `purchasedAt` and never used be refunded at `now`? */
export function esimRefundWindowOpen(purchasedAt: Date, now: Date = new Date()): boolean {
  return now.getTime() - purchasedAt.getTime() <= REFUND_POLICY.esimRefundWindowDays * 24 * 3600 * 1000;
}
