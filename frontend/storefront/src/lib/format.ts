/** Money and data formats of the spec (section 9): de-DE EUR with 2 decimals, bytes base 1024. */
import { byteLocale, formatBytes as sharedFormatBytes } from '@esim/contracts';
// Made on first use: building a formatter loads locale data, a long task on a slow phone at start-up.
let euro: Intl.NumberFormat | undefined;

export function formatCurrency(amount: number): string {
  euro ??= new Intl.NumberFormat('de-DE', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return euro.format(amount);
}

/** Bytes for people in the screen's language (one formatter for every screen: contracts' formatBytes). */
export function formatBytes(bytes: number, lng: string | undefined): string {
  return sharedFormatBytes(bytes, byteLocale(lng));
}

/** Megabytes (the balance check's unit) shown in GB by dividing by 1024. */
export function formatMegabytes(mb: number, lng: string | undefined): string {
  return formatBytes(mb * 1024 * 1024, lng);
}

export function formatDate(value: string | null | undefined, lng: string): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(lng === 'en' ? 'en-GB' : 'tr-TR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);
}

/**
 * Case-insensitive, Turkish-aware folding for search: 'İstanbul', 'istanbul' and 'ISTANBUL' match,
 * as do 'Türkiye' and 'turkiye'.
 */
export function foldForSearch(text: string): string {
  return text
    .replace(/İ/g, 'i')
    .replace(/I/g, 'ı')
    .toLocaleLowerCase('tr')
    .replace(/ı/g, 'i')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim();
}
