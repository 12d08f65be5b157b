import { createHash, randomUUID } from 'node:crypto';
import { centsToEuros, physicalOrderNumber } from '@esim/contracts';
import { AppError, conflict, notFound, publish } from '@esim/platform';
import type { Knex } from 'knex';
import { cardCount } from '../cards/counts';
import { writeHistory } from '../cards/stock';

/**
 * Dealer orders of Plus packages: placed with a balance hold taken synchronously (an order the
 * buyer cannot afford is refused at once; see placing.ts), approved by an admin (cards allocated, the hold is
 * captured by the balance service from physical-sim.order.approved) or rejected (hold voided).
 */
export const SERVICE = 'physical-sim';

export interface OrderRow {
  id: string;
  user_id: string;
  package_id: string;
  package_code: string;
  package_name_tr: string;
  package_name_en: string;
  quantity: number;
  unit_price_cents: number;
  total_cents: number;
  hold_id: string | null;
  /** `placing`: reserved against the stock while its hold is asked for; shown nowhere until it is `pending`. */
  status: 'placing' | 'pending' | 'approved' | 'rejected';
  note: string | null;
  reject_reason: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  created_at: Date;
}

/** The same Idempotency-Key gives the same order id, so a retried request finds its own hold again. */
export function orderIdFor(scopedKey: string | undefined): string {
  if (!scopedKey) return randomUUID();
  const h = createHash('sha256').update(`physical-sim-order:${scopedKey}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

async function lockPending(trx: Knex.Transaction, id: string): Promise<OrderRow> {
  const order = (await trx('orders').where({ id }).forUpdate().first()) as OrderRow | undefined;
  if (!order) throw notFound('order_not_found');
  if (order.status !== 'pending') throw conflict('order_not_pending', { status: order.status });
  return order;
}

/** Cards of a package a new order may claim: admin stock less what pending and placing orders already asked for. */
export async function orderableCount(db: Knex | Knex.Transaction, packageId: string): Promise<number> {
  const stock = await availableCount(db, packageId);
  const [promised] = (await db('orders')
    .where({ package_id: packageId })
    .whereIn('status', ['pending', 'placing'])
    .sum({ total: 'quantity' })) as Array<{
    total: string | number | null;
  }>;
  return Math.max(0, stock - Number(promised?.total ?? 0));
}

/** Available cards of a package in admin stock. */
export async function availableCount(db: Knex | Knex.Transaction, packageId: string): Promise<number> {
  return cardCount(db, { status: 'in_stock', packageId, owner: null });
}

export async function approveOrder(trx: Knex.Transaction, id: string, adminId: string): Promise<OrderRow> {
  const order = await lockPending(trx, id);
  // Oldest stock first; SKIP LOCKED so a transfer in progress elsewhere does not block the approval.
  const cards = (await trx('cards')
    .whereNull('deleted_at')
    .where({ package_id: order.package_id, status: 'in_stock' })
    .whereNull('owner_user_id')
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .limit(order.quantity)
    .forUpdate()
    .skipLocked()
    .select('id')) as Array<{ id: string }>;
  if (cards.length < order.quantity) {
    throw new AppError(409, 'not_enough_stock', { params: { available: await availableCount(trx, order.package_id) } });
  }
  const ids = cards.map((c) => c.id);
  // The sale lines first: each card then names the sale that gave the dealer the card, the one its return may refund.
  await trx('order_cards').insert(ids.map((cardId) => ({ order_id: id, card_id: cardId })));
  await trx('cards').whereIn('id', ids).update({
    status: 'assigned',
    owner_user_id: order.user_id,
    sale_order_id: id,
    transferred_at: trx.fn.now(),
    updated_at: trx.fn.now(),
  });
  await writeHistory(
    trx,
    ids.map((cardId) => ({
      cardId,
      action: 'sold_to_dealer',
      fromStatus: 'in_stock',
      toStatus: 'assigned',
      fromOwner: null,
      toOwner: order.user_id,
      reason: `order ${id}`,
      actorId: adminId,
    })),
  );
  const [updated] = (await trx('orders')
    .where({ id })
    .update({ status: 'approved', decided_by: adminId, decided_at: trx.fn.now() })
    .returning('*')) as OrderRow[];
  // An order without a hold is billed by invoice: nothing for the balance to capture.
  if (!order.hold_id) return updated!;
  await publish(trx, SERVICE, {
    type: 'physical-sim.order.approved',
    aggregateId: id,
    payload: {
      orderId: id,
      userId: order.user_id,
      amountCents: Number(order.total_cents),
      holdId: order.hold_id,
      item: {
        nameTr: order.package_name_tr,
        nameEn: order.package_name_en,
        quantity: order.quantity,
        unitPriceCents: Number(order.unit_price_cents),
      },
    },
  });
  return updated!;
}

export async function rejectOrder(
  trx: Knex.Transaction,
  id: string,
  adminId: string,
  reason: string | null,
): Promise<OrderRow> {
  const order = await lockPending(trx, id);
  const [updated] = (await trx('orders')
    .where({ id })
    .update({ status: 'rejected', reject_reason: reason, decided_by: adminId, decided_at: trx.fn.now() })
    .returning('*')) as OrderRow[];
  if (!order.hold_id) return updated!;
  await publish(trx, SERVICE, {
    type: 'physical-sim.order.rejected',
    aggregateId: id,
    payload: {
      orderId: id,
      userId: order.user_id,
      amountCents: Number(order.total_cents),
      holdId: order.hold_id,
      reason,
    },
  });
  return updated!;
}

/** An order as contracts' `physicalOrderSchema` shows it; the order number is the id's first block, upper-cased. */
export function orderView(
  order: OrderRow,
  extra: {
    cardIds?: string[];
    dealer?: { full_name: string | null; company_name: string | null } | null;
    locale?: 'tr' | 'en';
  } = {},
) {
  return {
    id: order.id,
    order_number: physicalOrderNumber(order.id),
    user_id: order.user_id,
    dealer_name: extra.dealer?.company_name ?? extra.dealer?.full_name ?? null,
    package_id: order.package_id,
    package_code: order.package_code,
    package_name: extra.locale === 'en' ? order.package_name_en : order.package_name_tr,
    quantity: order.quantity,
    unit_price: centsToEuros(Number(order.unit_price_cents)),
    unit_price_cents: Number(order.unit_price_cents),
    total: centsToEuros(Number(order.total_cents)),
    total_cents: Number(order.total_cents),
    status: order.status,
    note: order.note,
    reason: order.reject_reason,
    hold_id: order.hold_id,
    card_ids: extra.cardIds ?? [],
    created_at: new Date(order.created_at).toISOString(),
    decided_at: order.decided_at ? new Date(order.decided_at).toISOString() : null,
    decided_by: order.decided_by,
  };
}
