import { describe, expect, it } from 'vitest';
import { dateFormat, formatBytes, formatCents, formatEuro, formatLongDate, formatMegabytes } from './format';

describe('the formats both front ends show', () => {
  it('money is de-DE EUR with two decimals', () => {
    expect(formatEuro(24.99)).toBe('24,99\u00a0€');
    expect(formatEuro(1234.5)).toBe('1.234,50\u00a0€');
    expect(formatEuro(0)).toBe('0,00\u00a0€');
  });

  it('bytes are base 1024 with Bytes, KB, MB, GB, TB and two decimals', () => {
    expect(formatBytes(0, 'en')).toBe('0 Bytes');
    expect(formatBytes(512, 'en')).toBe('512 Bytes');
    expect(formatBytes(1024, 'en')).toBe('1 KB');
    expect(formatBytes(1536, 'en-GB')).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 ** 3, 'en')).toBe('5 GB');
    expect(formatBytes(1234567, 'en')).toBe('1.18 MB');
    expect(formatBytes(3 * 1024 ** 4, 'en')).toBe('3 TB');
  });

  it('in Turkish, bytes use its words and decimal comma (no English "Bytes"), also when the language is not known yet', () => {
    expect(formatBytes(0, 'tr')).toBe('0 Bayt');
    expect(formatBytes(512, 'tr')).toBe('512 Bayt');
    expect(formatBytes(1536, 'tr')).toBe('1,5 KB');
    expect(formatBytes(1234567, 'tr')).toBe('1,18 MB');
    expect(formatBytes(512, undefined)).toBe('512 Bayt');
    expect(formatMegabytes(0, 'tr')).toBe('0 Bayt');
    expect(formatMegabytes(1536, 'tr')).toBe('1,5 GB');
  });

  it('balance-check megabytes show in GB by dividing by 1024', () => {
    expect(formatMegabytes(10240, 'tr')).toBe('10 GB');
    expect(formatMegabytes(512, 'en')).toBe('512 MB');
  });

  it('cents are shown as euros, and a missing figure as a dash', () => {
    expect(formatCents(123450)).toBe('1.234,50\u00a0€');
    expect(formatCents(null)).toBe('—');
    expect(formatEuro(undefined)).toBe('—');
    expect(formatBytes(null, 'tr')).toBe('—');
  });

  it('dates are tr-TR or en-GB day, month and year; a missing or broken one is a dash', () => {
    expect(formatLongDate('2026-03-05T10:00:00Z', 'tr')).toBe('5 Mart 2026');
    expect(formatLongDate('2026-03-05T10:00:00Z', 'en')).toBe('5 March 2026');
    expect(formatLongDate(null, 'tr')).toBe('—');
    expect(formatLongDate('not a date', 'en')).toBe('—');
  });

  it('a date formatter is built once per locale and options', () => {
    const options = { day: 'numeric', month: 'short' } as const;
    expect(dateFormat('tr', options)).toBe(dateFormat('tr', { ...options }));
    expect(dateFormat('en', options)).not.toBe(dateFormat('tr', options));
  });
});
