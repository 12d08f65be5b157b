import { centsToEuros } from '@esim/contracts';
import { AppError, conflict, notFound, publish } from '@esim/platform';
import type { Knex } from 'knex';
import { writeHistory, type CardRow } from '../cards/stock';
import { SERVICE } from '../orders/orders';
import { readReturnSettings } from './settings';

/**
 * Dealer returns (docs/product.md, Refunds and returns: 15-day unconditional return; the window is the admin's setting, 15 days
 * until changed): own cards, not activated, within the window counted from the transfer. While pending the cards are `returned` (still the dealer's);
 * approved: back to admin stock and physical-sim.return.approved (balance refunds the price of the
 * sale that gave the dealer each card, each sale at most once; a card an admin transferred refunds
 * nothing); rejected: back to the status they had, their sales unrefunded.
 */
export interface ReturnRow {
  id: string;
  user_id: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: string;
  reject_reason: string | null;
  refund_cents: number;
  auto_approved: boolean;
  decided_by: string | null;
  decided_at: Date | null;
  created_at: Date;
}

export async function requestReturn(
  trx: Knex.Transaction,
  input: { userId: string; cardIds: string[]; reason: string },
  now = new Date(),
): Promise<ReturnRow> {
  const cards = (await trx('cards')
    .whereNull('deleted_at')
    .whereIn('id', input.cardIds)
    .forUpdate()
    .select('*')) as CardRow[];
  const found = new Map(cards.map((c) => [c.id, c]));
  // Someone else's card and a card that does not exist look the same: nothing about other dealers leaks.
  const notYours = input.cardIds.filter((id) => found.get(id)?.owner_user_id !== input.userId);
  if (notYours.length)
    throw new AppError(403, 'return_cards_not_yours', { params: { cards: notYours.slice(0, 20).join(', ') } });
  const settings = await readReturnSettings(trx);
  const windowStart = new Date(now.getTime() - settings.return_window_days * 24 * 3600 * 1000);
  const notReturnable = cards.filter(
    (c) => !['assigned', 'sold'].includes(c.status) || !c.transferred_at || new Date(c.transferred_at) < windowStart,
  );
  if (notReturnable.length) {
    throw new AppError(422, 'return_cards_not_returnable', {
      params: {
        days: settings.return_window_days,
        cards: notReturnable
          .map((c) => c.serial_number)
          .slice(0, 20)
          .join(', '),
      },
    });
  }
  const [created] = (await trx('returns')
    .insert({ user_id: input.userId, reason: input.reason, refund_cents: 0 })
    .returning('*')) as ReturnRow[];
  await trx('return_cards').insert(
    cards.map((c) => ({
      return_id: created!.id,
      card_id: c.id,
      order_id: c.sale_order_id,
      refund_cents: 0,
      from_status: c.status,
    })),
  );
  const refund = await claimSaleRefunds(trx, created!.id, input.userId);
  await trx('cards').whereIn('id', input.cardIds).update({ status: 'returned', updated_at: trx.fn.now() });
  await writeHistory(
    trx,
    cards.map((c) => ({
      cardId: c.id,
      action: 'return_requested',
      fromStatus: c.status,
      toStatus: 'returned',
      fromOwner: c.owner_user_id,
      toOwner: c.owner_user_id,
      reason: input.reason,
      actorId: input.userId,
    })),
  );
  // The admin setting: returns of never-activated cards (all of these, by the rule above) approved at once.
  if (settings.auto_approve_unactivated_returns) return approveReturn(trx, created!.id, 'auto', true);
  return { ...created!, refund_cents: refund };
}

/**
 * Each card of the return refunds the price of the sale that gave the dealer the card, if no other
 * return has refunded that sale: the claim is a row keyed by the sale line, so of two returns of one
 * sale only the first gets a row (and the money). A card an admin transferred names no sale and
 * refunds nothing. Writes each line's refund and the return's total; answers the total in cents.
 */
async function claimSaleRefunds(trx: Knex.Transaction, returnId: string, userId: string): Promise<number> {
  const lines = (
    await trx.raw(
      `WITH claimed AS (
         INSERT INTO sale_refunds (order_id, card_id, return_id, refund_cents)
         SELECT rc.order_id, rc.card_id, rc.return_id, o.unit_price_cents
           FROM return_cards rc
           JOIN orders o ON o.id = rc.order_id AND o.user_id = :userId AND o.status = 'approved'
          WHERE rc.return_id = :returnId
         ON CONFLICT DO NOTHING
         RETURNING card_id, refund_cents
       )
       UPDATE return_cards rc SET refund_cents = claimed.refund_cents
         FROM claimed
        WHERE rc.return_id = :returnId AND rc.card_id = claimed.card_id
       RETURNING rc.refund_cents`,
      { returnId, userId },
    )
  ).rows as Array<{ refund_cents: string }>;
  const refund = lines.reduce((sum, line) => sum + Number(line.refund_cents), 0);
  await trx('returns').where({ id: returnId }).update({ refund_cents: refund });
  return refund;
}

