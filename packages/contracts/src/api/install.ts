import { z } from 'zod';
import { nullableTimestamp, timestamp } from './common';

/**
 * Installing an eSIM from another device: the buyer mails themselves the install details, or makes
 * a one-time link that opens the install page elsewhere without signing in (esim service, src/install/).
 */

/** A link's token: 16 random bytes, base64url (22 characters), in the path `/install/<token>`. */
export const INSTALL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const installPath = (token: string) => `/install/${token}`;

/** Answer of POST /user/esim/orders/:id/send-install-mail (the mail goes out through the outbox). */
export const installMailAnswerSchema = z.object({
  order_id: z.string(),
  esim_count: z.number().int(),
  requested_at: timestamp,
});
export type InstallMailAnswer = z.infer<typeof installMailAnswerSchema>;

/** Answer of POST /user/esim/orders/:id/send-to-customer (the address is the order's `customer_email`, not repeated here). */
export const customerMailAnswerSchema = installMailAnswerSchema.extend({ locale: z.enum(['tr', 'en']) });
export type CustomerMailAnswer = z.infer<typeof customerMailAnswerSchema>;

/** Request: POST /user/esim/orders/:id/install-links (the order's eSIM the link installs). */
export const createInstallLinkBody = z.object({ esim_id: z.uuid() });

/** active: opens the page · installed: the eSIM is in use, the page hides the code · expired · revoked. */
export const INSTALL_LINK_STATES = ['active', 'installed', 'expired', 'revoked'] as const;

export const installLinkSchema = z.object({
  id: z.string(),
  esim_id: z.string(),
  iccid: z.string(),
  state: z.enum(INSTALL_LINK_STATES),
  created_at: timestamp,
  expires_at: timestamp,
  revoked_at: nullableTimestamp,
  opened_count: z.number().int(),
  last_opened_at: nullableTimestamp,
});
export type InstallLink = z.infer<typeof installLinkSchema>;

/** The new link: its token is shown this once (only its hash is stored). */
export const createdInstallLinkSchema = installLinkSchema.extend({ token: z.string(), path: z.string() });
export type CreatedInstallLink = z.infer<typeof createdInstallLinkSchema>;

/** ready: the code is shown · installed: the eSIM has been used, no code · unavailable: suspended, used up or expired, no code. */
export const INSTALL_PAGE_STATES = ['ready', 'installed', 'unavailable'] as const;

/** Answer of the public GET /public/install/:token: what the install page shows. */
export const installPageSchema = z.object({
  state: z.enum(INSTALL_PAGE_STATES),
  package_name: z.string(),
  data_mb: z.number().int().nullable(),
  unlimited: z.boolean(),
  validity_days: z.number().int(),
  iccid: z.string(),
  link_expires_at: timestamp,
  /** Only while the eSIM is ready to install. */
  install: z
    .object({
      activation_code: z.string(),
      smdp_address: z.string(),
      matching_id: z.string(),
      confirmation_code_required: z.boolean(),
      ios_install_url: z.string(),
      /** The QR png as a data: URL (the page has no session to fetch it with). */
      qr_data_url: z.string(),
    })
    .nullable(),
});
export type InstallPage = z.infer<typeof installPageSchema>;
