import { loadConfig, serviceConfigSchema } from '@esim/platform';
import type { z } from 'zod';

/** The balance service's settings: the shared ones plus its own (see the README's configuration table). */
export const configSchema = serviceConfigSchema(8083, {});

export type BalanceConfig = z.infer<typeof configSchema>;

export function loadBalanceConfig(env: NodeJS.ProcessEnv = process.env): BalanceConfig {
  return loadConfig(configSchema, env);
}
