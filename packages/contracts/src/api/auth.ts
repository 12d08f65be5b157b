import { z } from 'zod';
import { rowTimestamp } from './common';

/**
 * Request bodies of the auth routes the public site sends, shared by the auth service (which
 * validates them) and the storefront's forms (which validate the same way before sending).
 * Each failure carries a message code the platform translates; the storefront maps the codes
 * to its own texts. The server adds checks that need more than the body (password strength,
 * password equal to email).
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const emailField = z
  .string()
  .trim()
  .max(254, { message: 'email_invalid' })
  .toLowerCase()
  .pipe(z.email({ message: 'email_invalid' }));

/** A password being set: the length rules. */
export const newPasswordField = z
  .string()
  .min(PASSWORD_MIN, { message: 'password_too_short' })
  .max(PASSWORD_MAX, { message: 'password_too_long' });

/** A password being checked: any non-empty string up to the maximum. */
export const givenPasswordField = z.string().min(1).max(PASSWORD_MAX, { message: 'password_too_long' });

export const personNameField = z
  .string()
  .trim()
  .max(100, { message: 'name_invalid' })
  .regex(/^[\p{L}\p{M}][\p{L}\p{M} .'’-]*[\p{L}\p{M}.]$/u, { message: 'name_invalid' });

export const registerBody = z.object({ full_name: personNameField, email: emailField, password: newPasswordField });
export const loginBody = z.object({
  email: emailField,
  password: givenPasswordField,
  remember_me: z.boolean().optional().default(false),
});
export const forgotPasswordBody = z.object({ email: emailField });
export const resetPasswordBody = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { message: 'reset_token_invalid' }),
  password: newPasswordField,
});

export type RegisterBody = z.input<typeof registerBody>;
export type LoginBody = z.input<typeof loginBody>;

/** The signed-in user as the auth service shows it. */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  user_type: z.number().int(),
  role: z.array(z.string()).optional(),
});

/** /login and /refresh: the access token and the user. */
export const sessionSchema = publicUserSchema.extend({
  token: z.string(),
  token_type: z.literal('Bearer'),
  expires_at: z.string(),
});
export type SessionData = z.infer<typeof sessionSchema>;

/** GET and PUT /me: the signed-in account with its phone. */
export const profileSchema = publicUserSchema.extend({ phone: z.string().nullable() });
export type Profile = z.infer<typeof profileSchema>;

/** GET /.well-known/jwks.json (not enveloped): the public keys, every JWK member kept. */
export const jwksSchema = z.object({
  keys: z.array(
    z.looseObject({
      kty: z.string().optional(),
      kid: z.string().optional(),
      alg: z.string().optional(),
      use: z.string().optional(),
    }),
  ),
});

// ── back-office accounts: dealers and sales managers ──
const accountStatus = z.enum(['active', 'suspended']);
const accountFields = {
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  phone: z.string().nullable(),
  status: accountStatus,
  created_at: rowTimestamp,
  updated_at: rowTimestamp,
};

export const dealerSchema = z.object({
  ...accountFields,
  company_name: z.string(),
  tax_number: z.string().nullable(),
  tax_office: z.string().nullable(),
  address: z.string().nullable(),
  sales_manager_id: z.string().nullable(),
  sales_manager_name: z.string().nullable(),
});

export const salesManagerSchema = z.object({
  ...accountFields,
  region: z.string().nullable(),
  dealer_count: z.number().int(),
});

/** A retail customer (a shopper of the public site) as the admin's customer screens show them. */
export const customerSchema = z.object({ ...accountFields });

/** An account creation's answer: the new record, and whether its owner was emailed a set-password link. */
export const createdAccount = <T extends z.ZodObject>(record: T) => record.extend({ invitation_sent: z.boolean() });

// ── partnership and contact messages (stored by auth, which owns people; shown to admins) ──
const messageText = z
  .string()
  .trim()
  .min(10, { message: 'message_too_short' })
  .max(5000, { message: 'text_invalid' })
  // eslint-disable-next-line no-control-regex
  .regex(/^[^<>\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]+$/, { message: 'text_invalid' });
const shortText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { message: 'field_required' })
    .max(max, { message: 'text_invalid' })
    // eslint-disable-next-line no-control-regex
    .regex(/^[^<>{}`\\\u0000-\u001f\u007f]+$/, { message: 'text_invalid' });

export const partnershipMessageBody = z.object({
  company_name: shortText(150),
  email: emailField,
  message: messageText,
});
export const contactMessageBody = z.object({
  full_name: shortText(100),
  email: emailField,
  subject: shortText(150),
  message: messageText,
});
export type PartnershipMessageBody = z.input<typeof partnershipMessageBody>;
export type ContactMessageBody = z.input<typeof contactMessageBody>;

export const inboundMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(['partnership', 'contact']),
  company_name: z.string().nullable(),
  full_name: z.string().nullable(),
  email: z.string(),
  subject: z.string().nullable(),
  message: z.string(),
  locale: z.string(),
  /** new until an admin opens it; answered once someone replied (by mail, outside the shop). */
  status: z.enum(['new', 'read', 'answered']),
  status_changed_by: z.string().nullable(),
  status_changed_at: z.string().nullable(),
  created_at: z.string(),
});
export type InboundMessage = z.infer<typeof inboundMessageSchema>;
export const INBOUND_MESSAGE_STATUSES = ['new', 'read', 'answered'] as const;
/** PUT /admin/messages/:id: an admin marks a message read, answered, or new again. */
export const inboundMessageStatusBody = z.object({
  status: z.enum(INBOUND_MESSAGE_STATUSES, { message: 'message_status_invalid' }),
});
