import { byteLocale, formatBytes as sharedFormatBytes } from '@esim/contracts';
/** Money is shown de-DE in euros, data in base 1024 (docs/product.md). */
const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
export const formatEuro = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : euro.format(value);
export const formatCents = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '—' : euro.format(cents / 100);

/** The language the app shows (the i18n provider keeps <html lang> in step). */
const pageLocale = () => (typeof document !== 'undefined' && document.documentElement.lang) || 'tr';

/** Bytes in the screen's language (the one formatter of both front ends: contracts' formatBytes). */
export function formatBytes(bytes: number | null | undefined, locale = pageLocale()): string {
  return bytes === null || bytes === undefined ? '—' : sharedFormatBytes(bytes, byteLocale(locale));
}

/** One formatter per language and kind: building an Intl.DateTimeFormat costs far more than using one, and a list formats a date per row. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(
  locale: string,
  kind: 'date' | 'day' | 'istanbul-day',
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${kind}:${locale}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

export const formatDate = (value: string | null | undefined, locale = pageLocale()) =>
  value
    ? dateFormat(locale, 'date', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Istanbul' }).format(
        new Date(value),
      )
    : '—';

/**
 * A day (YYYY-MM-DD, as the services send it) on a chart's axis or tooltip: "28 Eki" in Turkish,
 * "Oct 28" in English. The day is already Istanbul's, so it is formatted as is, not moved by a time zone.
 */
export const formatChartDay = (day: string, locale = pageLocale()) => {
  const at = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(at)
    ? day
    : dateFormat(locale, 'day', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(at);
};

/** YYYY-MM-DD of a date in Istanbul (the services count days there). */
export const istanbulDay = (date: Date) =>
  dateFormat('en-CA', 'istanbul-day', { timeZone: 'Europe/Istanbul' }).format(date);
