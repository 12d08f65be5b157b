import { CARD_STATUSES, type ListQuery } from '@esim/contracts';
import { AppError, badRequest, countOf, publish, sortColumn } from '@esim/platform';
import type { Knex } from 'knex';
import { SERVICE } from '../orders/orders';
import { readReturnSettings } from '../returns/settings';
import { cardCount } from './counts';
import { cardById, changeStatus, deleteCard, returnToAdmin, transferToDealer, type CardStatus } from './stock';
import { cardsWithOwner, cardUsageView, cardView, historyView } from './views';

/** The most cards one serial-range transfer moves (the transfer is all or nothing). */
export const MAX_SERIAL_RANGE = 5000;
/** What cardView shows (not the deletion audit columns). */
const CARD_COLUMNS = [
  'id',
  'iccid',
  'serial_number',
  'eid',
  'package_id',
  'package_code',
  'package_name',
  'status',
  'owner_user_id',
  'import_id',
  'transferred_at',
  'created_at',
  'updated_at',
].map((c) => `c.${c}`);
const SORTS = {
  created_at: 'c.created_at',
  iccid: 'c.iccid',
  serial_number: 'c.serial_number',
  status: 'c.status',
  package_code: 'c.package_code',
  updated_at: 'c.updated_at',
};

/** Live cards whose serial number lies in a range: numerically, which for digit strings of one length is text order. */
const inSerialRange = (db: Knex | Knex.Transaction, from: string, to: string) =>
  db('cards')
    .whereNull('deleted_at')
    .whereRaw('length(serial_number) = ? AND serial_number BETWEEN ? AND ?', [from.length, from, to]);

const returnWindowDays = async (db: Knex) => (await readReturnSettings(db)).return_window_days;

/** One page of the admin's stock list and the total of its filter. */
export async function stockPage(db: Knex, query: ListQuery<Record<string, string | undefined>>) {
  const filters = query.filters;
  const base = db('cards as c').whereNull('c.deleted_at');
  if (query.status) void base.where('c.status', query.status);
  if (filters.package_id) void base.where('c.package_id', filters.package_id);
  if (filters.owner_user_id === 'admin') void base.whereNull('c.owner_user_id');
  else if (filters.owner_user_id) void base.where('c.owner_user_id', filters.owner_user_id);
  if (filters.import_id) void base.where('c.import_id', filters.import_id);
  if (query.ids) void base.whereIn('c.id', query.ids);
  if (query.search) {
    const prefix = query.search.replace(/[^\d]/g, '');
    if (prefix)
      void base.where(
        (w) => void w.where('c.iccid', 'like', `${prefix}%`).orWhere('c.serial_number', 'like', `${prefix}%`),
      );
    else void base.whereRaw('false');
  }
  if (query.startDate) void base.where('c.created_at', '>=', query.startDate);
  if (query.endDate) void base.whereRaw(`c.created_at < (?::date + 1)`, [query.endDate]);
  const sort = sortColumn(query, SORTS, { column: 'c.created_at', order: 'DESC' });
  // Status / package / owner filters only (the usual screens): the exact total from the maintained counts.
  const countable = !filters.import_id && !query.ids && !query.search && !query.startDate && !query.endDate;
  const count = countable
    ? await cardCount(db, {
        status: query.status,
        packageId: filters.package_id,
        owner: filters.owner_user_id === 'admin' ? null : (filters.owner_user_id ?? undefined),
      })
    : await countOf(base);
  const rows = await base
    .leftJoin('dealers as d', 'd.dealer_id', 'c.owner_user_id')
    .select(...CARD_COLUMNS, db.raw('COALESCE(d.company_name, d.full_name) AS owner_name'))
    .orderBy([
      { column: sort.column, order: sort.order },
      { column: 'c.id', order: sort.order },
    ])
    .limit(query.limit)
    .offset(query.offset);
  const days = await returnWindowDays(db);
  return { cards: rows.map((c) => cardView(c, days)), total: Number(count) };
}

/** Cards whose ICCID or serial number starts with what the admin typed. */
export async function searchStock(db: Knex, q: string, limit: number) {
  const rows = await cardsWithOwner(db)
    .where((w) => void w.where('c.iccid', 'like', `${q}%`).orWhere('c.serial_number', 'like', `${q}%`))
    .orderBy('c.serial_number')
    .limit(limit);
  const days = await returnWindowDays(db);
  return rows.map((c) => cardView(c, days));
}