/** What an approved return pays: the sale refunds it holds, so no sale is paid back twice whatever its row says. */
async function claimedRefund(trx: Knex.Transaction, returnId: string): Promise<number> {
  const [row] = (await trx('sale_refunds').where({ return_id: returnId }).sum({ cents: 'refund_cents' })) as Array<{
    cents: string | null;
  }>;
  return Number(row?.cents ?? 0);
}

async function lockPending(trx: Knex.Transaction, id: string): Promise<ReturnRow> {
  const row = (await trx('returns').where({ id }).forUpdate().first()) as ReturnRow | undefined;
  if (!row) throw notFound('return_not_found');
  if (row.status !== 'pending') throw conflict('return_not_pending', { status: row.status });
  return row;
}

export async function approveReturn(
  trx: Knex.Transaction,
  id: string,
  adminId: string,
  auto = false,
): Promise<ReturnRow> {
  const ret = await lockPending(trx, id);
  const lines = (await trx('return_cards').where({ return_id: id }).select('card_id', 'order_id')) as Array<{
    card_id: string;
    order_id: string | null;
  }>;
  const ids = lines.map((l) => l.card_id);
  await trx('cards').whereIn('id', ids).update({
    status: 'in_stock',
    owner_user_id: null,
    sale_order_id: null,
    transferred_at: null,
    updated_at: trx.fn.now(),
  });
  await writeHistory(
    trx,
    ids.map((cardId) => ({
      cardId,
      action: 'return_approved',
      fromStatus: 'returned',
      toStatus: 'in_stock',
      fromOwner: ret.user_id,
      toOwner: null,
      reason: ret.reason,
      actorId: adminId,
    })),
  );
  const refund = await claimedRefund(trx, id);
  const [updated] = (await trx('returns')
    .where({ id })
    .update({
      status: 'approved',
      refund_cents: refund,
      auto_approved: auto,
      decided_by: adminId,
      decided_at: trx.fn.now(),
    })
    .returning('*')) as ReturnRow[];
  const orders = [...new Set(lines.map((l) => l.order_id).filter(Boolean))];
  await publish(trx, SERVICE, {
    type: 'physical-sim.return.approved',
    aggregateId: id,
    payload: {
      returnId: id,
      orderId: orders.length === 1 ? orders[0]! : null,
      userId: ret.user_id,
      refundCents: refund,
    },
  });
  return updated!;
}

export async function rejectReturn(
  trx: Knex.Transaction,
  id: string,
  adminId: string,
  reason: string | null,
): Promise<ReturnRow> {
  const ret = await lockPending(trx, id);
  const lines = (await trx('return_cards').where({ return_id: id }).select('card_id', 'from_status')) as Array<{
    card_id: string;
    from_status: string;
  }>;
  for (const status of new Set(lines.map((l) => l.from_status))) {
    await trx('cards')
      .whereIn(
        'id',
        lines.filter((l) => l.from_status === status).map((l) => l.card_id),
      )
      .update({ status, updated_at: trx.fn.now() });
  }
  await writeHistory(
    trx,
    lines.map((l) => ({
      cardId: l.card_id,
      action: 'return_rejected',
      fromStatus: 'returned',
      toStatus: l.from_status,
      fromOwner: ret.user_id,
      toOwner: ret.user_id,
      reason,
      actorId: adminId,
    })),
  );
  // Nothing was refunded: the sales are free to be refunded by a later return of these cards.
  await trx('sale_refunds').where({ return_id: id }).delete();
  const [updated] = (await trx('returns')
    .where({ id })
    .update({ status: 'rejected', reject_reason: reason, decided_by: adminId, decided_at: trx.fn.now() })
    .returning('*')) as ReturnRow[];
  await publish(trx, SERVICE, {
    type: 'physical-sim.return.rejected',
    aggregateId: id,
    payload: { returnId: id, userId: ret.user_id, cardCount: lines.length, reason },
  });
  return updated!;
}

/** A return as contracts' `physicalReturnSchema` shows it. */
export function returnView(
  row: ReturnRow,
  cards: Array<{ id: string; iccid: string; serial_number: string; package_name: string; status: string }>,
  dealer?: { full_name: string | null; company_name: string | null } | null,
) {
  return {
    id: row.id,
    user_id: row.user_id,
    dealer_name: dealer?.company_name ?? dealer?.full_name ?? null,
    card_ids: cards.map((c) => c.id),
    cards,
    reason: row.reason,
    status: row.status,
    refund: centsToEuros(Number(row.refund_cents)),
    refund_cents: Number(row.refund_cents),
    rejection_reason: row.reject_reason,
    auto_approved: row.auto_approved,
    created_at: new Date(row.created_at).toISOString(),
    decided_at: row.decided_at ? new Date(row.decided_at).toISOString() : null,
  };
}
