import { physicalCardReturnDeadline } from '@esim/contracts';
import type { Knex } from 'knex';
import type { CardRow } from './stock';

/** Statuses a dealer may still return unconditionally (within the window). */
const RETURNABLE = new Set(['assigned', 'sold']);

/** A card as every list and detail shows it (contracts' `cardSchema`; the dealer's name from the local dealer copy). */
export function cardView(card: CardRow & { owner_name?: string | null }, now = new Date()) {
  const until = card.owner_user_id && card.transferred_at ? physicalCardReturnDeadline(new Date(card.transferred_at)) : null;
  return {
    id: card.id,
    iccid: card.iccid,
    serial_number: card.serial_number,
    eid: card.eid,
    package_id: card.package_id,
    package_code: card.package_code,
    package_name: card.package_name,
    status: card.status,
    owner_user_id: card.owner_user_id,
    owner_name: card.owner_name ?? null,
    import_id: card.import_id,
    transferred_at: card.transferred_at ? new Date(card.transferred_at).toISOString() : null,
    returnable_until: until ? until.toISOString() : null,
    returnable: Boolean(until && until > now && RETURNABLE.has(card.status)),
    created_at: new Date(card.created_at).toISOString(),
    updated_at: new Date(card.updated_at).toISOString(),
  };
}

export const cardsWithOwner = (db: Knex | Knex.Transaction) =>
  db('cards as c')
    .whereNull('c.deleted_at')
    .leftJoin('dealers as d', 'd.dealer_id', 'c.owner_user_id')
    .select('c.*', db.raw('COALESCE(d.company_name, d.full_name) AS owner_name'));

export function historyView(row: {
  id: string;
  card_id: string;
  action: string;
  from_status: string | null;
  to_status: string | null;
  from_owner: string | null;
  to_owner: string | null;
  reason: string | null;
  actor_id: string;
  created_at: Date;
}) {
  return {
    id: String(row.id),
    card_id: row.card_id,
    action: row.action,
    from_status: row.from_status,
    to_status: row.to_status,
    from_owner_user_id: row.from_owner,
    to_owner_user_id: row.to_owner,
    reason: row.reason,
    by: row.actor_id,
    at: new Date(row.created_at).toISOString(),
  };
}
