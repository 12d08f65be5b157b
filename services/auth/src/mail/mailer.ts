import nodemailer from 'nodemailer';
import type { Mail } from './content';
import { renderMail, type MailBrand } from './layout';

export type { Mail, MailAttachment } from './content';
export type { MailBrand, OutgoingMail } from './layout';

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** `"Name" <address>`, the address taken from MAIL_FROM (whatever name it carries), the name from the brand. */
function fromOf(mailFrom: string, brand: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return brand ? `"${brand.replace(/["\\]/g, '')}" <${address}>` : mailFrom;
}

/**
 * SMTP through nodemailer (`SMTP_URL`: MailDev in demo mode, the provider's relay in production).
 * Every mail is drawn in the shop's branded layout, the brand asked for at each send so an admin's
 * change holds from the next mail.
 */
export function createMailer(options: { smtpUrl: string; from: string; brand: () => Promise<MailBrand> }): Mailer {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(mail) {
      const brand = await options.brand();
      // A mail in someone's name carries their name as the sender's, on the shop's own address.
      const fromName = mail.onBehalfOf?.name ?? brand.name;
      await transport.sendMail({ from: fromOf(options.from, fromName), ...(await renderMail(mail, brand)) });
    },
    close() {
      transport.close();
    },
  };
}
