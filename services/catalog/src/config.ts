import { loadConfig, serviceConfigSchema } from '@esim/platform';
import { z } from 'zod';

/** The catalog service's settings: the shared ones plus its own (see the README's configuration table). */
export const configSchema = serviceConfigSchema(8082, {
  /**
   * How long a process serves its in-memory public catalog before reloading it. Writes in this
   * process invalidate at once and tell the others over Redis; the TTL bounds staleness if a
   * message is missed.
   */
  CATALOG_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** Most public responses (per locale and query) kept ready to send; the oldest go first. */
  CATALOG_CACHE_MAX_ENTRIES: z.coerce.number().int().min(10).max(100_000).default(2_000),
});

export type CatalogConfig = z.infer<typeof configSchema>;

export function loadCatalogConfig(env: NodeJS.ProcessEnv = process.env): CatalogConfig {
  return loadConfig(configSchema, env);
}
