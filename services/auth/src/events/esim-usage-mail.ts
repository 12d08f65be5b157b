import type { EventBus } from '@esim/platform';
import type { AuthConfig } from '../config';
import type { Mailer } from '../mail/mailer';
import { usageAlertMail } from '../mail/usage-alert-templates';

/**
 * Auth owns people, their addresses and the mailer, so it mails the eSIM usage alerts the esim
 * service publishes through its outbox. The mail goes out inside the handler: a failed send fails
 * the delivery, which the bus retries (at least once; the inbox keeps a delivered alert from
 * being mailed twice).
 */
export function registerEsimUsageMail(bus: EventBus, deps: { mailer: Mailer; config: AuthConfig }): void {
  bus.on('esim.profile.usage-alert', async (event, { trx }) => {
    const { kind } = event.payload;
    // Half the data used is told to a dealer's webhook only: travellers get no mail for it.
    if (kind === 'usage-50') return;
    const user = await trx('users')
      .where({ id: event.payload.userId })
      .whereNull('deleted_at')
      .first('email', 'full_name');
    if (!user) return;
    await deps.mailer.send(
      usageAlertMail(
        { ...event.payload, kind },
        { email: user.email, fullName: user.full_name },
        deps.config.PUBLIC_BASE_URL,
      ),
    );
  });
}
