import { ConfigError, loadConfig, refuseDemoSecrets, serviceConfigSchema, urlList } from '@esim/platform';
import { z } from 'zod';

const millis = (fallback: number) => z.coerce.number().int().min(10).default(fallback);

/** The esim service's settings: the shared ones plus its own (see the README's configuration table). */
export const configSchema = serviceConfigSchema(8084, {
  /** Where the purchase saga asks for the caller's price and takes the hold. */
  CATALOG_URL: urlList('http://127.0.0.1:8082'),
  BALANCE_URL: urlList('http://127.0.0.1:8083'),
  /** Where the seller of every sale comes from: the shop's identity (GET /public/shop), kept 30 s in-process. */
  AUTH_URL: urlList('http://127.0.0.1:8081'),
  /**
   * Shared secret of the usage webhook (POST /webhooks/esim-usage): the provider signs
   * `<timestamp>.<raw body>` with HMAC-SHA256. Production refuses the demo default.
   */
  ESIM_WEBHOOK_SECRET: z.string().min(16).default('demo-esim-webhook-secret-change-me'),
  /** How often the recovery loop resumes orders a crash left midway, and expires eSIMs past their date. */
  ESIM_RECOVERY_INTERVAL_MS: millis(2_000),
  /** An unfinished order untouched this long is the recovery loop's (a live request is still driving a younger one). */
  ESIM_RECOVERY_GRACE_MS: millis(5_000),
  /**
   * How long a buyer's quote (their own price of a package) is reused for their next purchases;
   * 0 asks the catalog every time. Catalog price and package events clear the cache within their
   * delivery time, so this only bounds a quote's age while events are stalled; each refresh is a
   * catalog call, so a short one keeps the catalog busy under load. Past half of it, a purchase
   * still uses the quote and asks the catalog again in the background.
   */
  ESIM_QUOTE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  /** How long a one-time install link opens the install page (it also ends when revoked or once the eSIM is installed). */
  ESIM_INSTALL_LINK_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /** "Send to my e-mail" requests per order and hour (a mail carries activation codes: no flood to a mailbox). */
  ESIM_INSTALL_MAILS_PER_HOUR: z.coerce.number().int().min(1).max(100).default(5),
  /** Where buyers reach the shop: suppliers are told to send their webhooks under it (/api/webhooks/...). */
  PUBLIC_BASE_URL: z.url().default('http://localhost:8080'),
  /** Airalo Partner API v2: the client's id and secret (both or neither), and its address (a fake's in tests and demos). */
  AIRALO_CLIENT_ID: z.string().trim().min(1).optional(),
  AIRALO_CLIENT_SECRET: z.string().trim().min(1).optional(),
  AIRALO_BASE_URL: z.url().default('https://partners-api.airalo.com/v2'),
  /** eSIM Access: the access code and secret key (both or neither), its address, and the addresses its webhooks come from (comma-separated; empty: any). */
  ESIMACCESS_ACCESS_CODE: z.string().trim().min(1).optional(),
  ESIMACCESS_SECRET_KEY: z.string().trim().min(1).optional(),
  ESIMACCESS_BASE_URL: z.url().default('https://api.esimaccess.com'),
  ESIMACCESS_WEBHOOK_IPS: z.string().trim().default(''),
  /** Euros for one US dollar, for suppliers that price in dollars only (eSIM Access): their net costs in the catalogue. */
  SUPPLIER_EUR_PER_USD: z.coerce.number().positive().max(10).default(0.92),
  /** An order a supplier has not delivered this long after it was placed fails (hold voided, buyer told, admin alerted). */
  SUPPLIER_DELIVERY_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(70),
  /** Below this balance (euros) at a supplier the admin home warns. */
  SUPPLIER_BALANCE_WARNING_EUROS: z.coerce.number().int().min(0).default(100),
});

export type EsimConfig = z.infer<typeof configSchema>;

export function loadEsimConfig(env: NodeJS.ProcessEnv = process.env): EsimConfig {
  const config = loadConfig(configSchema, env);
  // A supplier with half its settings would fail its first sale: the service refuses to start instead.
  const halves = [
    ['AIRALO_CLIENT_ID', 'AIRALO_CLIENT_SECRET'],
    ['ESIMACCESS_ACCESS_CODE', 'ESIMACCESS_SECRET_KEY'],
  ].filter(([a, b]) => Boolean(config[a as keyof EsimConfig]) !== Boolean(config[b as keyof EsimConfig]));
  if (halves.length > 0)
    throw new ConfigError(
      `Invalid configuration:\n${halves.map(([a, b]) => `  ${a}, ${b}: set both or neither`).join('\n')}`,
    );
  refuseDemoSecrets(config, ['ESIM_WEBHOOK_SECRET']);
  return config;
}
