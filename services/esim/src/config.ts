import { loadConfig, serviceConfigSchema } from '@esim/platform';
import type { z } from 'zod';

/** The esim service's settings: the shared ones plus its own (see the README's configuration table). */
export const configSchema = serviceConfigSchema(8084, {});

export type EsimConfig = z.infer<typeof configSchema>;

export function loadEsimConfig(env: NodeJS.ProcessEnv = process.env): EsimConfig {
  return loadConfig(configSchema, env);
}
