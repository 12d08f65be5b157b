import type { Locale } from '@esim/contracts';

/**
 * What a template says, without how it looks: the branded layout (layout.tsx) draws these blocks
 * under the shop's brand at each send, and the plain-text part is made from the same html.
 */
export type Block =
  | { kind: 'text'; text: string; muted?: boolean }
  /** Short lines kept together, one under the other (figures, a contact). */
  | { kind: 'lines'; lines: string[] }
  | { kind: 'heading'; text: string }
  | { kind: 'button'; href: string; label: string }
  /** A sentence followed by the address it points to, the address written out so it can be copied. */
  | { kind: 'link'; lead: string; href: string }
  /** An inline image attached to the mail under this Content-ID. */
  | { kind: 'image'; cid: string; alt: string; size: number }
  /** Values to type or copy by hand (SM-DP+ address, activation code), each under its label. */
  | { kind: 'codes'; rows: Array<{ label: string; value: string }> }
  | { kind: 'steps'; title: string; steps: string[] }
  | { kind: 'divider' };

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Content-ID: the html shows the attachment inline as <img src="cid:...">. */
  cid?: string;
}

/** A mail as a template writes it; `locale: 'both'` says it in Turkish first and English below. */
export interface Mail {
  to: string;
  subject: string;
  locale: Locale | 'both';
  blocks: Block[];
  attachments?: MailAttachment[];
  /**
   * Sent on someone's behalf (a dealer's mail to its customer): the From name, the header and the
   * signature are theirs, replies go to them, and the shop's brand is named only as the technical sender.
   */
  onBehalfOf?: { name: string; replyTo?: string };
}

export const text = (value: string, muted = false): Block => ({ kind: 'text', text: value, muted });
export const lines = (values: string[]): Block => ({ kind: 'lines', lines: values });
export const heading = (value: string): Block => ({ kind: 'heading', text: value });
export const button = (href: string, label: string): Block => ({ kind: 'button', href, label });
export const link = (lead: string, href: string): Block => ({ kind: 'link', lead, href });
export const divider: Block = { kind: 'divider' };
