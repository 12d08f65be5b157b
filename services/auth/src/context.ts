import type { CreatedServiceApp } from '@esim/platform';
import type { FastifyRequest } from 'fastify';
import type { AuthConfig } from './config';
import type { Meta } from './dealers/dealers';
import type { DealerFigures } from './clients/dealer-figures';
import type { HoldingsChecker } from './clients/holdings';
import type { InvoiceProvider } from './invoices/port';
import type { Mail } from './mail/mailer';
import type { MailOutbox } from './mail/outbox';
import type { Keyring } from './tokens/keyring';

export type AuthApp = CreatedServiceApp;

/** What the auth routes share besides the app itself (built once in app.ts). */
export interface AuthContext {
  config: AuthConfig;
  keyring: Keyring;
  /** Every mail goes through it: queued with its change, sent after the commit, tried again (mail/outbox.ts). */
  mails: MailOutbox;
  holdings: HoldingsChecker;
  dealerFigures: DealerFigures;
  /** Who issues the e-Arşiv invoices and prints their PDFs. */
  invoices: InvoiceProvider;
}

/**
 * Queues an email on its own (no change of ours to go with): the caller's answer must not depend on
 * the SMTP server (forgot-password answers alike whether or not a mail goes out), and a mail the
 * server cannot take now is tried again.
 */
export function sendInBackground(app: AuthApp, ctx: AuthContext, mail: Mail): void {
  ctx.mails
    .queue(app.db, mail)
    .catch((error: unknown) => app.log.error({ err: error, subject: mail.subject }, 'could not queue email'));
}

/** What account changes carry into their events and field errors: the caller's language and the request id. */
export const metaOf = (request: FastifyRequest): Meta => ({
  locale: request.locale,
  correlationId: String(request.id),
});
