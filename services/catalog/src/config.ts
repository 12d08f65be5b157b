import { loadConfig, serviceConfigSchema } from '@esim/platform';
import type { z } from 'zod';

/** The catalog service's settings: the shared ones plus its own (see the README's configuration table). */
export const configSchema = serviceConfigSchema(8082, {});

export type CatalogConfig = z.infer<typeof configSchema>;

export function loadCatalogConfig(env: NodeJS.ProcessEnv = process.env): CatalogConfig {
  return loadConfig(configSchema, env);
}
