/** Money and data formats of the spec (section 9): de-DE EUR with 2 decimals, bytes base 1024. */
// Made on first use: building a formatter loads locale data, a long task on a slow phone at start-up.
let euro: Intl.NumberFormat | undefined;

export function formatCurrency(amount: number): string {
  euro ??= new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return euro.format(amount);
}

const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * 1536 → "1.5 KB"; 0 → "0 Bytes" (2 decimals at most, trailing zeros dropped). With a language,
 * its words and decimal comma: Turkish says "1,5 KB" and "0 Bayt".
 */
export function formatBytes(bytes: number, decimals = 2, lng?: string): string {
  const unitOf = (index: number) => (index === 0 && lng === 'tr' ? 'Bayt' : UNITS[index]);
  if (!Number.isFinite(bytes) || bytes <= 0) return `0 ${unitOf(0)}`;
  const index = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  const value = Number.parseFloat((bytes / 1024 ** index).toFixed(decimals));
  const number = lng ? value.toLocaleString(lng === 'tr' ? 'tr-TR' : 'en-GB', { maximumFractionDigits: decimals, useGrouping: false }) : String(value);
  return `${number} ${unitOf(index)}`;
}

/** Megabytes (the balance check's unit) shown in GB by dividing by 1024. */
export function formatMegabytes(mb: number, lng?: string): string {
  return formatBytes(mb * 1024 * 1024, 2, lng);
}

export function formatDate(value: string | null | undefined, lng: string): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(lng === 'en' ? 'en-GB' : 'tr-TR', { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
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
