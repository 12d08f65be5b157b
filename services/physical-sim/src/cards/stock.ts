import { CARD_STATUSES, type CardStatus } from '@esim/contracts';
import { AppError, conflict, notFound } from '@esim/platform';
import type { Knex } from 'knex';

/**
 * The card stock: status changes (allowed transitions only), transfers to dealers and back, soft
 * deletion, each writing a history row (who, when, why) in the same transaction as the change.
 */
export { CARD_STATUSES, type CardStatus };

/** Status changes an admin may make by hand (transfers and returns have their own operations). */
export const ALLOWED_TRANSITIONS: Record<CardStatus, readonly CardStatus[]> = {
  in_stock: ['reserved', 'defective', 'lost'],
  reserved: ['in_stock', 'defective', 'lost'],
  assigned: ['sold', 'activated', 'defective', 'lost'],
  sold: ['activated', 'defective', 'lost'],
  activated: ['defective', 'lost'],
  returned: ['in_stock', 'defective', 'lost'],
  defective: ['in_stock', 'lost'],
  lost: ['in_stock'],
};

/** Statuses of a card a dealer holds. */
export const DEALER_HELD: readonly CardStatus[] = ['assigned', 'sold', 'activated', 'returned'];

export interface CardRow {
  id: string;
  iccid: string;
  serial_number: string;
  eid: string | null;
  package_id: string;
  package_code: string;
  package_name: string;
  status: CardStatus;
  owner_user_id: string | null;
  /** The approved order whose sale gave the owner this card; null in admin stock and after an admin's transfer. */
  sale_order_id: string | null;
  import_id: string | null;
  transferred_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface HistoryEntry {
  cardId: string;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  fromOwner: string | null;
  toOwner: string | null;
  reason: string | null;
  actorId: string;
}

export async function writeHistory(trx: Knex | Knex.Transaction, entries: HistoryEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await trx('card_history').insert(
    entries.map((e) => ({
      card_id: e.cardId,
      action: e.action,
      from_status: e.fromStatus,
      to_status: e.toStatus,
      from_owner: e.fromOwner,
      to_owner: e.toOwner,
      reason: e.reason,
      actor_id: e.actorId,
    })),
  );
}

export const liveCards = (db: Knex | Knex.Transaction) => db('cards').whereNull('deleted_at');

export async function cardById(db: Knex | Knex.Transaction, id: string): Promise<CardRow> {
  const card = (await liveCards(db).where({ id }).first()) as CardRow | undefined;
  if (!card) throw notFound('card_not_found');
  return card;
}

export interface StatusResult {
  id: string;
  ok: boolean;
  status: CardStatus | null;
  code: string;
  from?: string;
}

/** Changes cards' status where the transition is allowed; every card gets its own result. */
export async function changeStatus(
  trx: Knex.Transaction,
  ids: string[],
  to: CardStatus,
  actorId: string,
  reason: string | null,
): Promise<StatusResult[]> {
  const cards = (await liveCards(trx)
    .whereIn('id', ids)
    .forUpdate()
    .select('id', 'status', 'owner_user_id')) as CardRow[];
  const byId = new Map(cards.map((c) => [c.id, c]));
  const results: StatusResult[] = [];
  const history: HistoryEntry[] = [];
  const changed: string[] = [];
  for (const id of ids) {
    const card = byId.get(id);
    if (!card) {
      results.push({ id, ok: false, status: null, code: 'card_not_found' });
      continue;
    }
    if (card.status === to || !ALLOWED_TRANSITIONS[card.status].includes(to)) {
      results.push({ id, ok: false, status: card.status, code: 'card_transition_not_allowed', from: card.status });
      continue;
    }
    changed.push(id);
    history.push({
      cardId: id,
      action: 'status_changed',
      fromStatus: card.status,
      toStatus: to,
      fromOwner: card.owner_user_id,
      toOwner: card.owner_user_id,
      reason,
      actorId,
    });
    results.push({ id, ok: true, status: to, code: 'card_status_updated' });
  }
  if (changed.length) await trx('cards').whereIn('id', changed).update({ status: to, updated_at: trx.fn.now() });
  await writeHistory(trx, history);
  return results;
}

/** Admin stock → a dealer: every card must be in admin stock (in_stock, no owner), or nothing moves. */
export async function transferToDealer(
  trx: Knex.Transaction,
  ids: string[],
  dealerId: string,
  actorId: string,
  reason: string | null,
): Promise<string[]> {
  const cards = (await liveCards(trx)
    .whereIn('id', ids)
    .forUpdate()
    .select('id', 'serial_number', 'status', 'owner_user_id')) as CardRow[];
  const found = new Set(cards.map((c) => c.id));
  const bad = [
    ...ids.filter((id) => !found.has(id)),
    ...cards.filter((c) => c.status !== 'in_stock' || c.owner_user_id !== null).map((c) => c.serial_number),
  ];
  if (bad.length) throw new AppError(409, 'cards_not_transferable', { params: { cards: bad.slice(0, 20).join(', ') } });
  await trx('cards').whereIn('id', ids).update({
    status: 'assigned',
    owner_user_id: dealerId,
    // Not a sale: a later return of these cards gives back nothing.
    sale_order_id: null,
    transferred_at: trx.fn.now(),
    updated_at: trx.fn.now(),
  });
  await writeHistory(
    trx,
    cards.map((c) => ({
      cardId: c.id,
      action: 'transferred',
      fromStatus: c.status,
      toStatus: 'assigned',
      fromOwner: null,
      toOwner: dealerId,
      reason,
      actorId,
    })),
  );
  return cards.map((c) => c.id);
}

/** A dealer's cards → admin stock (not activated ones): all or nothing. Answers the previous owners. */
export async function returnToAdmin(
  trx: Knex.Transaction,
  ids: string[],
  actorId: string,
  reason: string | null,
): Promise<Map<string, string[]>> {
  const cards = (await liveCards(trx)
    .whereIn('id', ids)
    .forUpdate()
    .select('id', 'serial_number', 'status', 'owner_user_id')) as CardRow[];
  const found = new Set(cards.map((c) => c.id));
  const bad = [
    ...ids.filter((id) => !found.has(id)),
    ...cards
      .filter((c) => c.owner_user_id === null || !['assigned', 'sold', 'returned'].includes(c.status))
      .map((c) => c.serial_number),
  ];
  if (bad.length)
    throw new AppError(409, 'cards_not_returnable_to_admin', { params: { cards: bad.slice(0, 20).join(', ') } });
  await trx('cards').whereIn('id', ids).update({
    status: 'in_stock',
    owner_user_id: null,
    sale_order_id: null,
    transferred_at: null,
    updated_at: trx.fn.now(),
  });
  await writeHistory(
    trx,
    cards.map((c) => ({
      cardId: c.id,
      action: 'returned_to_admin',
      fromStatus: c.status,
      toStatus: 'in_stock',
      fromOwner: c.owner_user_id,
      toOwner: null,
      reason,
      actorId,
    })),
  );
  const byDealer = new Map<string, string[]>();
  for (const c of cards) byDealer.set(c.owner_user_id!, [...(byDealer.get(c.owner_user_id!) ?? []), c.id]);
  return byDealer;
}

/** What refers to a card, and whether it may be deleted (only from admin stock, with nothing pending on it). */
export async function deletionInfo(db: Knex | Knex.Transaction, id: string) {
  const card = await cardById(db, id);
  // One statement: `db` may be a transaction, whose one connection runs one query at a time.
  const refs = (
    await db.raw(
      `SELECT (SELECT count(*) FROM order_cards WHERE card_id = :id)::int AS orders,
              (SELECT count(*) FROM return_cards WHERE card_id = :id)::int AS returns,
              (SELECT count(*) FROM return_cards rc JOIN returns r ON r.id = rc.return_id WHERE rc.card_id = :id AND r.status = 'pending')::int AS pending_returns,
              (SELECT count(*) FROM card_history WHERE card_id = :id)::int AS history_rows,
              (SELECT status FROM card_bundles WHERE card_id = :id) AS bundle_status`,
      { id },
    )
  ).rows[0] as {
    orders: number;
    returns: number;
    pending_returns: number;
    history_rows: number;
    bundle_status: string | null;
  };
  const reasons: string[] = [];
  if (card.owner_user_id !== null) reasons.push('owned_by_dealer');
  if (!['in_stock', 'defective', 'lost', 'reserved'].includes(card.status)) reasons.push(`status_${card.status}`);
  if (refs.pending_returns > 0) reasons.push('pending_return');
  if (refs.bundle_status === 'active') reasons.push('active_bundle');
  return {
    card_id: id,
    serial_number: card.serial_number,
    status: card.status,
    owner_user_id: card.owner_user_id,
    references: {
      orders: refs.orders,
      returns: refs.returns,
      pending_returns: refs.pending_returns,
      history_rows: refs.history_rows,
      active_bundle: refs.bundle_status === 'active',
    },
    can_delete: reasons.length === 0,
    blocking_reasons: reasons,
  };
}

/**
 * Soft delete: the row stays for the audit trail (and its ICCID stays taken), with who, when and why.
 * Answers the card's serial number, for the admin's audit entry.
 */
export async function deleteCard(
  trx: Knex.Transaction,
  id: string,
  actorId: string,
  reason: string,
): Promise<string | null> {
  const locked = (await trx('cards').where({ id }).whereNull('deleted_at').forUpdate().first('serial_number')) as
    { serial_number: string } | undefined;
  const info = await deletionInfo(trx, id);
  if (!info.can_delete) throw conflict('card_not_deletable', { reasons: info.blocking_reasons.join(', ') });
  await trx('cards')
    .where({ id })
    .update({ deleted_at: trx.fn.now(), deleted_by: actorId, deleted_reason: reason, updated_at: trx.fn.now() });
  await writeHistory(trx, [
    {
      cardId: id,
      action: 'deleted',
      fromStatus: info.status,
      toStatus: info.status,
      fromOwner: null,
      toOwner: null,
      reason,
      actorId,
    },
  ]);
  return locked?.serial_number ?? null;
}
