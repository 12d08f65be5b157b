import type { Locale } from './messages/types';

/** Byte units in base 1024 as people read them in each language ("Bytes" is "Bayt" in Turkish). */
const UNITS: Record<Locale, readonly string[]> = {
  tr: ['Bayt', 'KB', 'MB', 'GB', 'TB'],
  en: ['Bytes', 'KB', 'MB', 'GB', 'TB'],
};
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: Locale, decimals: number): Intl.NumberFormat {
  const key = `${locale}|${decimals}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale === 'tr' ? 'tr-TR' : 'en-GB', {
      maximumFractionDigits: decimals,
      useGrouping: false,
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * The one byte formatter of every screen and answer: base 1024, at most `decimals` decimals
 * (trailing zeros dropped), the language's decimal sign and unit words: 1536 → "1,5 KB" in
 * Turkish, "1.5 KB" in English; 0 → "0 Bayt" / "0 Bytes".
 */
export function formatBytes(bytes: number, locale: Locale, decimals = 2): string {
  const units = UNITS[locale] ?? UNITS.tr;
  if (!Number.isFinite(bytes) || bytes <= 0) return `0 ${units[0]}`;
  const index = Math.max(0, Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1));
  return `${numberFormat(locale, decimals).format(bytes / 1024 ** index)} ${units[index]}`;
}

/** A language tag of a screen ('tr', 'en-GB', undefined) as one of the two languages, Turkish first. */
export const byteLocale = (language: string | undefined): Locale =>
  language?.toLowerCase().startsWith('en') ? 'en' : 'tr';
