import type { Knex } from 'knex';
import { USER_TYPE } from '@esim/contracts';

/**
 * The balance service's own copy of the people money belongs to, kept from auth events
 * (services never read each other's tables): names for reports and logs, and the dealer → sales-manager map that
 * decides which dealers a sales manager may collect from. A dealer's and a sales manager's id
 * is their user id.
 */
export interface Party {
  id: string;
  user_type: number | null;
  email: string | null;
  full_name: string | null;
  company_name: string | null;
  sales_manager_id: string | null;
  status: string | null;
  deleted_at: Date | null;
}

export type PartyUpdate = Partial<Omit<Party, 'id' | 'deleted_at'>> & { id: string };

/** Inserts or updates a party with the fields given (the others stay as they were). */
export async function upsertParty(db: Knex | Knex.Transaction, party: PartyUpdate): Promise<void> {
  const fields = Object.fromEntries(Object.entries(party).filter(([, value]) => value !== undefined));
  const update = Object.keys(fields).filter((key) => key !== 'id');
  await db('parties')
    .insert({ ...fields, updated_at: db.fn.now() })
    .onConflict('id')
    .merge([...update, 'updated_at'] as never);
}

export async function markPartyDeleted(db: Knex | Knex.Transaction, id: string): Promise<void> {
  await db('parties')
    .insert({ id, deleted_at: db.fn.now(), status: 'deleted' })
    .onConflict('id')
    .merge(['deleted_at', 'status']);
}

export async function getParty(db: Knex | Knex.Transaction, id: string): Promise<Party | undefined> {
  return (await db('parties').where({ id }).first()) as Party | undefined;
}

export async function partiesByIds(db: Knex | Knex.Transaction, ids: readonly string[]): Promise<Map<string, Party>> {
  if (ids.length === 0) return new Map();
  const rows = (await db('parties').whereIn('id', [...new Set(ids)])) as Party[];
  return new Map(rows.map((row) => [row.id, row]));
}

/** The dealers a sales manager looks after (not deleted). */
export async function dealersOf(db: Knex | Knex.Transaction, salesManagerId: string): Promise<Party[]> {
  return (await db('parties')
    .where({ sales_manager_id: salesManagerId })
    .whereNull('deleted_at')
    .orderBy('id')) as Party[];
}

export const isDealer = (party: Party | undefined) => party?.user_type === USER_TYPE.dealer;

/** A name to show for a party: company, then full name, then email, then the id itself. */
export const displayName = (party: Party | undefined, id: string) =>
  party?.company_name || party?.full_name || party?.email || id;

/** The name an audit entry keeps for a party (null when this service has not heard of the id yet). */
export async function partyName(db: Knex | Knex.Transaction, id: string): Promise<string | null> {
  const party = await getParty(db, id);
  return party ? displayName(party, id) : null;
}

/** Ids of the people whose name, company or e-mail contains the text (Turkish dotted and dotless i alike). */
export async function searchParties(db: Knex | Knex.Transaction, text: string, limit: number): Promise<string[]> {
  const folded = text.replace(/[İIı]/g, 'i').toLowerCase();
  const pattern = `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return (await db('parties')
    .whereNull('deleted_at')
    .where((w) => {
      for (const column of ['full_name', 'company_name', 'email'])
        w.orWhereRaw(`lower(translate(??, 'İIı', 'iii')) LIKE ?`, [column, pattern]);
    })
    .orderBy('id')
    .limit(limit)
    .pluck('id')) as string[];
}
