/**
 * Percentage repricing in integer arithmetic: price = retail × (1 + p/100), rounded half-up
 * to a cent. The catalog saves with it and the back office previews with it, so both agree to the cent. The percentage has at most two decimals, so it is carried as hundredths of a
 * percent (10.5 % → 1050) and the whole computation stays in integers:
 *   price = (retail × (10000 + P) + 5000) div 10000.
 * Floats would get 14.99 × 1.5 = 22.485 wrong (22.48); this gives 22.49.
 */
export const PERCENT_SCALE = 100;
export const MIN_PERCENTAGE = -100;
export const MAX_PERCENTAGE = 1000;

/** 10.5 → 1050; the caller has checked the input has at most two decimals. */
export function percentageToHundredths(percentage: number): number {
  return Math.round(percentage * PERCENT_SCALE);
}

export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

export function applyPercentage(retailCents: number, hundredthsOfPercent: number): number {
  if (!Number.isSafeInteger(retailCents) || retailCents < 0)
    throw new RangeError('retail price must be a non-negative integer of cents');
  if (!Number.isSafeInteger(hundredthsOfPercent) || hundredthsOfPercent < MIN_PERCENTAGE * PERCENT_SCALE) {
    throw new RangeError('percentage out of range');
  }
  const scaled = BigInt(retailCents) * BigInt(10_000 + hundredthsOfPercent);
  // Both factors are non-negative, so truncating division after adding half rounds half up.
  return Number((scaled + 5_000n) / 10_000n);
}
