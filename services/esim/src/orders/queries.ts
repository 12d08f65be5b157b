import type { Knex } from 'knex';
import { UUID } from '@esim/contracts';
import type { AuthUser } from '@esim/platform';
import { notFound, sortColumn } from '@esim/platform';
import type { ListQuery } from '@esim/contracts';
import { normalizeOrder, type OrderRow, type ProfileRow } from '../rows';
import { topUpTargets } from '../top-ups/views';
import type { PlanFacts } from './plan-title';

export const ORDER_REF = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[A-Z0-9]{8,40})$/i;
export const ESIM_REF = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9]{19,20})$/i;

/** Whose rows the caller may see: an admin any, everyone else only their own (others' answer 404, never 403). */
const scoped = <Q extends Knex.QueryBuilder>(query: Q, user: AuthUser, column: string): Q =>
  (user.role === 'admin' ? query : query.where(column, user.id)) as Q;

/**
 * The orders in a buyer's list: their own, but none whose hold was refused (failed with no hold:
 * not enough balance, or the payment refused), as nothing was bought and no money moved. The order
 * is written before its hold so that a crash can never leave money held for an order nobody knows
 * (the hold is keyed by the order id, and the recovery loop finds the order), so such an order
 * exists: an admin still lists it, the key's replay still answers its refusal, and a buyer who was
 * answered 202 before the refusal can still open it by id.
 */
const listedFor = <Q extends Knex.QueryBuilder>(query: Q, user: AuthUser): Q =>
  (user.role === 'admin'
    ? query
    : // A top-up is listed as a bundle of the eSIM it added to (top-ups/), not as an order without eSIMs.
      scoped(query, user, 'user_id')
        .whereNot((refused) => refused.where('step', 'failed').whereNull('hold_id'))
        .whereNull('top_up_profile_id')) as Q;

/** An order by id or order number, if the caller may see it. */
export async function findOrder(db: Knex | Knex.Transaction, user: AuthUser, ref: string): Promise<OrderRow> {
  const query = db('orders');
  if (UUID.test(ref)) query.where({ id: ref });
  else query.where({ order_number: ref.toUpperCase() });
  // A sandbox key's token is its dealer's, yet it opens sandbox orders only: its tests never touch live ones.
  if (user.sandbox) query.where({ sandbox: true });
  const row = await scoped(query, user, 'user_id').first();
  if (!row) throw notFound('esim_order_not_found');
  return normalizeOrder(row);
}

export async function profilesOf(db: Knex | Knex.Transaction, orderId: string): Promise<ProfileRow[]> {
  return (await db('profiles').where({ order_id: orderId }).orderBy('iccid')) as ProfileRow[];
}

/** An eSIM by id or ICCID, if the caller may see it (its order's owner or an admin). */
export async function findProfile(
  db: Knex | Knex.Transaction,
  user: AuthUser,
  ref: string,
  options: { forUpdate?: boolean } = {},
): Promise<ProfileRow> {
  const query = db('profiles').whereNotNull('order_id');
  if (UUID.test(ref)) query.where({ id: ref });
  // A supplier may hand an ICCID out again once its eSIM ended: the newest eSIM with it is the one meant.
  else query.where({ iccid: ref }).orderBy('created_at', 'desc');
  if (options.forUpdate) query.forUpdate();
  if (user.sandbox) query.whereIn('order_id', db('orders').select('id').where({ sandbox: true }));
  const row = await scoped(query, user, 'user_id').first();
  if (!row) throw notFound('esim_not_found');
  return row as ProfileRow;
}

const ORDER_SORT = {
  created_at: 'created_at',
  total: 'total_cents',
  total_price: 'total_cents',
  total_cents: 'total_cents',
  quantity: 'quantity',
  order_number: 'order_number',
};

