import { z } from 'zod';

/**
 * Money on the wire is euros as a JSON number with at most two decimals (docs/product.md, Money);
 * inside, always integer cents. A third decimal, a negative or non-finite amount is refused.
 */
export const MAX_AMOUNT_CENTS = 100_000_000_00; // 100 million euros: far above any real order, far below 2^53.

export function eurosToCents(euros: number): number {
  return Math.round(euros * 100);
}

export function centsToEuros(cents: number | bigint): number {
  return Number(cents) / 100;
}

/**
 * Exactly what was typed, at most two decimals: judged on the number's shortest decimal form, so
 * 14.99 passes while 1e-9, 0.001 and 0.30000000000000004 do not (they would round into another value).
 */
function hasAtMostTwoDecimals(value: number): boolean {
  return /^-?\d+(\.\d{1,2})?$/.test(String(value));
}

/** A positive euro amount (e.g. 14.99) parsed into integer cents (1499). */
export const positiveEuroAmount = z
  .number()
  .refine(Number.isFinite, { message: 'amount_not_finite', abort: true })
  .refine((v) => v > 0, { message: 'amount_must_be_positive', abort: true })
  .refine(hasAtMostTwoDecimals, { message: 'amount_two_decimals', abort: true })
  .refine((v) => v >= 0.01, { message: 'amount_min_cent' })
  .refine((v) => eurosToCents(v) <= MAX_AMOUNT_CENTS, { message: 'amount_too_large' })
  .transform(eurosToCents);

/** A zero-or-positive euro amount parsed into integer cents (prices may be 0 for free packages). */
export const nonNegativeEuroAmount = z
  .number()
  .refine(Number.isFinite, { message: 'amount_not_finite', abort: true })
  .refine((v) => v >= 0, { message: 'amount_must_not_be_negative', abort: true })
  .refine(hasAtMostTwoDecimals, { message: 'amount_two_decimals', abort: true })
  .refine((v) => eurosToCents(v) <= MAX_AMOUNT_CENTS, { message: 'amount_too_large' })
  .transform(eurosToCents);
