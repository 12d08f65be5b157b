import { loadConfig, serviceConfigSchema } from '@esim/platform';
import type { z } from 'zod';

/** The auth service's settings: the shared ones plus its own (see the README's configuration table). */
export const configSchema = serviceConfigSchema(8081, {});

export type AuthConfig = z.infer<typeof configSchema>;

export function loadAuthConfig(env: NodeJS.ProcessEnv = process.env): AuthConfig {
  return loadConfig(configSchema, env);
}