/** The stock's totals and what waits for the admin. */
export async function stockDashboard(db: Knex) {
  // Totals from the maintained counts (no pass over every card).
  const byStatus = (await db('card_counts').groupBy('status').select('status', db.raw('sum(n) AS count'))) as Array<{
    status: string;
    count: string;
  }>;
  const counts = Object.fromEntries(CARD_STATUSES.map((s) => [s, 0])) as Record<string, number>;
  for (const row of byStatus) counts[row.status] = Number(row.count);
  const [adminStock, dealerStock, pendingOrders, pendingReturns, runningImports] = await Promise.all([
    cardCount(db, { status: 'in_stock', owner: null }),
    db('card_counts').whereNotNull('owner_user_id').sum({ count: 'n' }) as Promise<Array<{ count: string | null }>>,
    db('orders').where({ status: 'pending' }).count<{ count: string }[]>('* as count'),
    db('returns').where({ status: 'pending' }).count<{ count: string }[]>('* as count'),
    db('import_jobs').whereIn('status', ['queued', 'processing']).count<{ count: string }[]>('* as count'),
  ]);
  return {
    total: Object.values(counts).reduce((a, b) => a + b, 0),
    by_status: counts,
    admin_stock: adminStock,
    dealer_stock: Number(dealerStock[0]?.count ?? 0),
    pending_orders: Number(pendingOrders[0]!.count),
    pending_returns: Number(pendingReturns[0]!.count),
    running_imports: Number(runningImports[0]!.count),
  };
}

/** Per day: imported, transferred (admin transfers and approved orders), sold, returned. */
export async function stockStatistics(db: Knex, period: { days: number; start?: string; end?: string }) {
  const { days, start, end } = period;
  const rows = await db.raw(
    `WITH bounds AS (SELECT COALESCE(?::date, COALESCE(?::date, current_date) - (? - 1)) AS first, COALESCE(?::date, current_date) AS last),
       days AS (SELECT generate_series(first, last, interval '1 day')::date AS day FROM bounds)
       SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
              (SELECT count(*) FROM cards c WHERE c.created_at >= d.day AND c.created_at < d.day + 1) AS imported,
              count(h.id) FILTER (WHERE h.action IN ('transferred', 'sold_to_dealer')) AS transferred,
              count(h.id) FILTER (WHERE h.action = 'sold_to_dealer' OR (h.action = 'status_changed' AND h.to_status = 'sold')) AS sold,
              count(h.id) FILTER (WHERE h.action IN ('return_approved', 'returned_to_admin')) AS returned
       FROM days d LEFT JOIN card_history h ON h.created_at >= d.day AND h.created_at < d.day + 1
       GROUP BY d.day ORDER BY d.day`,
    [start ?? null, end ?? null, days, end ?? null],
  );
  return (rows.rows as Array<Record<string, string>>).map((r) => ({
    date: r.date!,
    imported: Number(r.imported),
    transferred: Number(r.transferred),
    sold: Number(r.sold),
    returned: Number(r.returned),
  }));
}

/** Live cards counted by status, package and owner. */
export async function stockSummary(db: Knex) {
  const rows = (await db('cards as c')
    .whereNull('c.deleted_at')
    .leftJoin('dealers as d', 'd.dealer_id', 'c.owner_user_id')
    .groupBy('c.status', 'c.package_id', 'c.package_code', 'c.owner_user_id', 'd.company_name', 'd.full_name')
    .orderBy(['c.package_code', 'c.status'])
    .select(
      'c.status',
      'c.package_id',
      'c.package_code',
      'c.owner_user_id',
      db.raw('COALESCE(d.company_name, d.full_name) AS owner_name'),
    )
    .count('* as count')) as Array<Record<string, string | null>>;
  return rows.map((r) => ({
    status: r.status,
    package_id: r.package_id,
    package_code: r.package_code,
    owner_user_id: r.owner_user_id,
    owner_name: r.owner_name,
    count: Number(r.count),
  }));
}

/** What a serial-range transfer would move, so the admin sees it before anything moves. */
export async function transferPreview(db: Knex, from: string, to: string) {
  const [totals] = (await inSerialRange(db, from, to).select(
    db.raw('count(*)::int AS total'),
    db.raw(`count(*) FILTER (WHERE status = 'in_stock' AND owner_user_id IS NULL)::int AS transferable`),
    db.raw('min(serial_number) AS first_serial'),
    db.raw('max(serial_number) AS last_serial'),
  )) as Array<{ total: number; transferable: number; first_serial: string | null; last_serial: string | null }>;
  const [blocked, packages] = await Promise.all([
    inSerialRange(db, from, to)
      .where((w) => void w.whereNot('status', 'in_stock').orWhereNotNull('owner_user_id'))
      .orderBy('serial_number')
      .limit(20)
      .pluck('serial_number') as Promise<string[]>,
    inSerialRange(db, from, to)
      .groupBy('package_id', 'package_code', 'package_name')
      .orderBy('package_code')
      .select('package_id', 'package_code', 'package_name', db.raw('count(*)::int AS count')) as Promise<
      Array<{ package_id: string; package_code: string; package_name: string; count: number }>
    >,
  ]);
  return {
    serial_from: from,
    serial_to: to,
    total: totals!.total,
    transferable: totals!.transferable,
    blocked_serials: blocked,
    first_serial: totals!.first_serial,
    last_serial: totals!.last_serial,
    packages,
    max: MAX_SERIAL_RANGE,
  };
}

