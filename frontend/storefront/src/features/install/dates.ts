import { dateFormat, dateLocale } from '@esim/frontend-shared/format';

/** A link's expiry for people: day, month, year and time, in the screen's language and the viewer's time zone. */
export function formatDateTime(value: string, lng: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return dateFormat(dateLocale(lng), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}
