import type { EventBus } from '@esim/platform';
import type { MailOutbox } from '../mail/outbox';
import { customerInstallMail, installMail } from '../mail/install-mail-templates';

/**
 * Auth owns people, their addresses and the mailer, so it mails the install details the esim
 * service publishes when a buyer asks for them, as it mails the usage alerts: the mail is queued with
 * the inbox row (mail/outbox.ts), so a request is mailed once.
 * A request naming a customer goes to that customer in the dealer's name (its company, as auth
 * keeps it); a buyer who is no longer a dealer sends nothing in a company's name.
 */
export function registerEsimInstallMail(bus: EventBus, deps: { mails: MailOutbox }): void {
  bus.on('esim.order.install-mail', async (event, { trx }) => {
    const user = await trx('users')
      .leftJoin('dealer_profiles', 'dealer_profiles.user_id', 'users.id')
      .where({ 'users.id': event.payload.userId })
      .whereNull('users.deleted_at')
      .first('users.email', 'users.full_name', 'dealer_profiles.company_name');
    if (!user) return;
    const customer = event.payload.customer;
    if (customer) {
      if (!user.company_name) return;
      await deps.mails.queue(
        trx,
        customerInstallMail(event.payload, customer, { companyName: user.company_name, email: user.email }),
      );
      return;
    }
    await deps.mails.queue(trx, installMail(event.payload, { email: user.email, fullName: user.full_name }));
  });
}
