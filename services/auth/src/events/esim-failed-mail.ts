import type { EventBus } from '@esim/platform';
import type { AuthConfig } from '../config';
import type { MailOutbox } from '../mail/outbox';
import { orderFailedMail } from '../mail/order-failed-templates';

/**
 * An order that failed after its buyer had left (its supplier did not deliver in time) is mailed to
 * them: nothing was charged. Failures answered to the buyer's own request are not mailed.
 */
export function registerEsimFailedMail(bus: EventBus, deps: { mails: MailOutbox; config: AuthConfig }): void {
  bus.on('esim.order.failed', async (event, { trx }) => {
    const { orderNumber, reason } = event.payload;
    if (!orderNumber || reason !== 'supplier_delivery_timeout') return;
    const user = await trx('users')
      .where({ id: event.payload.userId })
      .whereNull('deleted_at')
      .first('email', 'full_name');
    if (!user) return;
    await deps.mails.queue(
      trx,
      orderFailedMail(
        { ...event.payload, orderNumber },
        { email: user.email, fullName: user.full_name },
        deps.config.PUBLIC_BASE_URL,
      ),
    );
  });
}
