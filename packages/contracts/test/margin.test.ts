import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MARGIN_RULE,
  marginRuleBody,
  marginRuleOf,
  priceFromCost,
  roundPrice,
  supplierOffersSyncBody,
} from '../src/index';

describe('the margin rule', () => {
  it('rounds up as prices are shown: x,99, x,49 or x,99, whole euros, or the cent; never to 0', () => {
    expect([612, 699, 700, 1, 0].map((cents) => roundPrice(cents, 'x99'))).toEqual([699, 699, 799, 99, 99]);
    expect([612, 649, 650, 699, 700].map((cents) => roundPrice(cents, 'x49_x99'))).toEqual([649, 649, 699, 699, 749]);
    expect([612, 700, 701, 0].map((cents) => roundPrice(cents, 'whole_euro'))).toEqual([700, 700, 800, 100]);
    expect([612, 0].map((cents) => roundPrice(cents, 'none'))).toEqual([612, 1]);
  });

  it('prices from cost: a percentage (half-up to the cent) or a fixed amount, then the rounding', () => {
    // The default: 30 % over 4,20 € is 5,46 €, shown as 5,99 €.
    expect(priceFromCost(420, DEFAULT_MARGIN_RULE)).toBe(599);
    // 12,5 % over 4,20 € is 4,725 €: 4,73 € to the cent.
    expect(priceFromCost(420, { kind: 'percent', value: 1250, rounding: 'none' })).toBe(473);
    expect(priceFromCost(420, { kind: 'fixed', value: 250, rounding: 'x49_x99' })).toBe(699);
    expect(priceFromCost(1999, { kind: 'percent', value: 0, rounding: 'x99' })).toBe(1999);
  });

  it('reads the wire rule into integer units and refuses bad values by field', () => {
    expect(marginRuleBody.parse({ kind: 'percent', value: 12.5, rounding: 'x99' })).toEqual({
      kind: 'percent',
      value: 1250,
      rounding: 'x99',
    });
    expect(marginRuleBody.parse({ kind: 'fixed', value: 2.5, rounding: 'none' }).value).toBe(250);
    expect(marginRuleOf({ kind: 'fixed', value: 2.5, rounding: 'none' })).toEqual({
      kind: 'fixed',
      value: 250,
      rounding: 'none',
    });
    const issues = (body: unknown) =>
      marginRuleBody.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ kind: 'percent', value: -1, rounding: 'x99' })).toEqual([['value', 'margin_value_negative']]);
    expect(issues({ kind: 'percent', value: 1000.5, rounding: 'x99' })).toEqual([
      ['value', 'margin_percent_too_large'],
    ]);
    expect(issues({ kind: 'fixed', value: 1000.01, rounding: 'x99' })).toEqual([['value', 'margin_fixed_too_large']]);
  });
});

describe('the supplier sync body', () => {
  it('upper-cases, sorts and deduplicates countries, and names a duplicate offer by its index', () => {
    const offer = { name: 'X', data_mb: null, validity_days: 7, net_cost_cents: 100, top_up: false };
    const parsed = supplierOffersSyncBody.parse({
      supplier: 'airalo',
      synced_at: '2026-12-01T10:00:00+03:00',
      offers: [{ ...offer, supplier_package_id: 'a', countries: ['tr', 'DE', 'TR'] }],
    });
    expect(parsed.offers[0]!.countries).toEqual(['DE', 'TR']);
    const duplicate = supplierOffersSyncBody.safeParse({
      supplier: 'airalo',
      synced_at: '2026-12-01T10:00:00Z',
      offers: [
        { ...offer, supplier_package_id: 'a', countries: ['TR'] },
        { ...offer, supplier_package_id: 'a', countries: ['TR'] },
      ],
    });
    expect(duplicate.error?.issues.map((i) => i.path.join('.'))).toEqual(['offers.1.supplier_package_id']);
  });
});
