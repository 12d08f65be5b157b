import { describe, expect, it } from 'vitest';
import { foldForSearch, formatBytes, formatCurrency, formatMegabytes } from './format';

describe('formatters', () => {
  it('money is de-DE EUR with two decimals', () => {
    expect(formatCurrency(24.99)).toBe('24,99\u00a0€');
    expect(formatCurrency(1234.5)).toBe('1.234,50\u00a0€');
    expect(formatCurrency(0)).toBe('0,00\u00a0€');
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

  it('search folding is case-insensitive and Turkish-aware', () => {
    expect(foldForSearch('İSTANBUL')).toBe(foldForSearch('istanbul'));
    expect(foldForSearch('TÜRKİYE')).toBe('turkiye');
    expect(foldForSearch('ITALY')).toBe('italy');
    expect(foldForSearch('Almanya ')).toBe('almanya');
  });
});
