import type { EventBus } from '@esim/platform';
import type { AuthConfig } from '../config';
import type { Mailer } from '../mail/mailer';
import { statementReadyMail } from '../mail/statement-templates';

/**
 * Auth owns people, their addresses and the mailer, so it mails a dealer that last month's statement
 * is ready when balance announces it (once per dealer and month): a failed send fails the delivery,
 * which the bus retries, and the inbox keeps a delivered notice from going out twice.
 */
export function registerStatementMail(bus: EventBus, deps: { mailer: Mailer; config: AuthConfig }): void {
  bus.on('balance.statement.ready', async (event, { trx }) => {
    const user = await trx('users')
      .where({ id: event.payload.dealerId })
      .whereNull('deleted_at')
      .first('email', 'full_name');
    if (!user) return;
    await deps.mailer.send(
      statementReadyMail(event.payload, { email: user.email, fullName: user.full_name }, deps.config.PUBLIC_BASE_URL),
    );
  });
}
