import type { EventBus, EventHandler } from '@esim/platform';

/**
 * The dealer → sales-manager map, kept from auth's dealer events (a dealer's id is their user id).
 * Each handler runs in the consumer's transaction with the inbox row, so a redelivery is a no-op;
 * the writes are also idempotent on their own (upserts), and a deleted dealer is never revived by
 * a late update.
 */
export const onDealerUpserted: EventHandler<'auth.dealer.created' | 'auth.dealer.updated'> = async (event, { trx }) => {
  const dealer = event.payload;
  const row = {
    dealer_id: dealer.userId,
    sales_manager_id: dealer.salesManagerId,
    email: dealer.email,
    full_name: dealer.fullName,
    company_name: dealer.companyName,
    status: dealer.status,
    updated_at: trx.fn.now(),
  };
  await trx('dealers')
    .insert(row)
    .onConflict('dealer_id')
    .merge(['sales_manager_id', 'email', 'full_name', 'company_name', 'status', 'updated_at'])
    .where('dealers.deleted_at', null);
};

export const onDealerStatusChanged: EventHandler<'auth.dealer.status-changed'> = async (event, { trx }) => {
  await trx('dealers')
    .where({ dealer_id: event.payload.userId })
    .whereNull('deleted_at')
    .update({ status: event.payload.status, updated_at: trx.fn.now() });
};

/** A deleted dealer becomes unknown here (404 on pricing, no override on quotes); the price history stays. */
export const onDealerDeleted: EventHandler<'auth.dealer.deleted'> = async (event, { trx }) => {
  await trx('dealers')
    .insert({ dealer_id: event.payload.userId, status: 'deleted', deleted_at: trx.fn.now() })
    .onConflict('dealer_id')
    .merge({ deleted_at: trx.fn.now(), status: 'deleted', updated_at: trx.fn.now() });
};

export function registerCatalogHandlers(bus: EventBus): void {
  bus.on('auth.dealer.created', onDealerUpserted);
  bus.on('auth.dealer.updated', onDealerUpserted);
  bus.on('auth.dealer.status-changed', onDealerStatusChanged);
  bus.on('auth.dealer.deleted', onDealerDeleted);
}
