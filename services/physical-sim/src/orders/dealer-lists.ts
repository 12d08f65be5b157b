import type { ListQuery, Locale } from '@esim/contracts';
import { countOf, sortColumn } from '@esim/platform';
import type { Knex } from 'knex';
import { cardIdsOf, cardsOf } from '../cards/views';
import { returnView, type ReturnRow } from '../returns/returns';
import { orderView, type OrderRow } from './orders';

/** Sort fields of the dealer's order and return lists (react-admin's column names → columns). */
const ORDER_SORT = {
  created_at: 'created_at',
  quantity: 'quantity',
  total: 'total_cents',
  total_cents: 'total_cents',
  status: 'status',
};
const RETURN_SORT = {
  created_at: 'created_at',
  refund: 'refund_cents',
  refund_cents: 'refund_cents',
  status: 'status',
};

/** One page of a dealer's own rows of `table`, newest first unless sorted otherwise. */
async function dealerPage(
  base: Knex.QueryBuilder,
  query: ListQuery,
  sorts: Record<string, string>,
): Promise<{ rows: unknown[]; total: number }> {
  if (query.status) void base.where({ status: query.status });
  // react-admin's getMany: filter={"id":[...]} names exactly the rows wanted.
  if (query.ids?.length) void base.whereIn('id', query.ids);
  const count = await countOf(base);
  const sort = sortColumn(query, sorts, { column: 'created_at', order: 'DESC' });
  const rows = (await base
    .orderBy([{ column: sort.column, order: sort.order }, { column: 'created_at', order: 'desc' }, { column: 'id' }])
    .limit(query.limit)
    .offset(query.offset)
    .select('*')) as unknown[];
  return { rows, total: Number(count) };
}

/** A dealer's own orders; a placing order is not an order yet (its hold is being asked for), so never listed. */
export async function dealerOrdersPage(db: Knex, dealerId: string, query: ListQuery, locale: Locale) {
  const base = db('orders').where({ user_id: dealerId }).whereNot({ status: 'placing' });
  const { rows, total } = await dealerPage(base, query, ORDER_SORT);
  const orders = await Promise.all(
    (rows as OrderRow[]).map(async (o) => orderView(o, { cardIds: await cardIdsOf(db, o.id), locale })),
  );
  return { orders, total };
}

/** A dealer's own returns with their cards. */
export async function dealerReturnsPage(db: Knex, dealerId: string, query: ListQuery) {
  const { rows, total } = await dealerPage(db('returns').where({ user_id: dealerId }), query, RETURN_SORT);
  const returns = await Promise.all(
    (rows as ReturnRow[]).map(async (r) => returnView(r, await cardsOf(db, 'return_cards', 'return_id', r.id))),
  );
  return { returns, total };
}
