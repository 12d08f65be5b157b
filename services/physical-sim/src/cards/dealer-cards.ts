import type { ListQuery } from '@esim/contracts';
import { countOf, sortColumn } from '@esim/platform';
import type { Knex } from 'knex';
import { readReturnSettings } from '../returns/settings';
import { cardView } from './views';

/** Sort fields of the dealer's card list (react-admin's column names → columns); others keep the default order. */
const CARD_SORT = {
  serial_number: 'c.serial_number',
  iccid: 'c.iccid',
  status: 'c.status',
  package_name: 'c.package_code',
  transferred_at: 'c.transferred_at',
  returnable_until: 'c.transferred_at',
  created_at: 'c.transferred_at',
};

/** The admin's stock a dealer can order from, counted per package. */
export async function availableByPackage(db: Knex) {
  const counts = (await db('cards')
    .whereNull('deleted_at')
    .whereNull('owner_user_id')
    .where({ status: 'in_stock' })
    .groupBy('package_id', 'package_code')
    .select('package_id', 'package_code')
    .count('* as count')) as unknown as Array<{ package_id: string; package_code: string; count: string }>;
  return counts.map((c) => ({ package_id: c.package_id, package_code: c.package_code, available: Number(c.count) }));
}

/** One page of a dealer's own cards (never another dealer's) and their total. */
export async function dealerCardsPage(db: Knex, dealerId: string, query: ListQuery) {
  const base = db('cards as c').whereNull('c.deleted_at').where('c.owner_user_id', dealerId);
  if (query.status) void base.where('c.status', query.status);
  // react-admin's getMany: filter={"id":[...]} names exactly the cards wanted.
  if (query.ids?.length) void base.whereIn('c.id', query.ids);
  if (query.search) {
    // ICCIDs and serials are digits: a search without any digit can match no card (not every card).
    const prefix = query.search.replace(/\D/g, '');
    if (prefix)
      void base.where(
        (w) => void w.where('c.iccid', 'like', `${prefix}%`).orWhere('c.serial_number', 'like', `${prefix}%`),
      );
    else void base.whereRaw('false');
  }
  const count = await countOf(base);
  const sort = sortColumn(query, CARD_SORT, { column: 'c.transferred_at', order: 'DESC' });
  const rows = await base
    .orderBy([{ column: sort.column, order: sort.order }, { column: 'c.serial_number' }])
    .limit(query.limit)
    .offset(query.offset)
    .select('c.*');
  const { return_window_days: days } = await readReturnSettings(db);
  return { cards: rows.map((c) => cardView(c, days)), total: Number(count) };
}

/** What a dealer still holds (cards, and card orders awaiting approval): auth asks before deleting one. */
export async function dealerHoldings(db: Knex, dealerId: string) {
  const cardCount = Number(await countOf(db('cards').whereNull('deleted_at').where({ owner_user_id: dealerId })));
  const pendingOrders = Number(await countOf(db('orders').where({ user_id: dealerId, status: 'pending' })));
  return { hasStock: cardCount > 0 || pendingOrders > 0, cardCount, pendingOrders };
}
