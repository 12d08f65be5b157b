import { loadConfig, serviceConfigSchema, urlList } from '@esim/platform';
import type { z } from 'zod';
import { z as zod } from 'zod';

/** The balance service's settings: the shared ones plus its own (see the README's configuration table). */
export const configSchema = serviceConfigSchema(8083, {
  /**
   * The bank account customers transfer deposits to, until an admin saves the shop's own in the back
   * office (shop_settings); production shows customers none whose IBAN fails mod 97.
   */
  DEPOSIT_ACCOUNT_HOLDER: zod.string().min(1).default('Yelkovan Demo Teknoloji A.Ş.'),
  DEPOSIT_BANK_NAME: zod.string().min(1).default('Demo Bank A.Ş.'),
  DEPOSIT_IBAN: zod.string().min(1).default('TR00 0000 0000 0000 0000 0000 00'),
  /** Asked who an id is when money is booked for a dealer or sales manager this service has not heard of yet. */
  AUTH_URL: urlList('http://127.0.0.1:8081'),
  /** Where buyers reach the shop: the card provider sends their browser back to its callback there. */
  PUBLIC_BASE_URL: zod.url().default('http://localhost:8080'),
  /** iyzico's credentials and API address; with no keys, demo mode pays through the demo provider. */
  IYZICO_API_KEY: zod.string().optional(),
  IYZICO_SECRET_KEY: zod.string().optional(),
  IYZICO_BASE_URL: zod.url().default('https://sandbox-api.iyzipay.com'),
  /** A card payment still unpaid this long after it started is expired (nothing charged). */
  CARD_PAYMENT_EXPIRE_MINUTES: zod.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** How often the poll loop looks for card payments due a look and refunds due a provider call. */
  CARD_PAYMENT_POLL_INTERVAL_MS: zod.coerce.number().int().min(100).max(600_000).default(1_000),
  /**
   * Longest wait between two looks at a card payment whose page is open: a paid one whose buyer
   * never came back is credited within about this (while the provider's call rate keeps up).
   */
  CARD_PAYMENT_RECHECK_MAX_MS: zod.coerce.number().int().min(1_000).max(600_000).default(30_000),
  /** Provider calls a second from every copy together (payments re-read and refunds), and at once from one copy. */
  CARD_PROVIDER_CALLS_PER_SECOND: zod.coerce.number().int().min(1).max(10_000).default(400),
  CARD_PROVIDER_CONCURRENCY: zod.coerce.number().int().min(1).max(200).default(32),
  /** Open (pending or in review) card payments one person may have at once; one more is refused (429). */
  CARD_PAYMENTS_OPEN_PER_USER: zod.coerce.number().int().min(1).max(100).default(3),
  /** The largest card deposit, and the most one person may deposit by card in one day (Istanbul), in euros. */
  CARD_DEPOSIT_MAX_EUROS: zod.coerce.number().int().min(1).max(1_000_000).default(1_000),
  CARD_DEPOSIT_DAILY_MAX_EUROS: zod.coerce.number().int().min(1).max(10_000_000).default(2_000),
});

export type BalanceConfig = z.infer<typeof configSchema>;

/** The settings' names before deposits were named so: an old name still counts while its new one is unset. */
const OLD_NAMES: Readonly<Record<string, string>> = {
  TOP_UP_ACCOUNT_HOLDER: 'DEPOSIT_ACCOUNT_HOLDER',
  TOP_UP_BANK_NAME: 'DEPOSIT_BANK_NAME',
  TOP_UP_IBAN: 'DEPOSIT_IBAN',
  CARD_TOP_UP_MAX_EUROS: 'CARD_DEPOSIT_MAX_EUROS',
  CARD_TOP_UP_DAILY_MAX_EUROS: 'CARD_DEPOSIT_DAILY_MAX_EUROS',
};

function withNewNames(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const renamed = { ...env };
  for (const [old, name] of Object.entries(OLD_NAMES))
    if (renamed[name] === undefined && env[old] !== undefined) renamed[name] = env[old];
  return renamed;
}

export function loadBalanceConfig(env: NodeJS.ProcessEnv = process.env): BalanceConfig {
  return loadConfig(configSchema, withNewNames(env));
}
