import { nonNegativeEuroAmount, positiveEuroAmount, translate, type Locale } from '@esim/contracts';

const TYPED = /^\d+([.,]\d+)?$/;

/** A typed price ("6,99" or "6.99") as euros, a number as it is; NaN for anything unreadable. */
export function eurosOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return Number.NaN;
  const trimmed = value.trim();
  return TYPED.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

/** A price in the field the way a Turkish or German user types it: 6.5 → "6,50". */
export function priceText(value: unknown): string {
  if (typeof value === 'number') return value.toFixed(2).replace('.', ',');
  return typeof value === 'string' ? value : '';
}

/**
 * What the catalog would say about a price, judged by the contracts' own money schemas (the
 * service parses the same ones), in the screen's language; undefined when it is fine.
 */
export function priceProblem(value: unknown, kind: 'retail' | 'cost', locale: Locale): string | undefined {
  // An empty field is react-admin's required() to report.
  if (value === '' || value === null || value === undefined) return undefined;
  const euros = eurosOf(value);
  if (Number.isNaN(euros)) return translate('amount_not_finite', locale);
  const result = (kind === 'retail' ? positiveEuroAmount : nonNegativeEuroAmount).safeParse(euros);
  return result.success ? undefined : translate(result.error.issues[0]!.message, locale);
}

const centsOf = (value: unknown) => Math.round(eurosOf(value) * 100);

/** Whether the form sets a price the saved package does not have (always, for a new package). */
export function pricesChanged(saved: Record<string, unknown> | undefined, values: Record<string, unknown>): boolean {
  if (!saved) return true;
  return (
    centsOf(values.retail_price) !== centsOf(saved.retail_price) ||
    centsOf(values.cost_price) !== centsOf(saved.cost_price)
  );
}

/** The rule across the two prices: a package is never sold below what it costs. */
export function costProblem(retail: unknown, cost: unknown, locale: Locale): string | undefined {
  const retailCents = Math.round(eurosOf(retail) * 100);
  const costCents = Math.round(eurosOf(cost) * 100);
  return Number.isFinite(retailCents) && Number.isFinite(costCents) && costCents > retailCents
    ? translate('package_cost_above_retail', locale)
    : undefined;
}
