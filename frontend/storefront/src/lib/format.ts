/** The storefront's own formats; money, data and dates come from what both front ends share. */
import { dateFormat, dateLocale } from '@esim/frontend-shared/format';

export { formatLongDate as formatDate } from '@esim/frontend-shared/format';

/** A moment (the day and the time, in Istanbul as the shop dates everything): "6 Aralık 14:05". */
export function formatMoment(value: string | null | undefined, lng: string | undefined): string {
  const date = value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return '—';
  return dateFormat(dateLocale(lng), {
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Istanbul',
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
