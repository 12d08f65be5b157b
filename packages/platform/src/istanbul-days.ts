import type { Knex } from 'knex';

/**
 * Dates on the screens are calendar days in Türkiye (Europe/Istanbul), inclusive at both
 * ends: an entry at 23:30 UTC on the 1st happened at 02:30 on the 2nd there, so it is the 2nd's.
 * PostgreSQL's time-zone database does the conversion, so the rule stays right if the zone changes.
 */
export const BUSINESS_TIME_ZONE = 'Europe/Istanbul';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Istanbul as YYYY-MM-DD. */
export function istanbulDate(at: Date = new Date()): string {
  return dayFormat.format(at);
}

/** The first day of the Istanbul month `at` falls in, as YYYY-MM-DD. */
export function istanbulMonthStart(at: Date = new Date()): string {
  return `${istanbulDate(at).slice(0, 8)}01`;
}

/** Restricts `column` to the Istanbul calendar days from `start` to `end`, both inclusive (either may be absent). */
export function whereIstanbulDays<T extends Knex.QueryBuilder>(
  query: T,
  column: string,
  start?: string,
  end?: string,
): T {
  if (start) query.whereRaw(`?? >= (?::date)::timestamp AT TIME ZONE '${BUSINESS_TIME_ZONE}'`, [column, start]);
  if (end) query.whereRaw(`?? < ((?::date) + 1)::timestamp AT TIME ZONE '${BUSINESS_TIME_ZONE}'`, [column, end]);
  return query;
}

/** SQL for the Istanbul calendar day of a timestamp column, as text YYYY-MM-DD. */
export const istanbulDaySql = (column: string) =>
  `to_char(${column} AT TIME ZONE '${BUSINESS_TIME_ZONE}', 'YYYY-MM-DD')`;

/** SQL for a timestamp column as Istanbul wall-clock time, for CSV and reports: YYYY-MM-DD HH24:MI. */
export const istanbulTimeSql = (column: string) =>
  `to_char(${column} AT TIME ZONE '${BUSINESS_TIME_ZONE}', 'YYYY-MM-DD HH24:MI')`;
