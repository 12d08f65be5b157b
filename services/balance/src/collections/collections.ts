import type { Knex } from 'knex';
import { centsToEuros, COLLECTION_REPORT_LIST_CAP, formatEuros, type ListQuery } from '@esim/contracts';
import {
  AppError,
  forbidden,
  istanbulDate,
  istanbulDaySql,
  istanbulMonthStart,
  istanbulTimeSql,
  publish,
  sortColumn,
  whereIstanbulDays,
} from '@esim/platform';
import { accountsByKey, company, openAndLock, receivable, salesManagerCash } from '../ledger/accounts';
import { postTransfer, type TransferKind } from '../ledger/transfers';
import { dealersOf, displayName, getParty, partiesByIds } from '../parties/parties';
import { creditLimits } from '../dealer-money/credit';
import { noteCreditUsed, rememberedLevel } from '../dealer-money/credit-alerts';

/**
 * Collections: a sales manager collects cash from one of their dealers (the dealer's debt shrinks,
 * the sales manager's cash grows), and an admin collects that cash from the sales manager (it
 * reaches company:cash). Each is one ledger transfer, one collections row and one
 * balance.collection.recorded event, written in one transaction.
 */
export type CollectionKind = 'dealer-to-sales-manager' | 'sales-manager-to-company';

export interface Actor {
  id: string;
  role: string;
}

export interface CollectionRow {
  id: string;
  kind: CollectionKind;
  dealer_id: string | null;
  sales_manager_id: string;
  amount: number;
  note: string | null;
  collected_by: string;
  collected_by_role: string;
  transfer_id: number;
  created_at: Date;
}

interface CollectInput {
  amountCents: number;
  note: string | null;
  actor: Actor;
  idempotencyKey: string;
  correlationId?: string;
  at?: Date;
}

/**
 * Both collections end the same way: one ledger transfer (money moves from `creditAccountId` into
 * `debitAccountId`), then the collections row pointing at it and its event.
 */
async function record(
  trx: Knex.Transaction,
  input: CollectInput & { salesManagerId: string },
  movement: {
    kind: CollectionKind;
    dealerId: string | null;
    transferKind: TransferKind;
    debitAccountId: number;
    creditAccountId: number;
    metadata: Record<string, unknown>;
  },
): Promise<CollectionRow> {
  const posted = await postTransfer(trx, {
    debitAccountId: movement.debitAccountId,
    creditAccountId: movement.creditAccountId,
    amountCents: input.amountCents,
    kind: movement.transferKind,
    idempotencyKey: input.idempotencyKey,
    reference: input.note,
    metadata: movement.metadata,
    createdBy: input.actor.id,
    at: input.at,
  });
  const row: Omit<CollectionRow, 'id' | 'created_at'> = {
    kind: movement.kind,
    dealer_id: movement.dealerId,
    sales_manager_id: input.salesManagerId,
    amount: input.amountCents,
    note: input.note,
    collected_by: input.actor.id,
    collected_by_role: input.actor.role,
    transfer_id: posted.transferId,
  };
  const [collection] = (await trx('collections')
    .insert({ ...row, ...(input.at ? { created_at: input.at } : {}) })
    .returning('*')) as CollectionRow[];
  await publish(trx, 'balance', {
    type: 'balance.collection.recorded',
    aggregateId: collection!.id,
    correlationId: input.correlationId,
    payload: {
      collectionId: collection!.id,
      kind: row.kind,
      dealerId: row.dealer_id,
      salesManagerId: row.sales_manager_id,
      amountCents: row.amount,
      collectedBy: row.collected_by,
      note: row.note,
    },
  });
  return collection!;
}

export interface CollectionResult {
  collection_id: string;
  kind: CollectionKind;
  dealer_id: string | null;
  sales_manager_id: string;
  amount: number;
  amount_cents: number;
  transfer_id: number;
  /** What the dealer still owes afterwards (dealer collections). */
  dealer_owed_cents?: number;
  /** Cash the sales manager holds afterwards. */
  cash_held: number;
  cash_held_cents: number;
  created_at: string;
}

