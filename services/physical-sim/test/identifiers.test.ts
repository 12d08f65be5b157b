import { describe, expect, it } from 'vitest';
import {
  eidProblem,
  eidWithCheck,
  iccidProblem,
  iccidWithCheck,
  luhnValid,
  mod97,
  serialProblem,
  uuidV7Batch,
} from '../src/cards/identifiers';

/** The fast checks against their plain definitions (a regex, BigInt arithmetic) on many values. */
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

describe('card identifier checks', () => {
  it('mod97 equals BigInt arithmetic for 1 to 40 digits', () => {
    for (let i = 0; i < 2000; i += 1) {
      const value = digits(1 + (i % 40));
      expect(mod97(value), value).toBe(Number(BigInt(value) % 97n));
    }
    expect(mod97('9'.repeat(32))).toBe(Number(BigInt('9'.repeat(32)) % 97n));
  });

  it('EIDs: 32 digits with mod 97 = 1, anything else named', () => {
    for (let i = 0; i < 500; i += 1) {
      const eid = eidWithCheck(`89${digits(28)}`);
      expect(eidProblem(eid)).toBeNull();
      const wrong = eid.slice(0, 31) + String((Number(eid[31]) + 1) % 10);
      expect(eidProblem(wrong)).toBe('eid_checksum');
    }
    for (const bad of [
      '',
      '8904903200000000000000000000001',
      `${'8'.repeat(31)}a`,
      `${'8'.repeat(32)}1`,
      ' '.repeat(32),
      '８'.repeat(32),
    ])
      expect(eidProblem(bad), bad).toBe('eid_format');
  });

  it('ICCIDs: 19 or 20 digits, 89 first, Luhn-valid', () => {
    for (let i = 0; i < 500; i += 1) {
      const iccid = iccidWithCheck(`89${digits(16 + (i % 2))}`);
      expect(iccidProblem(iccid)).toBeNull();
      expect(luhnValid(iccid)).toBe(true);
      expect(iccidProblem(iccid.slice(0, -1) + String((Number(iccid.at(-1)) + 1) % 10))).toBe('iccid_luhn');
    }
    expect(iccidProblem('1234567890123456789')).toBe('iccid_prefix');
    for (const bad of [
      '',
      '89',
      '8'.repeat(18),
      '8'.repeat(21),
      `89${'0'.repeat(16)}x`,
      `89${'0'.repeat(16)}-`,
      '٨٩'.padEnd(19, '0'),
    ])
      expect(iccidProblem(bad), bad).toBe('iccid_format');
  });

  it('serial numbers: 6 to 32 digits', () => {
    for (let n = 0; n <= 40; n += 1)
      expect(serialProblem('7'.repeat(n))).toBe(n >= 6 && n <= 32 ? null : 'serial_format');
    for (const bad of ['12345a', ' 123456', '123456 ', '+123456', '1e6000'])
      expect(serialProblem(bad), bad).toBe('serial_format');
  });
});

describe('uuidV7Batch', () => {
  it('makes valid version-7 UUIDs, strictly rising, carrying the time', () => {
    const now = Date.UTC(2026, 10, 23, 12, 0, 0, 123);
    for (let round = 0; round < 3; round += 1) {
      const ids = uuidV7Batch(5000, now);
      expect(new Set(ids).size).toBe(5000);
      for (let k = 0; k < ids.length; k += 1) {
        expect(ids[k]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        if (k > 0) expect(ids[k]! > ids[k - 1]!).toBe(true);
        expect(parseInt(ids[k]!.replace(/-/g, '').slice(0, 12), 16)).toBe(now);
      }
    }
  });
});
