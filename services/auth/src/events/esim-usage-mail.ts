import type { EventBus } from '@esim/platform';
import type { AuthConfig } from '../config';
import type { MailOutbox } from '../mail/outbox';
import { usageAlertMail } from '../mail/usage-alert-templates';

/**
 * Auth owns people, their addresses and the mailer, so it mails the eSIM usage alerts the esim
 * service publishes through its outbox. The mail is queued with the inbox row and sent after the
 * commit, outside the transaction (mail/outbox.ts): an alert is mailed once, and an SMTP server
 * that cannot take it now holds up no event.
 */
export function registerEsimUsageMail(bus: EventBus, deps: { mails: MailOutbox; config: AuthConfig }): void {
  bus.on('esim.profile.usage-alert', async (event, { trx }) => {
    const { kind } = event.payload;
    // Half the data used is told to a dealer's webhook only: travellers get no mail for it.
    if (kind === 'usage-50') return;
    const user = await trx('users')
      .where({ id: event.payload.userId })
      .whereNull('deleted_at')
      .first('email', 'full_name');
    if (!user) return;
    await deps.mails.queue(
      trx,
      usageAlertMail(
        { ...event.payload, kind },
        { email: user.email, fullName: user.full_name },
        deps.config.PUBLIC_BASE_URL,
      ),
    );
  });
}