/** A sales manager collects cash from one of their own dealers, at most what the dealer owes. */
export async function collectFromDealer(
  trx: Knex.Transaction,
  input: CollectInput & { salesManagerId: string; dealerId: string },
): Promise<CollectionResult> {
  const dealer = await getParty(trx, input.dealerId);
  // Ownership comes from the dealer → sales-manager map kept from auth events.
  if (!dealer || dealer.deleted_at || dealer.sales_manager_id !== input.salesManagerId)
    throw forbidden('dealer_not_yours');
  const recv = receivable(input.dealerId);
  const cash = salesManagerCash(input.salesManagerId);
  const accounts = await openAndLock(trx, [recv, cash]);
  const owed = -accounts.get(recv.key)!.balance;
  if (input.amountCents > owed) throw new AppError(422, 'amount_exceeds_debt', { params: { owed: formatEuros(owed) } });
  const collection = await record(trx, input, {
    kind: 'dealer-to-sales-manager',
    dealerId: input.dealerId,
    transferKind: 'dealer_collection',
    debitAccountId: accounts.get(cash.key)!.id,
    creditAccountId: accounts.get(recv.key)!.id,
    metadata: { dealer_id: input.dealerId, sales_manager_id: input.salesManagerId },
  });
  // Debt collected below a level announced before re-arms it (a dealer never announced at needs no limit read).
  const recvRow = accounts.get(recv.key)!;
  if (rememberedLevel(recvRow) > 0)
    await noteCreditUsed(trx, {
      dealerId: input.dealerId,
      receivable: recvRow,
      usedCents: owed - input.amountCents,
      limitCents: (await creditLimits(trx, [input.dealerId])).get(input.dealerId) ?? 0,
      announce: false,
    });
  const heldBefore = -accounts.get(cash.key)!.balance;
  return {
    ...resultOf(collection, heldBefore + input.amountCents),
    dealer_owed_cents: owed - input.amountCents,
  };
}

/** An admin collects cash from a sales manager, at most what they hold. */
export async function collectFromSalesManager(
  trx: Knex.Transaction,
  input: CollectInput & { salesManagerId: string },
): Promise<CollectionResult> {
  const cash = salesManagerCash(input.salesManagerId);
  const accounts = await openAndLock(trx, [cash, company('cash')]);
  const held = -accounts.get(cash.key)!.balance;
  if (input.amountCents > held)
    throw new AppError(422, 'amount_exceeds_cash_held', { params: { held: formatEuros(held) } });
  const collection = await record(trx, input, {
    kind: 'sales-manager-to-company',
    dealerId: null,
    transferKind: 'cash_handover',
    debitAccountId: accounts.get(company('cash').key)!.id,
    creditAccountId: accounts.get(cash.key)!.id,
    metadata: { sales_manager_id: input.salesManagerId },
  });
  return resultOf(collection, held - input.amountCents);
}

function resultOf(collection: CollectionRow, cashHeldCents: number): CollectionResult {
  return {
    collection_id: collection.id,
    kind: collection.kind,
    dealer_id: collection.dealer_id,
    sales_manager_id: collection.sales_manager_id,
    amount: centsToEuros(collection.amount),
    amount_cents: collection.amount,
    transfer_id: collection.transfer_id,
    cash_held: centsToEuros(cashHeldCents),
    cash_held_cents: cashHeldCents,
    created_at: new Date(collection.created_at).toISOString(),
  };
}

// ── figures ──

export interface SalesManagerFigures {
  sales_manager_id: string;
  /** Cash collected and not handed over yet (euros; `balance` for screens that read one number). */
  balance: number;
  cash_held: number;
  cash_held_cents: number;
  collected_today_cents: number;
  collected_this_month_cents: number;
  /** What the sales manager's dealers still owe, together. */
  outstanding_cents: number;
  outstanding: number;
  dealer_count: number;
}

