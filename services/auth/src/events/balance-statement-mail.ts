import type { EventBus } from '@esim/platform';
import type { AuthConfig } from '../config';
import type { MailOutbox } from '../mail/outbox';
import { statementReadyMail } from '../mail/statement-templates';

/**
 * Auth owns people, their addresses and the mailer, so it mails a dealer that last month's statement
 * is ready when balance announces it (once per dealer and month): the mail is queued with the inbox
 * row (mail/outbox.ts), so a notice goes out once.
 */
export function registerStatementMail(bus: EventBus, deps: { mails: MailOutbox; config: AuthConfig }): void {
  bus.on('balance.statement.ready', async (event, { trx }) => {
    const user = await trx('users')
      .where({ id: event.payload.dealerId })
      .whereNull('deleted_at')
      .first('email', 'full_name');
    if (!user) return;
    await deps.mails.queue(
      trx,
      statementReadyMail(event.payload, { email: user.email, fullName: user.full_name }, deps.config.PUBLIC_BASE_URL),
    );
  });
}
