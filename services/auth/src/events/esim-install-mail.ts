import type { EventBus } from '@esim/platform';
import type { Mailer } from '../mail/mailer';
import { installMail } from '../mail/install-mail-templates';

/**
 * Auth owns people, their addresses and the mailer, so it mails the install details the esim
 * service publishes when a buyer asks for them, as it mails the usage alerts: a failed send fails
 * the delivery, which the bus retries, and the inbox keeps a delivered request from going out twice.
 */
export function registerEsimInstallMail(bus: EventBus, deps: { mailer: Mailer }): void {
  bus.on('esim.order.install-mail', async (event, { trx }) => {
    const user = await trx('users')
      .where({ id: event.payload.userId })
      .whereNull('deleted_at')
      .first('email', 'full_name');
    if (!user) return;
    await deps.mailer.send(installMail(event.payload, { email: user.email, fullName: user.full_name }));
  });
}