/** Figures of many sales managers at once; nothing is opened by reading. */
export async function salesManagerFigures(
  db: Knex | Knex.Transaction,
  ids: readonly string[],
  now = new Date(),
): Promise<SalesManagerFigures[]> {
  if (ids.length === 0) return [];
  const today = istanbulDate(now);
  const monthStart = istanbulMonthStart(now);
  const cash = await accountsByKey(
    db,
    ids.map((id) => salesManagerCash(id).key),
  );
  const collected = (await whereIstanbulDays(
    db('collections')
      .whereIn('sales_manager_id', [...ids])
      .where({ kind: 'dealer-to-sales-manager' })
      .groupBy('sales_manager_id')
      .select('sales_manager_id')
      .select(
        db.raw(`coalesce(sum(amount) FILTER (WHERE ${istanbulDaySql('created_at')} = ?), 0)::bigint AS today`, [today]),
      )
      .select(db.raw('coalesce(sum(amount), 0)::bigint AS month')),
    'created_at',
    monthStart,
    today,
  )) as Array<{ sales_manager_id: string; today: number; month: number }>;
  const outstanding = (await db('parties as p')
    .join('accounts as a', function () {
      this.on('a.key', '=', db.raw(`'dealer:' || p.id || ':receivable'`));
    })
    .whereIn('p.sales_manager_id', [...ids])
    .whereNull('p.deleted_at')
    .groupBy('p.sales_manager_id')
    .select('p.sales_manager_id', db.raw('coalesce(sum(-a.balance), 0)::bigint AS owed'))) as Array<{
    sales_manager_id: string;
    owed: number;
  }>;
  const dealerCounts = (await db('parties')
    .whereIn('sales_manager_id', [...ids])
    .whereNull('deleted_at')
    .groupBy('sales_manager_id')
    .select('sales_manager_id', db.raw('count(*)::int AS dealers'))) as Array<{
    sales_manager_id: string;
    dealers: number;
  }>;
  const byId = <T extends { sales_manager_id: string }>(rows: T[]) => new Map(rows.map((r) => [r.sales_manager_id, r]));
  const collectedBy = byId(collected);
  const outstandingBy = byId(outstanding);
  const countBy = byId(dealerCounts);
  return ids.map((id) => {
    const held = -(cash.get(salesManagerCash(id).key)?.balance ?? 0);
    const owed = outstandingBy.get(id)?.owed ?? 0;
    return {
      sales_manager_id: id,
      balance: centsToEuros(held),
      cash_held: centsToEuros(held),
      cash_held_cents: held,
      collected_today_cents: collectedBy.get(id)?.today ?? 0,
      collected_this_month_cents: collectedBy.get(id)?.month ?? 0,
      outstanding_cents: owed,
      outstanding: centsToEuros(owed),
      dealer_count: countBy.get(id)?.dealers ?? 0,
    };
  });
}

export interface OwnDealerDebt {
  dealer_id: string;
  name: string;
  owed: number;
  owed_cents: number;
  credit_limit_cents: number;
}

/** A sales manager's figures plus what each of their dealers owes and may owe (the collection screen's list). */
export async function salesManagerBalance(db: Knex, salesManagerId: string, now = new Date()) {
  const [figures] = await salesManagerFigures(db, [salesManagerId], now);
  const dealers = await dealersOf(db, salesManagerId);
  const accounts = await accountsByKey(
    db,
    dealers.map((d) => receivable(d.id).key),
  );
  const limits = await creditLimits(
    db,
    dealers.map((d) => d.id),
  );
  const debts: OwnDealerDebt[] = dealers.map((d) => {
    const owed = -(accounts.get(receivable(d.id).key)?.balance ?? 0);
    return {
      dealer_id: d.id,
      name: displayName(d, d.id),
      owed: centsToEuros(owed),
      owed_cents: owed,
      credit_limit_cents: limits.get(d.id) ?? 0,
    };
  });
  return { ...figures!, dealers: debts };
}

/** Per dealer and per day totals of what a sales manager collected between two Istanbul dates (inclusive). */
export async function collectionReport(db: Knex, salesManagerId: string, range: { start: string; end: string }) {
  const base = () =>
    whereIstanbulDays(
      db('collections').where({ sales_manager_id: salesManagerId, kind: 'dealer-to-sales-manager' }),
      'created_at',
      range.start,
      range.end,
    );
  const perDealer = (await base()
    .groupBy('dealer_id')
    .select('dealer_id', db.raw('sum(amount)::bigint AS total'), db.raw('count(*)::int AS count'))
    .orderBy('total', 'desc')) as Array<{ dealer_id: string; total: number; count: number }>;
  const perDay = (await base()
    .groupByRaw(istanbulDaySql('created_at'))
    .select(
      db.raw(`${istanbulDaySql('created_at')} AS date`),
      db.raw('sum(amount)::bigint AS total'),
      db.raw('count(*)::int AS count'),
    )
    .orderBy('date')) as Array<{ date: string; total: number; count: number }>;
  const names = await partiesByIds(
    db,
    perDealer.map((r) => r.dealer_id),
  );
  const total = perDealer.reduce((sum, r) => sum + r.total, 0);
  // The same rows the totals add up, so the list and its sum cannot disagree.
  const collections = await allCollectionLogs(
    db,
    { salesManagerId, kind: 'dealer-to-sales-manager', startDate: range.start, endDate: range.end },
    COLLECTION_REPORT_LIST_CAP,
    'desc',
  );
  return {
    start_date: range.start,
    end_date: range.end,
    total: centsToEuros(total),
    total_cents: total,
    count: perDealer.reduce((sum, r) => sum + r.count, 0),
    by_dealer: perDealer.map((r) => ({
      dealer_id: r.dealer_id,
      name: displayName(names.get(r.dealer_id), r.dealer_id),
      total: centsToEuros(r.total),
      total_cents: r.total,
      count: r.count,
    })),
    by_day: perDay.map((r) => ({ date: r.date, total: centsToEuros(r.total), total_cents: r.total, count: r.count })),
    collections,
  };
}

