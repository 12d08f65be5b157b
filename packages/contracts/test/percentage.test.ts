import { describe, expect, it } from 'vitest';
import { applyPercentage, hasAtMostTwoDecimals, percentageToHundredths } from '../src/percentage';

const reprice = (retailCents: number, percentage: number) =>
  applyPercentage(retailCents, percentageToHundredths(percentage));

describe('percentage repricing (integer arithmetic, half-up to the cent)', () => {
  it('14.99 × 1.105 = 16.56395 → 16.56', () => {
    expect(reprice(1499, 10.5)).toBe(1656);
  });

  it('rounds an exact half cent up, also where float arithmetic rounds it down', () => {
    // 1.15 × 1.10 = 1.265 exactly, but as floats 1.2649999…: Math.round would charge 1.26.
    expect(Math.round(1.15 * (1 + 10 / 100) * 100)).toBe(126);
    expect(reprice(115, 10)).toBe(127);
    expect(reprice(1499, 50)).toBe(2249); // 22.485 → 22.49
    expect(reprice(1000, 0.05)).toBe(1001); // 10.005 → 10.01
    expect(reprice(1001, -50)).toBe(501); // 5.005 → 5.01
    expect(reprice(999, 0.01)).toBe(999); // 9.990999 → 9.99
  });

  it('handles discounts, zero and the extremes', () => {
    expect(reprice(2499, 0)).toBe(2499);
    expect(reprice(2499, -10)).toBe(2249); // 22.491 → 22.49
    expect(reprice(3999, -100)).toBe(0);
    expect(reprice(3999, 1000)).toBe(43989);
    expect(reprice(10_000_000_000, 999.99)).toBe(109_999_000_000);
  });

  it('accepts at most two decimals and refuses nonsense', () => {
    expect(hasAtMostTwoDecimals(10.5)).toBe(true);
    expect(hasAtMostTwoDecimals(10.55)).toBe(true);
    expect(hasAtMostTwoDecimals(10.555)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.NaN)).toBe(false);
    expect(() => applyPercentage(1499, -10_001)).toThrow(RangeError);
    expect(() => applyPercentage(14.99, 10)).toThrow(RangeError);
  });
});
