import type { InvoiceLine } from '../port';

/** a / b rounded half up, for non-negative integers, with no float in between. */
export const divRound = (a: number, b: number) => Math.floor((2 * a + b) / (2 * b));

/**
 * The net of a VAT-included line total, in cents: the net whose VAT (rounded to the cent, as an
 * e-invoice line carries it) adds back up to the gross. Some grosses have no such net (9.99 € at
 * 20 %: 8.32 + 1.66 or 8.33 + 1.67); they get the nearest one, and the invoice differs by a cent.
 */
export function splitGross(grossCents: number, vatRate: number): { netCents: number; vatCents: number } {
  const base = Math.floor((grossCents * 100) / (100 + vatRate));
  for (const net of [base, base + 1, base - 1]) {
    if (net < 0) continue;
    const vat = divRound(net * vatRate, 100);
    if (net + vat === grossCents) return { netCents: net, vatCents: vat };
  }
  const net = divRound(grossCents * 100, 100 + vatRate);
  return { netCents: net, vatCents: divRound(net * vatRate, 100) };
}

/** Ten-thousandths of a euro as the decimal Paraşüt takes (8.325 for 83250). */
const decimal4 = (tenThousandths: number) =>
  Number(`${Math.floor(tenThousandths / 10_000)}.${String(tenThousandths % 10_000).padStart(4, '0')}`);

export interface ParasutLine {
  description: string;
  quantity: number;
  /** One unit's price net of VAT, in euros with up to four decimals: quantity × it rounds back to the line's net cents. */
  unitPrice: number;
  vatRate: number;
  netCents: number;
  vatCents: number;
}

/** Our VAT-included lines as Paraşüt's net-priced ones, with the totals they add up to. */
export function parasutLines(lines: InvoiceLine[]): { lines: ParasutLine[]; grossCents: number; vatCents: number } {
  let grossCents = 0;
  let vatCents = 0;
  const out = lines.map((line) => {
    const gross = line.unitPriceCents * line.quantity;
    const { netCents, vatCents: vat } = splitGross(gross, line.vatRate);
    grossCents += netCents + vat;
    vatCents += vat;
    return {
      description: line.description,
      quantity: line.quantity,
      // Four decimals keep quantity × price within half a cent of the net for any quantity under 100
      // (larger ones whose net does not divide may land a cent off: Paraşüt's figures then stand, logged).
      unitPrice: decimal4(divRound(netCents * 100, line.quantity)),
      vatRate: line.vatRate,
      netCents,
      vatCents: vat,
    };
  });
  return { lines: out, grossCents, vatCents };
}

/** Paraşüt's decimal amounts ("12.50", "12.5", 12.5) as cents, read as text so no float rounds them. */
export function centsOf(value: unknown): number | null {
  const text = typeof value === 'number' ? value.toFixed(2) : typeof value === 'string' ? value.trim() : '';
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const fraction = (match[3] ?? '').padEnd(3, '0');
  const cents = Number(match[2]) * 100 + Number(fraction.slice(0, 2)) + (Number(fraction[2]) >= 5 ? 1 : 0);
  return match[1] ? -cents : cents;
}