// ── logs ──

export interface CollectionLogFilter {
  startDate?: string;
  endDate?: string;
  kind?: CollectionKind;
  salesManagerId?: string;
  dealerId?: string;
}

export interface CollectionLog {
  id: string;
  kind: CollectionKind;
  dealer_id: string | null;
  dealer_name: string | null;
  sales_manager_id: string;
  sales_manager_name: string;
  amount: number;
  amount_cents: number;
  note: string | null;
  collected_by: string;
  collected_by_name: string;
  collected_by_role: string;
  created_at: string;
  /** Istanbul wall-clock time, as the CSV shows it. */
  local_time: string;
}

const SORTABLE = { created_at: 'c.created_at', amount: 'c.amount', kind: 'c.kind', id: 'c.created_at' };

function filtered(db: Knex, filter: CollectionLogFilter) {
  const query = db('collections as c');
  if (filter.kind) query.where('c.kind', filter.kind);
  if (filter.salesManagerId) query.where('c.sales_manager_id', filter.salesManagerId);
  if (filter.dealerId) query.where('c.dealer_id', filter.dealerId);
  return whereIstanbulDays(query, 'c.created_at', filter.startDate, filter.endDate);
}

async function withNames(db: Knex, rows: Array<CollectionRow & { local_time: string }>): Promise<CollectionLog[]> {
  const names = await partiesByIds(
    db,
    rows.flatMap((r) => [r.sales_manager_id, r.collected_by, ...(r.dealer_id ? [r.dealer_id] : [])]),
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    dealer_id: r.dealer_id,
    dealer_name: r.dealer_id ? displayName(names.get(r.dealer_id), r.dealer_id) : null,
    sales_manager_id: r.sales_manager_id,
    sales_manager_name: displayName(names.get(r.sales_manager_id), r.sales_manager_id),
    amount: centsToEuros(r.amount),
    amount_cents: r.amount,
    note: r.note,
    collected_by: r.collected_by,
    collected_by_name: displayName(names.get(r.collected_by), r.collected_by),
    collected_by_role: r.collected_by_role,
    created_at: new Date(r.created_at).toISOString(),
    local_time: r.local_time,
  }));
}

/** A page of collection logs, newest first unless sorted otherwise. */
export async function collectionLogs(db: Knex, query: ListQuery, filter: CollectionLogFilter) {
  const { column, order } = sortColumn(query, SORTABLE, { column: 'c.created_at', order: 'DESC' });
  // Dealer collections and hand-overs to the company are the same cash counted twice: summed apart.
  const [counted] = (await filtered(db, filter)
    .count({ total: '*' })
    .sum({ amount: 'c.amount' })
    .select(
      db.raw(`coalesce(sum(c.amount) FILTER (WHERE c.kind = 'dealer-to-sales-manager'), 0) AS dealer_amount`),
      db.raw(`coalesce(sum(c.amount) FILTER (WHERE c.kind = 'sales-manager-to-company'), 0) AS handover_amount`),
    )) as Array<{
    total: number;
    amount: string | null;
    dealer_amount: string;
    handover_amount: string;
  }>;
  const total = Number(counted?.total ?? 0);
  const amountCents = Number(counted?.amount ?? 0);
  const dealerCents = Number(counted?.dealer_amount ?? 0);
  const handoverCents = Number(counted?.handover_amount ?? 0);
  const rows = (await filtered(db, filter)
    .select('c.*', db.raw(`${istanbulTimeSql('c.created_at')} AS local_time`))
    .orderBy(column, order)
    .orderBy('c.id', order)
    .limit(query.limit)
    .offset(query.offset)) as Array<CollectionRow & { local_time: string }>;
  return { items: await withNames(db, rows), total, amountCents, dealerCents, handoverCents };
}

/** Every log the filter matches (CSV export oldest first, a report newest first), capped so one answer cannot exhaust the process. */
export async function allCollectionLogs(
  db: Knex,
  filter: CollectionLogFilter,
  cap = 50_000,
  order: 'asc' | 'desc' = 'asc',
): Promise<CollectionLog[]> {
  const rows = (await filtered(db, filter)
    .select('c.*', db.raw(`${istanbulTimeSql('c.created_at')} AS local_time`))
    .orderBy('c.created_at', order)
    .orderBy('c.id', order)
    .limit(cap)) as Array<CollectionRow & { local_time: string }>;
  return withNames(db, rows);
}
