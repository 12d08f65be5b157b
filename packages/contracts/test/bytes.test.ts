import { describe, expect, it } from 'vitest';
import { byteLocale, formatBytes } from '../src/bytes';

describe('the one byte formatter', () => {
  it('base 1024, at most two decimals, trailing zeros dropped, in each language’s words', () => {
    expect(formatBytes(0, 'tr')).toBe('0 Bayt');
    expect(formatBytes(0, 'en')).toBe('0 Bytes');
    expect(formatBytes(512, 'tr')).toBe('512 Bayt');
    expect(formatBytes(1536, 'tr')).toBe('1,5 KB');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(1234567, 'tr')).toBe('1,18 MB');
    expect(formatBytes(5 * 1024 ** 3, 'en')).toBe('5 GB');
    expect(formatBytes(3 * 1024 ** 5, 'en')).toBe('3072 TB');
    expect(formatBytes(-5, 'tr')).toBe('0 Bayt');
    expect(formatBytes(Number.NaN, 'en')).toBe('0 Bytes');
  });

  it('a screen’s language tag picks the words, Turkish when unknown', () => {
    expect([byteLocale('en-GB'), byteLocale('EN'), byteLocale('tr'), byteLocale(undefined), byteLocale('de')]).toEqual([
      'en',
      'en',
      'tr',
      'tr',
      'tr',
    ]);
  });
});
