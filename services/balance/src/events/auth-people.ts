import type { Knex } from 'knex';
import { USER_TYPE, type EventEnvelope, type EventPayload } from '@esim/contracts';
import type { EventHandler } from '@esim/platform';
import { openAccounts, receivable, salesManagerCash, spendable } from '../ledger/accounts';
import { markPartyDeleted, upsertParty, type PartyUpdate } from '../parties/parties';

/**
 * auth's people events: the parties (with the dealer → sales-manager map) and their accounts,
 * opened with ON CONFLICT.
 */

/** What every people event says of the person: the party row's common fields. */
interface Person {
  userId: string;
  email: string;
  fullName: string;
  status: PartyUpdate['status'];
}

const keepPerson = (trx: Knex.Transaction, userType: number, p: Person, more: Partial<PartyUpdate> = {}) =>
  upsertParty(trx, {
    id: p.userId,
    user_type: userType,
    email: p.email,
    full_name: p.fullName,
    status: p.status,
    ...more,
  });

export const onUserRegistered: EventHandler<'auth.user.registered'> = async (event, { trx }) => {
  const p = event.payload;
  await keepPerson(trx, p.userType, p);
  // Sales managers never spend: they get their cash account from auth.sales-manager.created.
  if (p.userType !== USER_TYPE.salesManager) await openAccounts(trx, [spendable(p.userId)]);
};

type DealerEvent = EventEnvelope<EventPayload<'auth.dealer.created'>>;
const keepDealer = (event: DealerEvent, trx: Knex.Transaction) =>
  keepPerson(trx, USER_TYPE.dealer, event.payload, {
    company_name: event.payload.companyName,
    sales_manager_id: event.payload.salesManagerId,
  });

export const onDealerCreated: EventHandler<'auth.dealer.created'> = async (event, { trx }) => {
  await keepDealer(event, trx);
  await openAccounts(trx, [spendable(event.payload.userId), receivable(event.payload.userId)]);
};

export const onDealerUpdated: EventHandler<'auth.dealer.updated'> = async (event, { trx }) => keepDealer(event, trx);

export const onDealerStatusChanged: EventHandler<'auth.dealer.status-changed'> = async (event, { trx }) => {
  await upsertParty(trx, { id: event.payload.userId, user_type: USER_TYPE.dealer, status: event.payload.status });
};

export const onDealerDeleted: EventHandler<'auth.dealer.deleted'> = async (event, { trx }) => {
  // The accounts stay: the ledger never forgets; the dealer just leaves their sales manager's list.
  await markPartyDeleted(trx, event.payload.userId);
};

export const onSalesManagerCreated: EventHandler<'auth.sales-manager.created'> = async (event, { trx }) => {
  await keepPerson(trx, USER_TYPE.salesManager, event.payload);
  await openAccounts(trx, [salesManagerCash(event.payload.userId)]);
};

/** A renamed or suspended sales manager: collection logs and reports name them as they are now. */
export const onSalesManagerUpdated: EventHandler<'auth.sales-manager.updated'> = async (event, { trx }) =>
  keepPerson(trx, USER_TYPE.salesManager, event.payload);
