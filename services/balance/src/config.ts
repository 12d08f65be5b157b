import { loadConfig, serviceConfigSchema } from '@esim/platform';
import type { z } from 'zod';
import { z as zod } from 'zod';

/** The balance service's settings: the shared ones plus its own (see the README's configuration table). */
export const configSchema = serviceConfigSchema(8083, {
  /** The bank account customers transfer top-ups to; shown with the reference code to quote. */
  TOP_UP_ACCOUNT_HOLDER: zod.string().min(1).default('eSIM Demo Ltd. Şti.'),
  TOP_UP_BANK_NAME: zod.string().min(1).default('Demo Bank A.Ş.'),
  TOP_UP_IBAN: zod.string().min(1).default('TR00 0000 0000 0000 0000 0000 00'),
  /** Asked who an id is when money is booked for a dealer or sales manager this service has not heard of yet. */
  AUTH_URL: zod.url().default('http://127.0.0.1:8081'),
});

export type BalanceConfig = z.infer<typeof configSchema>;

export function loadBalanceConfig(env: NodeJS.ProcessEnv = process.env): BalanceConfig {
  return loadConfig(configSchema, env);
}
