import type { EventBus, EventHandler } from '@esim/platform';

/**
 * The local copy of auth's dealers (names on lists, checks before a transfer). Each handler runs in
 * the consumer's transaction with its inbox row; upserts keep a redelivery harmless and a deleted
 * dealer is never revived by a late update.
 */
export const onDealerUpserted: EventHandler<'auth.dealer.created' | 'auth.dealer.updated'> = async (event, { trx }) => {
  const d = event.payload;
  await trx('dealers')
    .insert({
      dealer_id: d.userId,
      email: d.email,
      full_name: d.fullName,
      company_name: d.companyName,
      status: d.status,
      updated_at: trx.fn.now(),
    })
    .onConflict('dealer_id')
    .merge(['email', 'full_name', 'company_name', 'status', 'updated_at'])
    .where('dealers.deleted_at', null);
};

export const onDealerStatusChanged: EventHandler<'auth.dealer.status-changed'> = async (event, { trx }) => {
  await trx('dealers')
    .where({ dealer_id: event.payload.userId })
    .whereNull('deleted_at')
    .update({ status: event.payload.status, updated_at: trx.fn.now() });
};

export const onDealerDeleted: EventHandler<'auth.dealer.deleted'> = async (event, { trx }) => {
  await trx('dealers')
    .insert({ dealer_id: event.payload.userId, status: 'deleted', deleted_at: trx.fn.now() })
    .onConflict('dealer_id')
    .merge({ deleted_at: trx.fn.now(), status: 'deleted', updated_at: trx.fn.now() });
};

export function registerPhysicalSimHandlers(bus: EventBus): void {
  bus.on('auth.dealer.created', onDealerUpserted);
  bus.on('auth.dealer.updated', onDealerUpserted);
  bus.on('auth.dealer.status-changed', onDealerStatusChanged);
  bus.on('auth.dealer.deleted', onDealerDeleted);
}
