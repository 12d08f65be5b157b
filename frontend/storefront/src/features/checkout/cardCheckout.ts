import type { Payment } from '@esim/contracts';

/**
 * "Pay the rest by card": the missing amount is paid by card on the provider's page, and on
 * the way back the storefront places the order itself with the Idempotency-Key the confirmation
 * showed, so a reload or a second return never buys twice. What the return needs is kept in
 * sessionStorage, which belongs to this tab only.
 */
export interface PendingCardCheckout {
  paymentId: string;
  packageId: string;
  quantity: number;
  /** The purchase's Idempotency-Key, the one the confirmation was opened with. */
  orderKey: string;
  /**
   * The version of the documents the buyer accepted before paying, sent again with the purchase. Only
   * the version: the server fills the documents in from the order's facts and keeps that text.
   */
  agreement: { version: string } | null;
}

const STORAGE_KEY = 'esim.cardCheckout';

/** Only the version of an agreement is kept and sent, whatever else an older entry carried (its text). */
const versionOnly = (agreement: { version: string } | null | undefined) =>
  agreement ? { version: agreement.version } : null;

export function savePendingCardCheckout(pending: PendingCardCheckout): void {
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...pending, agreement: versionOnly(pending.agreement) }));
}

/** The pending checkout of this payment, if this tab started it. */
export function pendingCardCheckout(paymentId: string): PendingCardCheckout | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as PendingCardCheckout | null;
    return stored && stored.paymentId === paymentId ? { ...stored, agreement: versionOnly(stored.agreement) } : null;
  } catch {
    return null;
  }
}

export function clearPendingCardCheckout(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}

/** What the balance is short of the total, in cents (0 when it covers it). */
export function missingCents(totalEuros: number, availableEuros: number): number {
  return Math.max(0, Math.round(totalEuros * 100) - Math.round(availableEuros * 100));
}

export const paymentSettled = (payment: Pick<Payment, 'status'>) => payment.status !== 'pending';

/** An expired payment the provider may still have charged: the buyer is never told nothing was taken. */
export const expiredUnconfirmed = (payment: Pick<Payment, 'status' | 'failure_code'>) =>
  payment.status === 'expired' && payment.failure_code === 'payment_expired_unconfirmed';
