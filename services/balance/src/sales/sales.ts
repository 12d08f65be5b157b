import { BUSINESS_TIME_ZONE, istanbulDate, istanbulDaySql, istanbulMonthStart } from '@esim/platform';
import type { Knex } from 'knex';
import type { AdminSales } from '@esim/contracts';

/** The sales chart's period: the last 30 Istanbul days, today included. */
export const SALES_CHART_DAYS = 30;

type Figure = AdminSales['today'];
const empty = (): Figure => ({ esim_cents: 0, esim_count: 0, plus_cents: 0, plus_count: 0, total_cents: 0 });

function add(into: Figure, kind: string, cents: number, count: number): void {
  if (kind === 'esim') {
    into.esim_cents += cents;
    into.esim_count += count;
  } else {
    into.plus_cents += cents;
    into.plus_count += count;
  }
  into.total_cents += cents;
}

const shiftDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Sales are the captured holds of orders (a hold is captured when its eSIM order completes or its
 * Plus order is approved), dated by the capture and told apart by the order copy kept from the
 * order events; refunds are not taken off, as the screen shows what was sold.
 */
export async function adminSales(db: Knex, now = new Date()): Promise<AdminSales> {
  const today = istanbulDate(now);
  const monthStart = istanbulMonthStart(now);
  const chartStart = shiftDays(today, -(SALES_CHART_DAYS - 1));
  const from = monthStart < chartStart ? monthStart : chartStart;
  const rows = (await db('holds as h')
    // holds.order_id compares byte-wise (COLLATE "C"); the order copy's column takes the same collation here.
    .joinRaw('JOIN orders AS o ON o.order_id COLLATE "C" = h.order_id')
    .where('h.status', 'captured')
    .whereRaw(`h.resolved_at >= (?::date)::timestamp AT TIME ZONE '${BUSINESS_TIME_ZONE}'`, [from])
    .groupByRaw(`${istanbulDaySql('h.resolved_at')}, o.kind`)
    .select(
      db.raw(`${istanbulDaySql('h.resolved_at')} AS date`),
      'o.kind',
      db.raw('sum(h.amount)::bigint AS cents'),
      db.raw('count(*)::int AS count'),
    )) as Array<{
    date: string;
    kind: string;
    cents: string | number;
    count: number;
  }>;

  const days = new Map<string, Figure>();
  for (let date = chartStart; date <= today; date = shiftDays(date, 1)) days.set(date, empty());
  const todayFigure = empty();
  const monthFigure = empty();
  for (const row of rows) {
    const cents = Number(row.cents);
    if (row.date > today) continue;
    const day = days.get(row.date);
    if (day) add(day, row.kind, cents, row.count);
    if (row.date === today) add(todayFigure, row.kind, cents, row.count);
    if (row.date >= monthStart) add(monthFigure, row.kind, cents, row.count);
  }
  return {
    today: todayFigure,
    this_month: monthFigure,
    start_date: chartStart,
    end_date: today,
    by_day: [...days].map(([date, figure]) => ({ date, ...figure })),
  };
}
