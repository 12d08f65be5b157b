import { byteLocale, formatBytes as contractFormatBytes, formatEuroAmount, formatEuros } from '@esim/contracts';

/** Money is shown de-DE in euros with two decimals, data in base 1024 (docs/product.md). */
export function formatEuro(amount: number | null | undefined): string {
  return amount === null || amount === undefined ? '—' : formatEuroAmount(amount);
}

export const formatCents = (cents: number | null | undefined): string =>
  cents === null || cents === undefined ? '—' : formatEuros(cents);

/** The language the page shows (both apps keep <html lang> in step), Turkish until one is known. */
export const pageLocale = () => (typeof document !== 'undefined' && document.documentElement.lang) || 'tr';

/** Bytes in a language's words and decimals (contracts' formatBytes, as the e-mails write them). */
export function formatBytes(bytes: number | null | undefined, locale: string | undefined = pageLocale()): string {
  return bytes === null || bytes === undefined ? '—' : contractFormatBytes(bytes, byteLocale(locale));
}

/** Megabytes (what the balance check and usage reports count) shown in the largest fitting unit. */
export const formatMegabytes = (mb: number, locale?: string): string => formatBytes(mb * 1024 * 1024, locale);

/** The locale dates are written in: British English for English, Turkey's Turkish otherwise. */
export const dateLocale = (lng: string | undefined): string => (lng?.startsWith('en') ? 'en-GB' : 'tr-TR');

// One formatter per locale and options, made on first use: building one costs far more than using one, and a list formats a date per row.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The date formatter for a locale and options, built once. */
export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

/** A date (ISO string) as a day, month and year in the language's words; a missing or broken one as a dash. */
export function formatLongDate(value: string | null | undefined, lng: string | undefined): string {
  const date = value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return '—';
  return dateFormat(dateLocale(lng), { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}
