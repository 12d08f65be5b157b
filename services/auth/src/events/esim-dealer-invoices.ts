import type { EventBus } from '@esim/platform';
import type { AuthConfig } from '../config';
import { recordDealerEsimSales } from '../invoices/records';

/**
 * A dealer's own eSIM purchases get their e-Arşiv invoice from the order's completion (a consumer's
 * come from the receipt): the pending row is written with the inbox row, and the issuing loop sends it.
 * A run of completions is taken at once: every purchase completes an order, and few are a dealer's.
 */
export function registerDealerEsimInvoices(bus: EventBus, deps: { config: AuthConfig }): void {
  bus.onBatch('esim.order.completed', async (events, { trx }) => {
    await recordDealerEsimSales(
      trx,
      events.map((event) => ({ order: event.payload, occurredAt: new Date(event.occurredAt) })),
      deps.config,
    );
  });
}
