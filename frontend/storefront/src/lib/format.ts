/** The storefront's own formats; money, data and dates come from what both front ends share. */
export { formatLongDate as formatDate } from '@esim/frontend-shared/format';

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
