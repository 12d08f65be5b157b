import type { Knex } from 'knex';
import {
  centsToEuros,
  translate,
  type ListQuery,
  type Locale,
  type UserBalance,
  type UserSpend,
} from '@esim/contracts';
import {
  containsPattern,
  istanbulDate,
  istanbulDaySql,
  istanbulMonthStart,
  sortColumn,
  whereIstanbulDays,
} from '@esim/platform';
import { creditAvailable, creditLimits } from '../dealer-money/credit';
import { accountsByKey, receivable, spendable } from '../ledger/accounts';
import type { TransferKind } from '../ledger/transfers';

export type { UserBalance };

export async function userBalance(db: Knex, userId: string): Promise<UserBalance> {
  const [accounts, limits] = await Promise.all([
    accountsByKey(db, [spendable(userId).key, receivable(userId).key]),
    creditLimits(db, [userId]),
  ]);
  const account = accounts.get(spendable(userId).key);
  const balance = account?.balance ?? 0;
  const held = account?.held ?? 0;
  return {
    credit_available_cents: creditAvailable(
      limits.get(userId) ?? 0,
      -(accounts.get(receivable(userId).key)?.balance ?? 0),
    ),
    balance: centsToEuros(balance),
    balance_cents: balance,
    available: centsToEuros(balance - held),
    available_cents: balance - held,
    held_cents: held,
    currency: 'EUR',
  };
}

export interface Transaction {
  id: number;
  type: TransferKind;
  /** Localised label of the type. */
  description: string;
  direction: 'in' | 'out';
  /** Signed: money in is positive, money out negative. */
  amount: number;
  amount_cents: number;
  balance_after: number;
  balance_after_cents: number;
  reference: string | null;
  created_at: string;
}

export interface TransactionFilter {
  startDate?: string;
  endDate?: string;
  type?: TransferKind;
  /** react-admin's getMany: only these transfers. */
  ids?: string[];
  /** Text anywhere in the transfer's reference (an order, deposit or collection it belongs to). */
  search?: string;
}

const SORTABLE = { created_at: 'e.created_at', date: 'e.created_at', amount: 'e.amount', type: 't.kind', id: 'e.id' };

/** One page of the movements of the caller's spendable balance, newest first; dates are Istanbul days, inclusive. */
export async function userTransactions(
  db: Knex,
  userId: string,
  query: ListQuery,
  filter: TransactionFilter,
  locale: Locale,
) {
  const account = (await accountsByKey(db, [spendable(userId).key])).get(spendable(userId).key);
  if (!account) return { items: [] as Transaction[], total: 0 };
  const base = () => {
    const q = db('entries as e').join('transfers as t', 't.id', 'e.transfer_id').where('e.account_id', account.id);
    if (filter.type) q.where('t.kind', filter.type);
    if (filter.ids) q.whereIn('t.id', filter.ids);
    if (filter.search) q.whereILike('t.reference', containsPattern(filter.search));
    return whereIstanbulDays(q, 'e.created_at', filter.startDate, filter.endDate);
  };
  const { column, order } = sortColumn(query, SORTABLE, { column: 'e.created_at', order: 'DESC' });
  const [counted] = (await base().count({ total: '*' })) as Array<{ total: number }>;
  const total = Number(counted?.total ?? 0);
  const rows = (await base()
    .select('t.id', 't.kind', 't.reference', 'e.amount', 'e.balance_after', 'e.created_at')
    .orderBy(column, order)
    .orderBy('e.id', order)
    .limit(query.limit)
    .offset(query.offset)) as Array<{
    id: number;
    kind: TransferKind;
    reference: string | null;
    amount: number;
    balance_after: number;
    created_at: Date;
  }>;
  const items: Transaction[] = rows.map((r) => ({
    id: r.id,
    type: r.kind,
    description: translate(`transaction_${r.kind}`, locale),
    direction: r.amount > 0 ? 'in' : 'out',
    amount: centsToEuros(r.amount),
    amount_cents: r.amount,
    balance_after: centsToEuros(r.balance_after),
    balance_after_cents: r.balance_after,
    reference: r.reference,
    created_at: new Date(r.created_at).toISOString(),
  }));
  return { items, total };
}

