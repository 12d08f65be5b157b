/** Money is shown de-DE in euros, data in base 1024 (docs/product.md). */
const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
export const formatEuro = (value: number | null | undefined) => (value === null || value === undefined ? '—' : euro.format(value));
export const formatCents = (cents: number | null | undefined) => (cents === null || cents === undefined ? '—' : euro.format(cents / 100));

/** The language the app shows (the i18n provider keeps <html lang> in step). */
const pageLocale = () => (typeof document !== 'undefined' && document.documentElement.lang) || 'tr';

export function formatBytes(bytes: number | null | undefined, locale = pageLocale()): string {
  if (bytes === null || bytes === undefined) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit >= 3 ? 2 : 0 }).format(value)} ${units[unit]}`;
}

export const formatDate = (value: string | null | undefined, locale = pageLocale()) =>
  value ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Istanbul' }).format(new Date(value)) : '—';

/** YYYY-MM-DD of a date in Istanbul (the services count days there). */
export const istanbulDay = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(date);
