import type { EventBus } from '@esim/platform';
import type { AuthConfig } from '../config';
import type { Mailer } from '../mail/mailer';
import { receiptMail } from '../receipts/receipt-mail';
import { recordEsimSale } from '../invoices/records';
import { readShopIdentity } from '../shop/identity';

/**
 * Auth owns people, their addresses and the mailer, so it mails the receipt of an eSIM order the
 * esim service publishes through its outbox, as it mails the usage alerts: a failed send fails the
 * delivery, which the bus retries, and the inbox keeps a delivered receipt from going out twice.
 */
export function registerOrderReceiptMail(bus: EventBus, deps: { mailer: Mailer; config: AuthConfig }): void {
  bus.on('esim.order.receipt', async (event, { trx }) => {
    // The sale's pending e-Arşiv invoice is written with the inbox row; the issuing loop sends it.
    await recordEsimSale(trx, event.payload, deps.config);
    const user = await trx('users')
      .where({ id: event.payload.userId })
      .whereNull('deleted_at')
      .first('email', 'full_name');
    if (!user) return;
    const identity = await readShopIdentity(trx, deps.config);
    await deps.mailer.send(
      await receiptMail(
        event.payload,
        { email: user.email, fullName: user.full_name },
        deps.config.PUBLIC_BASE_URL,
        identity.brand_name,
      ),
    );
  });
}
