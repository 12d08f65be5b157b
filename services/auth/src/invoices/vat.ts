import type { InvoiceLine } from './port';

/** The VAT inside a VAT-included amount at `rate` percent, in whole cents (half a cent rounds up). */
export function vatIncluded(totalCents: number, rate: number): number {
  return Math.round((totalCents * rate) / (100 + rate));
}

export const lineTotal = (line: InvoiceLine): number => line.unitPriceCents * line.quantity;

/** A document's total and VAT: each line's VAT rounded on its own, as the printed lines show it. */
export function totalsOf(lines: InvoiceLine[]): { totalCents: number; vatCents: number } {
  return lines.reduce(
    (sum, line) => ({
      totalCents: sum.totalCents + lineTotal(line),
      vatCents: sum.vatCents + vatIncluded(lineTotal(line), line.vatRate),
    }),
    { totalCents: 0, vatCents: 0 },
  );
}
