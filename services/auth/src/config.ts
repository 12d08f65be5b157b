import { loadConfig, serviceConfigSchema, urlList } from '@esim/platform';
import { z } from 'zod';
import { parasutConfigSchema } from './invoices/parasut/config';

/** `true`/`false`/`1`/`0` from the environment (z.coerce.boolean would read "false" as true). */
const envFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
const seconds = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
const sellerField = z.string().trim().min(1).max(300).optional();
const count = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

/** The auth service's settings: the shared ones plus its own (see the README's configuration table). */
export const configSchema = serviceConfigSchema(8081, {
  /**
   * Signing keys as JSON: `[{ "kid": "2026-01", "privateKey": "-----BEGIN PRIVATE KEY-----..." }]`
   * (PKCS#8 PEM, EC P-256 → ES256 or RSA → RS256). The first signs; all are published, so a retired
   * key keeps verifying until its last token expires. Required in production (or the file below).
   */
  AUTH_SIGNING_KEYS: z.string().optional(),
  /** A file holding the same JSON (or one PEM private key). */
  AUTH_SIGNING_KEY_FILE: z.string().optional(),
  ACCESS_TOKEN_TTL_SECONDS: seconds(15 * 60),
  REFRESH_TOKEN_DAYS: count(7),
  REFRESH_TOKEN_REMEMBER_DAYS: count(30),
  /** The refresh cookie's Secure flag; defaults to on in production mode (the demo runs on plain http). */
  COOKIE_SECURE: envFlag.optional(),
  SMTP_URL: z.string().default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().default('eSIM <no-reply@esim.test>'),
  /** How often each copy looks for mails due a retry (a mail is sent right after the change it tells of commits). */
  MAIL_POLL_INTERVAL_MS: z.coerce.number().int().min(50).default(5000),
  /** A mail's first retry after the SMTP server could not take it; each further one doubles, up to the max. */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
  MAIL_RETRY_MAX_MS: z.coerce.number().int().min(1).default(3_600_000),
  /** Tries before a mail is given up (about 8 hours with the default delays), kept with its last error. */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(15),
  /** Storefront origin used in emailed links. */
  PUBLIC_BASE_URL: z.url().default('http://localhost:8080'),
  PASSWORD_RESET_TTL_MINUTES: count(30),
  /** Validity of the set-password link sent to a dealer or sales manager created without a password. */
  INVITATION_TTL_HOURS: count(72),
  LOGIN_MAX_FAILURES: count(5),
  LOGIN_FAILURE_WINDOW_SECONDS: seconds(15 * 60),
  /** Failed logins of one account from any address before each further attempt waits a doubling delay (see abuse/limits.ts). */
  LOGIN_ACCOUNT_FREE_FAILURES: count(10),
  /** The account's failures are forgotten after this long without a new one. */
  LOGIN_ACCOUNT_WINDOW_SECONDS: seconds(3600),
  LOGIN_ACCOUNT_DELAY_SECONDS: seconds(2),
  /** The longest wait: never a permanent lock a stranger could trigger. */
  LOGIN_ACCOUNT_MAX_DELAY_SECONDS: seconds(15 * 60),
  REGISTER_LIMIT_PER_IP: count(10),
  REGISTER_WINDOW_SECONDS: seconds(3600),
  FORGOT_PASSWORD_LIMIT_PER_IP: count(5),
  FORGOT_PASSWORD_WINDOW_SECONDS: seconds(15 * 60),
  /** Services asked before a dealer is deleted (money, stock); with catalog and esim, every service whose audit log the admin reads. */
  BALANCE_URL: urlList('http://127.0.0.1:8083'),
  PHYSICAL_SIM_URL: urlList('http://127.0.0.1:8085'),
  CATALOG_URL: urlList('http://127.0.0.1:8082'),
  ESIM_URL: urlList('http://127.0.0.1:8084'),
  /**
   * Who issues the e-Arşiv invoices: `demo` (numbered documents marked as no invoice, demo mode's
   * default) or `parasut`. Production refuses to start without a real one.
   */
  INVOICE_PROVIDER: z.enum(['demo', 'parasut']).optional(),
  /** How often each copy looks for documents due a provider call. */
  INVOICE_POLL_INTERVAL_MS: z.coerce.number().int().min(100).default(5000),
  /** The first retry of a document the provider could not take yet; each further one doubles, up to the max. */
  INVOICE_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
  INVOICE_RETRY_MAX_MS: z.coerce.number().int().min(1).default(3_600_000),
  /** How often each copy looks for webhook deliveries due. */
  WEBHOOK_POLL_INTERVAL_MS: z.coerce.number().int().min(50).default(2000),
  /** A delivery's first retry after a failed try; each further one doubles, up to the max, for 24 hours. */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
  WEBHOOK_RETRY_MAX_MS: z.coerce.number().int().min(1).default(3_600_000),
  /** A receiver that has not answered by then counts as a failed try. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Paraşüt's credentials and address, read when INVOICE_PROVIDER=parasut (docs/invoicing.md). */
  ...parasutConfigSchema.shape,
  /**
   * The seller the shop's identity starts from until an admin sets it in the back office (Shop
   * settings → Shop identity), which then wins. Unset: the demo shop's in demo mode, empty in production.
   */
  SELLER_NAME: sellerField,
  SELLER_ADDRESS: sellerField,
  SELLER_TAX_OFFICE: sellerField,
  SELLER_TAX_NUMBER: z
    .string()
    .trim()
    .regex(/^[0-9]{10}$/)
    .optional(),
  SELLER_MERSIS: z
    .string()
    .trim()
    .regex(/^[0-9]{16}$/)
    .optional(),
  SELLER_PHONE: sellerField,
  SELLER_EMAIL: z.email().optional(),
});

export type AuthConfig = z.infer<typeof configSchema>;

export function loadAuthConfig(env: NodeJS.ProcessEnv = process.env): AuthConfig {
  return loadConfig(configSchema, env);
}
