import { MAX_PERCENTAGE, MIN_PERCENTAGE, percentageToHundredths } from '@esim/contracts';

const PRICE = /^\d+([.,]\d{1,2})?$/;
const PERCENT = /^[+-]?\d+([.,]\d{1,2})?$/;

/** A typed price ("10,50" or "10.50") in cents; empty is no price (the list price applies), anything else 'invalid'. */
export function parsePriceCents(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!PRICE.test(trimmed)) return 'invalid';
  const [whole, fraction = ''] = trimmed.split(/[.,]/);
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return cents >= 1 && Number.isSafeInteger(cents) ? cents : 'invalid';
}

const inputNumber = new Intl.NumberFormat('de-DE', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
});

/** A price as the field shows it, the way a Turkish or German user types it: 10.5 → "10,50". */
export function priceInputText(euros: number | null | undefined): string {
  return euros === null || euros === undefined ? '' : inputNumber.format(euros);
}

/** A typed percentage ("-10", "+7,5") in hundredths of a percent, within what the catalog accepts; else 'invalid'. */
export function parsePercentage(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!PERCENT.test(trimmed)) return 'invalid';
  const value = Number(trimmed.replace(',', '.'));
  return value >= MIN_PERCENTAGE && value <= MAX_PERCENTAGE ? percentageToHundredths(value) : 'invalid';
}

/** A price far above the list price is more likely a typo (an extra digit) than a decision: warn above this factor. */
export const FAR_ABOVE_RETAIL_FACTOR = 1.5;

export type PriceWarning = 'below_cost' | 'far_above_retail';

/** What an admin should look at twice before saving a dealer price; costs are known to admins only. */
export function priceWarning(
  priceCents: number | null,
  row: { base_price: number; cost_price?: number },
): PriceWarning | null {
  if (priceCents === null) return null;
  if (row.cost_price !== undefined && priceCents < Math.round(row.cost_price * 100)) return 'below_cost';
  if (priceCents > Math.round(row.base_price * 100) * FAR_ABOVE_RETAIL_FACTOR) return 'far_above_retail';
  return null;
}
