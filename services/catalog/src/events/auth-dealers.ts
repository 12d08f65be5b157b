import { dealerCopy, keepDealerCopy, type EventBus } from '@esim/platform';

/**
 * The dealer → sales-manager map, kept from auth's dealer events in `dealers`. A deleted dealer
 * becomes unknown here (404 on pricing, no override on quotes); the price history stays.
 */
const dealers = dealerCopy({ table: 'dealers', salesManager: true });

export const onDealerUpserted = dealers.upserted;

export function registerCatalogHandlers(bus: EventBus): void {
  keepDealerCopy(bus, dealers);
}
