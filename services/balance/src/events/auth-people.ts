import type { Knex } from 'knex';
import { USER_TYPE, type EventEnvelope, type EventPayload } from '@esim/contracts';
import type { EventHandler } from '@esim/platform';
import { openAccounts, receivable, salesManagerCash, spendable } from '../ledger/accounts';
import { markPartyDeleted, upsertParty } from '../parties/parties';

/**
 * auth's people events: the parties (with the dealer → sales-manager map) and their accounts, opened
 * with ON CONFLICT.
 * The bus delivers at least once and commits each handler's effect with its inbox row in `trx`;
 * every handler is also idempotent on its own, so a replay changes nothing.
 */

export const onUserRegistered: EventHandler<'auth.user.registered'> = async (event, { trx }) => {
  const p = event.payload;
  await upsertParty(trx, {
    id: p.userId,
    user_type: p.userType,
    email: p.email,
    full_name: p.fullName,
    status: p.status,
  });
  // Sales managers never spend: they get their cash account from auth.sales-manager.created.
  if (p.userType !== USER_TYPE.salesManager) await openAccounts(trx, [spendable(p.userId)]);
};

type DealerEvent = EventEnvelope<EventPayload<'auth.dealer.created'>>;
async function keepDealer(event: DealerEvent, trx: Knex.Transaction): Promise<void> {
  const p = event.payload;
  await upsertParty(trx, {
    id: p.userId,
    user_type: USER_TYPE.dealer,
    email: p.email,
    full_name: p.fullName,
    company_name: p.companyName,
    sales_manager_id: p.salesManagerId,
    status: p.status,
  });
}

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

type SalesManagerEvent = EventEnvelope<EventPayload<'auth.sales-manager.created'>>;
async function keepSalesManager(event: SalesManagerEvent, trx: Knex.Transaction): Promise<void> {
  const p = event.payload;
  await upsertParty(trx, {
    id: p.userId,
    user_type: USER_TYPE.salesManager,
    email: p.email,
    full_name: p.fullName,
    status: p.status,
  });
}

export const onSalesManagerCreated: EventHandler<'auth.sales-manager.created'> = async (event, { trx }) => {
  await keepSalesManager(event, trx);
  await openAccounts(trx, [salesManagerCash(event.payload.userId)]);
};

/** A renamed or suspended sales manager: collection logs and reports name them as they are now. */
export const onSalesManagerUpdated: EventHandler<'auth.sales-manager.updated'> = async (event, { trx }) =>
  keepSalesManager(event, trx);
