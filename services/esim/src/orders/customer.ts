import type { Knex } from 'knex';
import { notFound, type AuthUser } from '@esim/platform';
import type { OrderCustomer } from '@esim/contracts';
import { refuseCustomerUnlessDealer } from './purchase';
import { findOrder } from './queries';
import { normalizeOrder, type OrderRow } from '../rows';

/**
 * Sets, changes or (null) removes the end customer of one of the caller's own orders. Only the
 * buyer may: anyone else, an admin too, is told the order does not exist, as with the QR zip.
 */
export async function setOrderCustomer(
  db: Knex,
  user: AuthUser,
  orderRef: string,
  customer: OrderCustomer | null,
): Promise<OrderRow> {
  const order = await findOrder(db, user, orderRef);
  if (order.user_id !== user.id) throw notFound('esim_order_not_found');
  // Naming no customer is still a dealer's act: a retail buyer's order never has one.
  refuseCustomerUnlessDealer(user, customer ?? {});
  const [row] = (await db('orders')
    .where({ id: order.id })
    .update({
      customer_name: customer?.name ?? null,
      customer_email: customer?.email ?? null,
      updated_at: db.fn.now(),
    })
    .returning('*')) as Array<Record<string, unknown>>;
  return normalizeOrder(row!);
}
