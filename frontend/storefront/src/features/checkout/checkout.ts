/** The confirmation's arithmetic (euros, computed in cents so 3 × 24.99 is 74.97 exactly). */
export function checkoutTotals(unitPrice: number, quantity: number, available: number) {
  const totalCents = Math.round(unitPrice * 100) * quantity;
  const afterCents = Math.round(available * 100) - totalCents;
  return { total: totalCents / 100, after: afterCents / 100, sufficient: afterCents >= 0 };
}

/** contracts' buyPackageBody allows 1-50 per purchase. */
export const MAX_QUANTITY = 50;

export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
