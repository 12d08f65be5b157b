import { loadConfig, serviceConfigSchema } from '@esim/platform';
import type { z } from 'zod';

/** The physical-sim service's settings: the shared ones plus its own (see the README's configuration table). */
export const configSchema = serviceConfigSchema(8085, {});

export type PhysicalSimConfig = z.infer<typeof configSchema>;

export function loadPhysicalSimConfig(env: NodeJS.ProcessEnv = process.env): PhysicalSimConfig {
  return loadConfig(configSchema, env);
}