/** Purchase entries (captured holds) of the caller's spendable account: what "spent" means on every screen. */
function purchaseEntries(db: Knex, accountId: number) {
  return db('entries as e')
    .join('transfers as t', 't.id', 'e.transfer_id')
    .where({ 'e.account_id': accountId, 't.kind': 'purchase' });
}

/** Every day from `start` to `end` (YYYY-MM-DD, inclusive). */
function daysBetween(start: string, end: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${start}T00:00:00Z`), last = Date.parse(`${end}T00:00:00Z`); at <= last; at += 86_400_000) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * What the caller spent between two Istanbul days (inclusive), summed in PostgreSQL so a busy dealer's
 * thousands of purchases count in full; every day of the period is listed, days without spending at zero.
 */
export async function userSpend(db: Knex, userId: string, range: { start: string; end: string }): Promise<UserSpend> {
  const account = (await accountsByKey(db, [spendable(userId).key])).get(spendable(userId).key);
  const rows = account
    ? ((await whereIstanbulDays(purchaseEntries(db, account.id), 'e.created_at', range.start, range.end)
        .groupByRaw(istanbulDaySql('e.created_at'))
        .select(
          db.raw(`${istanbulDaySql('e.created_at')} AS date`),
          db.raw('sum(-e.amount)::bigint AS total'),
          db.raw('count(*)::int AS count'),
        )) as Array<{
        date: string;
        total: string | number;
        count: number;
      }>)
    : [];
  const byDate = new Map(rows.map((r) => [r.date, { total: Number(r.total), count: r.count }]));
  const byDay = daysBetween(range.start, range.end).map((date) => {
    const day = byDate.get(date) ?? { total: 0, count: 0 };
    return { date, total: centsToEuros(day.total), total_cents: day.total, count: day.count };
  });
  const totalCents = byDay.reduce((sum, d) => sum + d.total_cents, 0);
  return {
    start_date: range.start,
    end_date: range.end,
    total: centsToEuros(totalCents),
    total_cents: totalCents,
    count: byDay.reduce((sum, d) => sum + d.count, 0),
    by_day: byDay,
  };
}

/** The user dashboard: balance, what was spent this (Istanbul) month, order counts kept from order events. */
export async function userDashboard(db: Knex, userId: string, locale: Locale, now = new Date()) {
  const balance = await userBalance(db, userId);
  const account = (await accountsByKey(db, [spendable(userId).key])).get(spendable(userId).key);
  let spent = 0;
  if (account) {
    const [row] = (await whereIstanbulDays(
      purchaseEntries(db, account.id),
      'e.created_at',
      istanbulMonthStart(now),
      istanbulDate(now),
    ).select(db.raw('coalesce(sum(-e.amount), 0)::bigint AS spent'))) as Array<{ spent: number }>;
    spent = row?.spent ?? 0;
  }
  const counts = (await db('orders')
    .where({ user_id: userId })
    .groupBy('kind', 'status')
    .select('kind', 'status', db.raw('count(*)::int AS count'))) as Array<{
    kind: 'esim' | 'physical-sim';
    status: string;
    count: number;
  }>;
  const orders = {
    esim: { total: 0, completed: 0, failed: 0 },
    physical_sim: { total: 0, placed: 0, approved: 0, rejected: 0 },
  };
  for (const row of counts) {
    const bucket: Record<string, number> = row.kind === 'esim' ? orders.esim : orders.physical_sim;
    bucket.total! += row.count;
    if (row.status in bucket) bucket[row.status]! += row.count;
  }
  const recent = await userTransactions(db, userId, { page: 1, limit: 5, offset: 0, filters: {} }, {}, locale);
  return {
    ...balance,
    spent_this_month: centsToEuros(spent),
    spent_this_month_cents: spent,
    orders,
    recent_transactions: recent.items,
  };
}
