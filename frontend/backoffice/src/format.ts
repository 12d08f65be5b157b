/** Money, data and dates as both front ends show them; the back office's own date layouts below. */
import { dateFormat, pageLocale } from '@esim/frontend-shared/format';

export { formatBytes, formatCents, formatEuro } from '@esim/frontend-shared/format';

export const formatDate = (value: string | null | undefined, locale = pageLocale()) =>
  value
    ? dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Istanbul' }).format(
        new Date(value),
      )
    : '—';

/**
 * A day (YYYY-MM-DD, as the services send it) on a chart's axis or tooltip: "28 Eki" in Turkish,
 * "Oct 28" in English. The day is already Istanbul's, so it is formatted as is, not moved by a time zone.
 */
export const formatChartDay = (day: string, locale = pageLocale()) => {
  const at = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(at) ? day : dateFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(at);
};

/** YYYY-MM-DD of a date in Istanbul (the services count days there). */
export const istanbulDay = (date: Date) => dateFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(date);

/** A package's countries in a list cell: the first six codes, then how many more. */
export const formatCountries = (countries: unknown) =>
  Array.isArray(countries)
    ? countries.slice(0, 6).join(', ') + (countries.length > 6 ? ` +${countries.length - 6}` : '')
    : '';
