import type { EventBus } from '@esim/platform';
import type { AuthConfig } from '../config';
import type { MailOutbox } from '../mail/outbox';
import { refundMail } from '../mail/refund-templates';
import { recordEsimRefund } from '../invoices/records';

/**
 * Auth owns people, their addresses and the mailer, so it mails the buyer a refunded eSIM's mail:
 * the mail is queued with the inbox row (mail/outbox.ts), so it goes out once.
 * Refund events of the first releases carry no order facts: nobody is mailed for those.
 */
export function registerEsimRefundMail(bus: EventBus, deps: { mails: MailOutbox; config: AuthConfig }): void {
  bus.on('esim.order.refunded', async (event, { trx }) => {
    // The refund's pending return document is written with the inbox row, before the mail's checks.
    await recordEsimRefund(trx, event.payload);
    if (!event.payload.orderNumber) return;
    const user = await trx('users')
      .where({ id: event.payload.userId })
      .whereNull('deleted_at')
      .first('email', 'full_name');
    if (!user) return;
    await deps.mails.queue(
      trx,
      refundMail(event.payload, { email: user.email, fullName: user.full_name }, deps.config.PUBLIC_BASE_URL),
    );
  });
}
