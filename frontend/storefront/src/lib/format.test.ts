import { describe, expect, it } from 'vitest';
import { foldForSearch } from './format';

describe('formatters', () => {
  it('search folding is case-insensitive and Turkish-aware', () => {
    expect(foldForSearch('İSTANBUL')).toBe(foldForSearch('istanbul'));
    expect(foldForSearch('TÜRKİYE')).toBe('turkiye');
    expect(foldForSearch('ITALY')).toBe('italy');
    expect(foldForSearch('Almanya ')).toBe('almanya');
  });
});