/** Orders newest first: status (processing / completed / failed), country and customer filters, search by order number, package or customer. */
export async function listOrders(
  db: Knex,
  user: AuthUser,
  query: Omit<ListQuery, 'filters'> & {
    country?: string;
    userId?: string;
    userIds?: readonly string[];
    /** Orders whose end customer's name or e-mail contains the text. */
    customer?: string;
  },
) {
  const base = listedFor(db('orders'), user);
  // A sandbox key lists its demo orders only, and every other list (the back office's, its dashboards) leaves them out.
  base.where('sandbox', user.sandbox === true);
  if (query.userId && user.role === 'admin') base.where('user_id', query.userId);
  if (query.userIds && user.role === 'admin') base.whereIn('user_id', [...query.userIds]);
  if (query.ids)
    base.whereIn(
      'id',
      query.ids.filter((id) => UUID.test(id)),
    );
  const refundedCount = `(SELECT count(*) FROM profiles p WHERE p.order_id = orders.id AND p.refunded_at IS NOT NULL)`;
  if (query.status === 'completed') base.where('step', 'completed').whereRaw(`${refundedCount} = 0`);
  else if (query.status === 'refunded') base.where('step', 'completed').whereRaw(`${refundedCount} >= quantity`);
  else if (query.status === 'partially_refunded')
    base.where('step', 'completed').whereRaw(`${refundedCount} BETWEEN 1 AND quantity - 1`);
  else if (query.status === 'failed') base.where('step', 'failed');
  else if (query.status === 'pending') base.where('step', 'placed');
  else if (query.status === 'processing') base.whereNotIn('step', ['completed', 'failed']);
  if (query.country) base.whereRaw('? = ANY(countries)', [query.country.toUpperCase()]);
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base.where((q) =>
      q
        .whereILike('order_number', like)
        .orWhereILike('package_name_tr', like)
        .orWhereILike('package_name_en', like)
        .orWhereILike('package_code', like)
        // A dealer finds an order by the end customer it was for.
        .orWhereILike('customer_name', like)
        .orWhereILike('customer_email', like),
    );
  }
  if (query.customer) {
    const like = `%${query.customer.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base.where((q) => q.whereILike('customer_name', like).orWhereILike('customer_email', like));
  }
  if (query.startDate) base.where('created_at', '>=', query.startDate);
  if (query.endDate) base.whereRaw(`created_at < (?::date + 1)`, [query.endDate]);
  const [{ total }] = (await base.clone().count({ total: '*' })) as [{ total: string }];
  const sort = sortColumn(query, ORDER_SORT, { column: 'created_at', order: 'DESC' });
  const rows = await base
    .clone()
    .orderBy(sort.column, sort.order)
    .orderBy('id', 'desc')
    .limit(query.limit)
    .offset(query.offset);
  const ids = rows.map((r: { id: string }) => r.id);
  const counts = ids.length
    ? ((await db('profiles')
        .whereIn('order_id', ids)
        .groupBy('order_id')
        .select(
          'order_id',
          db.raw('count(*)::int AS esims'),
          db.raw('count(refunded_at)::int AS refunded'),
          db.raw('min(operator) AS operator'),
        )) as Array<{ order_id: string; esims: number; refunded: number; operator: string }>)
    : [];
  const byOrder = new Map(counts.map((c) => [c.order_id, c]));
  const orders = rows.map((row: Record<string, unknown>) => normalizeOrder(row));
  const targets = await topUpTargets(db, orders);
  return {
    total: Number(total),
    rows: orders.map((order: OrderRow) => {
      const c = byOrder.get(order.id);
      return {
        order,
        counts: {
          esims: c?.esims ?? 0,
          refunded: c?.refunded ?? 0,
          operator: c?.operator ?? null,
          topUpOf: targets.get(order.id) ?? null,
        },
      };
    }),
  };
}

/** One of a buyer's eSIMs with what its list shows of its order. */
export type ListedEsim = ProfileRow & PlanFacts & { order_number: string; bought_at: Date };

/**
 * The caller's own eSIMs, newest first (an admin too sees only their own here). `current`: those a
 * traveller can use now, never installed or in use, not past expiry, not taken back.
 */
export async function listEsims(
  db: Knex,
  user: AuthUser,
  query: Pick<ListQuery, 'limit' | 'offset'> & { current?: boolean },
): Promise<{ total: number; rows: ListedEsim[] }> {
  const base = db('profiles as p')
    .join('orders as o', 'o.id', 'p.order_id')
    .where('p.user_id', user.id)
    .where('o.sandbox', user.sandbox === true);
  if (query.current)
    base
      .whereIn('p.status', ['inactive', 'active'])
      .whereNull('p.refunded_at')
      .where((q) => q.whereNull('p.expires_at').orWhere('p.expires_at', '>', db.fn.now()));
  const [{ total }] = (await base.clone().count({ total: '*' })) as [{ total: string }];
  const rows = (await base
    .clone()
    .orderBy('o.created_at', 'desc')
    .orderBy('p.iccid')
    .limit(query.limit)
    .offset(query.offset)
    .select(
      'p.*',
      'o.order_number',
      'o.package_type',
      'o.countries',
      'o.data_mb',
      'o.validity_days',
      'o.created_at as bought_at',
    )) as ListedEsim[];
  return { total: Number(total), rows };
}
