import type { EventBus } from '@esim/platform';
import type { AuthConfig } from '../config';
import type { MailOutbox } from '../mail/outbox';
import { receiptMail } from '../receipts/receipt-mail';
import { recordEsimSale } from '../invoices/records';
import { readShopIdentity } from '../shop/identity';

/**
 * Auth owns people, their addresses and the mailer, so it mails the receipt of an eSIM order the
 * esim service publishes through its outbox, as it mails the usage alerts: the mail is queued with the
 * inbox row (mail/outbox.ts), so a receipt goes out once.
 */
export function registerOrderReceiptMail(bus: EventBus, deps: { mails: MailOutbox; config: AuthConfig }): void {
  bus.on('esim.order.receipt', async (event, { trx }) => {
    // The sale's pending e-Arşiv invoice is written with the inbox row; the issuing loop sends it.
    await recordEsimSale(trx, event.payload, deps.config);
    const user = await trx('users')
      .where({ id: event.payload.userId })
      .whereNull('deleted_at')
      .first('email', 'full_name');
    if (!user) return;
    const identity = await readShopIdentity(trx, deps.config);
    await deps.mails.queue(
      trx,
      await receiptMail(
        event.payload,
        { email: user.email, fullName: user.full_name },
        deps.config.PUBLIC_BASE_URL,
        identity.brand_name,
      ),
    );
  });
}
