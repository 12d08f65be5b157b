/**
 * Money as the shop writes it: German style, euros, two decimals ("1.234,56 €", a no-break space
 * before the sign), exactly what Intl.NumberFormat('de-DE', EUR) prints. Written out because a
 * page's first Intl number format loads the browser's locale data in one long task.
 */
export function formatEuros(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  const euros = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, '.');
  const rest = String(whole % 100).padStart(2, '0');
  return `${cents < 0 && whole > 0 ? '-' : ''}${euros},${rest}\u00a0€`;
}

/** A euro amount (a number of euros, such as 14.99) in the same format. */
export const formatEuroAmount = (euros: number): string => formatEuros(Math.round(euros * 100));