/** One live card with its owner's name, as the admin's lists show it. */
export async function stockCard(db: Knex, id: string) {
  const card = await cardsWithOwner(db).where('c.id', id).first();
  return cardView(card, await returnWindowDays(db));
}

/** One card with its history and its bundle's usage. */
export async function cardDetail(db: Knex, id: string) {
  await cardById(db, id);
  const card = await cardsWithOwner(db).where('c.id', id).first();
  const [history, bundle, settings] = await Promise.all([
    db('card_history').where({ card_id: id }).orderBy('id', 'desc').limit(200),
    db('card_bundles').where({ card_id: id }).first(),
    readReturnSettings(db),
  ]);
  return {
    ...cardView(card, settings.return_window_days),
    history: history.map(historyView),
    usage: bundle ? cardUsageView(bundle) : null,
  };
}

/** Changes one card's status by hand; a transition the rules forbid is refused with where it stands. */
export async function setCardStatus(db: Knex, id: string, status: CardStatus, by: string, reason: string | null) {
  await cardById(db, id);
  const [result] = await db.transaction((trx) => changeStatus(trx, [id], status, by, reason));
  if (!result!.ok)
    throw new AppError(409, 'card_transition_not_allowed', { params: { from: result!.from ?? '', to: status } });
  return stockCard(db, id);
}

/** Changes many cards' status at once; each card's result says whether its transition was allowed. */
export async function setCardsStatus(db: Knex, ids: string[], status: CardStatus, by: string, reason: string | null) {
  return db.transaction((trx) => changeStatus(trx, ids, status, by, reason));
}

/**
 * Moves admin-stock cards to a dealer, named by id or by a serial range, all or nothing, and tells the
 * other services in the same transaction; an unknown dealer or an empty or too large range is refused.
 */
export async function transferCards(
  db: Knex,
  transfer: { dealerId: string; cardIds?: string[]; serialFrom?: string; serialTo?: string; reason: string | null },
  by: string,
): Promise<{ cardIds: string[]; dealerName: string | null }> {
  const dealer = (await db('dealers')
    .where({ dealer_id: transfer.dealerId })
    .whereNull('deleted_at')
    .first('dealer_id', 'status', 'company_name', 'full_name')) as
    { company_name: string | null; full_name: string | null } | undefined;
  if (!dealer) throw badRequest('validation_error', [{ path: 'dealer_id', message: 'dealer_not_found' }]);
  const cardIds = await db.transaction(async (trx) => {
    let ids = transfer.cardIds ?? [];
    if (!transfer.cardIds) {
      // A serial range: the admin-stock cards whose serial number lies in it (numerically, same length).
      const rows = await inSerialRange(trx, transfer.serialFrom!, transfer.serialTo!)
        .orderBy('serial_number')
        .limit(MAX_SERIAL_RANGE + 1)
        .select('id');
      if (rows.length > MAX_SERIAL_RANGE)
        throw badRequest('serial_range_too_large', [{ path: 'serial_to', message: 'serial_range_too_large' }]);
      if (rows.length === 0) throw badRequest('validation_error', [{ path: 'serial_from', message: 'card_not_found' }]);
      ids = rows.map((r: { id: string }) => r.id);
    }
    const moved = await transferToDealer(trx, [...new Set(ids)], transfer.dealerId, by, transfer.reason);
    await publish(trx, SERVICE, {
      type: 'physical-sim.stock.transferred',
      aggregateId: transfer.dealerId,
      payload: { cardIds: moved, dealerId: transfer.dealerId, by },
    });
    return moved;
  });
  return { cardIds, dealerName: dealer.company_name || dealer.full_name || null };
}

/** Takes dealers' cards back into the admin's stock, telling the other services per dealer in the same transaction. */
export async function returnCardsToAdmin(db: Knex, cardIds: string[], by: string, reason: string | null) {
  return db.transaction(async (trx) => {
    const byDealer = await returnToAdmin(trx, cardIds, by, reason);
    for (const [dealerId, ids] of byDealer) {
      await publish(trx, SERVICE, {
        type: 'physical-sim.stock.returned-to-admin',
        aggregateId: dealerId,
        payload: { cardIds: ids, dealerId, by },
      });
    }
    return cardIds.length;
  });
}

/** Deletes one card (soft); answers its serial number. */
export async function deleteStockCard(db: Knex, id: string, by: string, reason: string) {
  return db.transaction((trx) => deleteCard(trx, id, by, reason));
}

/** Deletes each card in its own transaction: the deletable ones go, the others say why not. */
export async function deleteStockCards(db: Knex, ids: string[], by: string, reason: string) {
  const results: Array<{ id: string; ok: boolean; code: string; reasons?: string[] }> = [];
  for (const id of ids) {
    try {
      await deleteStockCard(db, id, by, reason);
      results.push({ id, ok: true, code: 'card_deleted' });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({
        id,
        ok: false,
        code: error.code,
        ...(error.options.params?.reasons ? { reasons: String(error.options.params.reasons).split(', ') } : {}),
      });
    }
  }
  return results;
}
