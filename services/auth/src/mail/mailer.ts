import nodemailer from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Content-ID: the html shows the attachment inline as <img src="cid:...">. */
  cid?: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Who signs every mail: the shop's brand and support contacts, read from its identity at each send. */
export interface MailBrand {
  name: string;
  support_email: string;
  support_phone: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** `"Name" <address>`, the address taken from MAIL_FROM (whatever name it carries), the name from the brand. */
function fromOf(mailFrom: string, brand: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return brand ? `"${brand.replace(/["\\]/g, '')}" <${address}>` : mailFrom;
}

/** The same sign-off under every mail, in no language in particular: the brand and how to reach it. */
export function withSignOff(mail: OutgoingMail, brand: MailBrand): OutgoingMail {
  const contact = [brand.support_email, brand.support_phone].filter(Boolean).join(' · ');
  const lines = [`— ${brand.name}`, ...(contact ? [contact] : [])];
  return {
    ...mail,
    text: `${mail.text}\n\n${lines.join('\n')}`,
    html: `${mail.html}\n<p>${lines.map(escapeHtml).join('<br>')}</p>`,
  };
}

/**
 * SMTP through nodemailer (`SMTP_URL`: MailDev in demo mode, the provider's relay in production).
 * Every mail goes out under the shop's brand, asked for at each send so an admin's change holds from the next mail.
 */
export function createMailer(options: { smtpUrl: string; from: string; brand?: () => Promise<MailBrand> }): Mailer {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(mail) {
      const brand = await options.brand?.();
      const signed = brand ? withSignOff(mail, brand) : mail;
      await transport.sendMail({ from: brand ? fromOf(options.from, brand.name) : options.from, ...signed });
    },
    close() {
      transport.close();
    },
  };
}
