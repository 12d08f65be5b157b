import nodemailer from 'nodemailer';
import type { Mail } from './content';
import { renderMail, type MailBrand } from './layout';

export type { Mail, MailAttachment } from './content';
export type { MailBrand, OutgoingMail } from './layout';

export interface Mailer {
  /** `messageId`: the same for every try of one queued mail (mail/outbox.ts). */
  send(mail: Mail, options?: { messageId?: string }): Promise<void>;
  close(): void;
}

const addressOf = (mailFrom: string): string => /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();

/** `"Name" <address>`, the address taken from MAIL_FROM (whatever name it carries), the name from the brand. */
function fromOf(mailFrom: string, brand: string): string {
  return brand ? `"${brand.replace(/["\\]/g, '')}" <${addressOf(mailFrom)}>` : mailFrom;
}

/** The domain of MAIL_FROM's address (what our Message-IDs end with). */
export const mailDomainOf = (mailFrom: string): string => addressOf(mailFrom).split('@')[1] || 'localhost';

/**
 * SMTP through nodemailer (`SMTP_URL`: MailDev in demo mode, the provider's relay in production).
 * Every mail is drawn in the shop's branded layout, the brand asked for at each send so an admin's
 * change holds from the next mail.
 */
export function createMailer(options: { smtpUrl: string; from: string; brand: () => Promise<MailBrand> }): Mailer {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(mail, { messageId } = {}) {
      const brand = await options.brand();
      // A mail in someone's name carries their name as the sender's, on the shop's own address.
      const fromName = mail.onBehalfOf?.name ?? brand.name;
      await transport.sendMail({
        from: fromOf(options.from, fromName),
        ...(messageId ? { messageId } : {}),
        ...(await renderMail(mail, brand)),
      });
    },
    close() {
      transport.close();
    },
  };
}
