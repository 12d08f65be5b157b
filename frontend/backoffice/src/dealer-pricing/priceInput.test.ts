import { describe, expect, it } from 'vitest';
import { parsePercentage, parsePriceCents, priceInputText, priceWarning } from './priceInput';

describe('price fields', () => {
  it('a saved price comes back the way it was typed: "10,50", not "10.5"', () => {
    expect(priceInputText(10.5)).toBe('10,50');
    expect(priceInputText(1234.5)).toBe('1234,50');
    expect(priceInputText(null)).toBe('');
    for (const typed of ['10,50', '0,01', '1234,99', '7,00'])
      expect(priceInputText((parsePriceCents(typed) as number) / 100)).toBe(typed);
  });

  it('reads comma and dot decimals into exact cents and refuses the rest', () => {
    expect(parsePriceCents('10,50')).toBe(1050);
    expect(parsePriceCents(' 10.5 ')).toBe(1050);
    expect(parsePriceCents('19,99')).toBe(1999);
    expect(parsePriceCents('')).toBeNull();
    for (const bad of ['0', '0,00', '1,234', '-1', '1e3', 'abc', '10,5,0'])
      expect(parsePriceCents(bad), bad).toBe('invalid');
  });

  it('reads percentages in hundredths within the catalog’s range', () => {
    expect(parsePercentage('10,5')).toBe(1050);
    expect(parsePercentage('-100')).toBe(-10000);
    expect(parsePercentage('+7.25')).toBe(725);
    expect(parsePercentage('-100,01')).toBe('invalid');
    expect(parsePercentage('1000,01')).toBe('invalid');
    expect(parsePercentage('5,555')).toBe('invalid');
  });

  it('warns below cost and far above the list price', () => {
    const row = { base_price: 10, cost_price: 6 };
    expect(priceWarning(599, row)).toBe('below_cost');
    expect(priceWarning(600, row)).toBeNull();
    expect(priceWarning(1500, row)).toBeNull();
    expect(priceWarning(1501, row)).toBe('far_above_retail');
    expect(priceWarning(100, { base_price: 10 })).toBeNull();
  });
});
