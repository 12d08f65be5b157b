import { describe, expect, it } from 'vitest';
import { formatData, sortPackages, type PackageFacts } from '../src';

const pkg = (code: string, days: number, dataMb: number | null, cents: number) =>
  ({ code, validity_days: days, data_mb: dataMb, retail_price_cents: cents }) as PackageFacts;

describe('package display and sorting', () => {
  it('shows data in GB / MB (base 1024) or as unlimited, in the caller language', () => {
    expect(formatData(3072, 'tr')).toBe('3 GB');
    expect(formatData(1536, 'tr')).toBe('1,5 GB');
    expect(formatData(1536, 'en')).toBe('1.5 GB');
    expect(formatData(500, 'en')).toBe('500 MB');
    expect(formatData(null, 'tr')).toBe('Sınırsız');
    expect(formatData(null, 'en')).toBe('Unlimited');
  });

  it('sorts unlimited data above any allowance, and breaks ties by price then code', () => {
    const list = [
      pkg('B', 30, null, 5000),
      pkg('A', 7, 3072, 1499),
      pkg('C', 30, 10240, 3999),
      pkg('D', 30, 10240, 3999),
    ];
    expect(sortPackages(list, 'data', 'asc').map((p) => p.code)).toEqual(['A', 'C', 'D', 'B']);
    expect(sortPackages(list, 'data', 'desc').map((p) => p.code)).toEqual(['B', 'C', 'D', 'A']);
    expect(sortPackages(list, 'duration', 'desc').map((p) => p.code)).toEqual(['C', 'D', 'B', 'A']);
    expect(sortPackages(list, 'price', 'asc').map((p) => p.code)).toEqual(['A', 'C', 'D', 'B']);
  });
});
