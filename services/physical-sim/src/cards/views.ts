import { physicalCardReturnDeadline } from '@esim/contracts';
import type { Knex } from 'knex';
import type { CardRow } from './stock';

/** Statuses a dealer may still return unconditionally (within the window). */
const RETURNABLE = new Set(['assigned', 'sold']);

/**
 * A card as every list and detail shows it (contracts' `cardSchema`; the dealer's name from the local
 * dealer copy); `returnWindowDays` is the return window setting the deadline counts.
 */
export function cardView(card: CardRow & { owner_name?: string | null }, returnWindowDays: number, now = new Date()) {
  const until =
    card.owner_user_id && card.transferred_at
      ? physicalCardReturnDeadline(new Date(card.transferred_at), returnWindowDays)
      : null;
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

/** A card's data bundle for the admin: the operator's figures, with an expiry past its date shown as expired. */
export function cardUsageView(
  bundle: {
    status: string;
    total_mb: number;
    used_mb: number | string;
    activated_at: Date | null;
    expires_at: Date | null;
    country: string | null;
    operator: string | null;
  },
  now = new Date(),
) {
  const used = Math.min(Number(bundle.used_mb), bundle.total_mb);
  const expired = bundle.status === 'expired' || (bundle.expires_at !== null && new Date(bundle.expires_at) < now);
  return {
    status: expired ? ('expired' as const) : bundle.status === 'active' ? ('active' as const) : ('inactive' as const),
    total_mb: bundle.total_mb,
    used_mb: used,
    remaining_mb: Math.max(0, Math.round((bundle.total_mb - used) * 100) / 100),
    activated_at: bundle.activated_at ? new Date(bundle.activated_at).toISOString() : null,
    expires_at: bundle.expires_at ? new Date(bundle.expires_at).toISOString() : null,
    country: bundle.country,
    operator: bundle.operator,
  };
}

/** The cards of one order or return, by serial number. */
export async function cardsOf(
  db: Knex | Knex.Transaction,
  table: 'order_cards' | 'return_cards',
  key: 'order_id' | 'return_id',
  id: string,
) {
  return (await db(`${table} as x`)
    .join('cards as c', 'c.id', 'x.card_id')
    .where(`x.${key}`, id)
    .orderBy('c.serial_number')
    .select('c.id', 'c.iccid', 'c.serial_number', 'c.package_name', 'c.status')) as Array<{
    id: string;
    iccid: string;
    serial_number: string;
    package_name: string;
    status: string;
  }>;
}
export const cardIdsOf = async (db: Knex, orderId: string) =>
  (await cardsOf(db, 'order_cards', 'order_id', orderId)).map((c) => c.id);
