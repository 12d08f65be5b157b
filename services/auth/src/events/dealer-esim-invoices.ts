import type { EventBus } from '@esim/platform';
import type { AuthConfig } from '../config';
import { recordDealerEsimSale } from './invoice-records';

/**
 * A dealer's own eSIM purchases get their e-Arşiv invoice from the order's completion (a consumer's
 * come from the receipt): the pending row is written with the inbox row, and the issuing loop sends it.
 */
export function registerDealerEsimInvoices(bus: EventBus, deps: { config: AuthConfig }): void {
  bus.on('esim.order.completed', async (event, { trx }) => {
    await recordDealerEsimSale(trx, event.payload, deps.config, new Date(event.occurredAt));
  });
}
