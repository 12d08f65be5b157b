import { describe, expect, it } from 'vitest';
import { formatIban, isValidIban, normalizeIban } from '../src/iban';

describe('IBANs (ISO 13616)', () => {
  it('takes IBANs whose mod 97 is 1, with or without spaces, in any case', () => {
    for (const iban of [
      'TR33 0006 1005 1978 6457 8413 26',
      'tr330006100519786457841326',
      'DE89 3704 0044 0532 0130 00',
      'GB82 WEST 1234 5698 7654 32',
      'NL91ABNA0417164300',
      'FR14 2004 1010 0505 0001 3M02 606',
      'NO93 8601 1117 947',
    ])
      expect(isValidIban(iban), iban).toBe(true);
  });

  it('refuses the placeholder, a wrong check digit, a wrong length for its country and what is no IBAN', () => {
    for (const iban of [
      'TR00 0000 0000 0000 0000 0000 00',
      'TR34 0006 1005 1978 6457 8413 26',
      'TR33 0006 1005 1978 6457 8413 2',
      'DE89 3704 0044 0532 0130 000',
      'GB82-WEST-1234-5698-7654-3X',
      '33TR 0006 1005 1978 6457 8413 26',
      'TR33',
      '',
    ])
      expect(isValidIban(iban), iban).toBe(false);
  });

  it('keeps the electronic form and prints groups of four', () => {
    expect(normalizeIban(' tr33 0006-1005 1978 6457 8413 26 ')).toBe('TR330006100519786457841326');
    expect(formatIban('TR330006100519786457841326')).toBe('TR33 0006 1005 1978 6457 8413 26');
    expect(formatIban('')).toBe('');
  });
});
