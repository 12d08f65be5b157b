import type { EventBus, EventHandler } from './types';

/**
 * A service's local copy of auth's dealers, kept from auth's dealer events (a dealer's id is their
 * user id). Each handler runs in the consumer's transaction with its inbox row; upserts keep a
 * redelivery harmless, and a deleted dealer is never revived by a late update.
 */
export interface DealerCopy {
  upserted: EventHandler<'auth.dealer.created' | 'auth.dealer.updated'>;
  statusChanged: EventHandler<'auth.dealer.status-changed'>;
  deleted: EventHandler<'auth.dealer.deleted'>;
}

/**
 * The handlers that keep the copy in `table` (`dealer_id`, `email`, `full_name`, `company_name`,
 * `status`, `updated_at`, `deleted_at`, and `sales_manager_id` when `salesManager` is set).
 */
export function dealerCopy(options: { table: string; salesManager: boolean }): DealerCopy {
  const { table, salesManager } = options;
  return {
    upserted: async (event, { trx }) => {
      const dealer = event.payload;
      await trx(table)
        .insert({
          dealer_id: dealer.userId,
          ...(salesManager ? { sales_manager_id: dealer.salesManagerId } : {}),
          email: dealer.email,
          full_name: dealer.fullName,
          company_name: dealer.companyName,
          status: dealer.status,
          updated_at: trx.fn.now(),
        })
        .onConflict('dealer_id')
        .merge([
          ...(salesManager ? ['sales_manager_id'] : []),
          'email',
          'full_name',
          'company_name',
          'status',
          'updated_at',
        ])
        .where(`${table}.deleted_at`, null);
    },
    statusChanged: async (event, { trx }) => {
      await trx(table)
        .where({ dealer_id: event.payload.userId })
        .whereNull('deleted_at')
        .update({ status: event.payload.status, updated_at: trx.fn.now() });
    },
    deleted: async (event, { trx }) => {
      await trx(table)
        .insert({ dealer_id: event.payload.userId, status: 'deleted', deleted_at: trx.fn.now() })
        .onConflict('dealer_id')
        .merge({ deleted_at: trx.fn.now(), status: 'deleted', updated_at: trx.fn.now() });
    },
  };
}

/** Registers the copy's handlers for auth's four dealer events. */
export function keepDealerCopy(bus: EventBus, copy: DealerCopy): void {
  bus.on('auth.dealer.created', copy.upserted);
  bus.on('auth.dealer.updated', copy.upserted);
  bus.on('auth.dealer.status-changed', copy.statusChanged);
  bus.on('auth.dealer.deleted', copy.deleted);
}
