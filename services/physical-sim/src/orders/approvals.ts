import type { ListQuery, Locale } from '@esim/contracts';
import { countOf, notFound } from '@esim/platform';
import type { Knex } from 'knex';
import { cardIdsOf, cardsOf } from '../cards/views';
import { returnView, type ReturnRow } from '../returns/returns';
import { orderView, type OrderRow } from './orders';

/** A dealer's names from the local dealer copy (auth's events keep it). */
export type DealerNames = { full_name: string | null; company_name: string | null };

export const dealerOf = async (db: Knex, id: string) =>
  (await db('dealers').where({ dealer_id: id }).first('full_name', 'company_name')) as DealerNames | undefined;

/**
 * One page of the dealers' orders or returns the admin decides, pending unless named by id (react-admin's
 * getMany names its ids: those rows whatever their status), with the dealers they are from.
 */
async function pendingPage(db: Knex, table: 'orders' | 'returns', query: ListQuery) {
  const base = db(table);
  if (query.ids) void base.whereIn('id', query.ids).whereNot({ status: 'placing' });
  if (query.status || !query.ids) void base.where({ status: query.status ?? 'pending' });
  const count = await countOf(base);
  const rows = await base.orderBy('created_at', 'asc').limit(query.limit).offset(query.offset).select('*');
  const dealerRows = (await db('dealers')
    .whereIn(
      'dealer_id',
      rows.map((r: { user_id: string }) => r.user_id),
    )
    .select('*')) as Array<DealerNames & { dealer_id: string }>;
  const dealers = new Map(dealerRows.map((d) => [d.dealer_id, d]));
  return { rows, total: Number(count), dealers };
}

export async function pendingOrders(db: Knex, query: ListQuery, locale: Locale) {
  const { rows, total, dealers } = await pendingPage(db, 'orders', query);
  return {
    orders: (rows as OrderRow[]).map((o) => orderView(o, { dealer: dealers.get(o.user_id), locale })),
    total,
  };
}

export async function pendingReturns(db: Knex, query: ListQuery) {
  const { rows, total, dealers } = await pendingPage(db, 'returns', query);
  const returns = await Promise.all(
    (rows as ReturnRow[]).map(async (r) =>
      returnView(r, await cardsOf(db, 'return_cards', 'return_id', r.id), dealers.get(r.user_id)),
    ),
  );
  return { returns, total };
}

/** A dealer's order as the admin sees it; a placing order is not an order yet (its hold is being asked for). */
export async function adminOrder(db: Knex, id: string, locale: Locale) {
  const order = (await db('orders').where({ id }).whereNot({ status: 'placing' }).first()) as OrderRow | undefined;
  if (!order) throw notFound('order_not_found');
  return orderView(order, {
    cardIds: await cardIdsOf(db, order.id),
    locale,
    dealer: await dealerOf(db, order.user_id),
  });
}

/** An order just decided, with its cards (an approved one has them). */
export async function decidedOrderView(db: Knex, order: OrderRow, locale: Locale) {
  return orderView(order, { cardIds: await cardIdsOf(db, order.id), locale });
}

export async function adminReturn(db: Knex, id: string) {
  const row = (await db('returns').where({ id }).first()) as ReturnRow | undefined;
  if (!row) throw notFound('return_not_found');
  return returnView(row, await cardsOf(db, 'return_cards', 'return_id', row.id), await dealerOf(db, row.user_id));
}

/** A return just decided, and what its audit entry names: the dealer and how many cards came back. */
export async function decidedReturn(db: Knex, row: ReturnRow) {
  const cards = await cardsOf(db, 'return_cards', 'return_id', row.id);
  const dealer = await dealerOf(db, row.user_id);
  return {
    view: returnView(row, cards),
    dealerName: dealer?.company_name || dealer?.full_name || null,
    cards: cards.length,
  };
}
