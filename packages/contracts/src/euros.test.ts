import { describe, expect, it } from 'vitest';
import { formatEuroAmount, formatEuros } from './euros';

const intl = new Intl.NumberFormat('de-DE', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

describe('money as the shop writes it', () => {
  it('prints what Intl de-DE EUR prints, for cents from small to millions, negative too', () => {
    const samples = [0, 1, 9, 10, 99, 100, 101, 1499, 99_999, 100_000, 123_456, 9_999_999, 123_456_789, 9_999_999_999];
    for (const cents of [...samples, ...samples.filter(Boolean).map((c) => -c)]) {
      expect(formatEuros(cents), String(cents)).toBe(intl.format(cents / 100));
    }
    for (let cents = 0; cents < 200_000; cents += 7_919) expect(formatEuros(cents)).toBe(intl.format(cents / 100));
  });

  it('takes euro amounts with float noise (14.99 is 1498.999… cents)', () => {
    expect(formatEuroAmount(14.99)).toBe('14,99\u00a0€');
    expect(formatEuroAmount(0.1 + 0.2)).toBe('0,30\u00a0€');
    expect(formatEuroAmount(1234.5)).toBe('1.234,50\u00a0€');
    expect(formatEuroAmount(-24.99)).toBe(intl.format(-24.99));
  });

  it('writes no minus for zero', () => {
    expect(formatEuros(-0)).toBe('0,00\u00a0€');
    expect(formatEuroAmount(-0.001)).toBe('0,00\u00a0€');
  });
});
