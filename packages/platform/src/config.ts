import { z } from 'zod';

/** Settings every process shares. Each service extends this with its own keys. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /**
   * The one switch: demo seeds demo data, runs the local mail catcher and pays through the demo card
   * provider; production never does any of it. Unset, it is production under NODE_ENV=production, else demo.
   */
  APP_MODE: z.enum(['demo', 'production']).default('demo'),
  HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/esim'),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  /** Prefix of every Redis key; tests give each file its own. */
  REDIS_PREFIX: z.string().default('esim:'),
  /** Comma-separated Kafka bootstrap servers. Unset: the embedded PostgreSQL event log carries events. */
  KAFKA_BROKERS: z.string().optional(),
  /** Where the auth service publishes its public keys: one URL, or every auth copy's, comma-separated (the first that answers is used). */
  AUTH_JWKS_URL: z.string().default('http://127.0.0.1:8081/.well-known/jwks.json'),
  /** Shared credential of service-to-service calls under /internal. */
  INTERNAL_SERVICE_TOKEN: z.string().min(16).default('demo-internal-service-token-change-me'),
  /**
   * Comma-separated addresses or CIDRs (proxy-addr names such as `loopback` allowed) of the
   * gateway(s): a service believes their X-Forwarded-For, and then only with the internal service
   * credential. The gateway itself reads TRUSTED_PROXIES (proxies in front of the edge) instead.
   */
  TRUSTED_GATEWAYS: z.string().default('loopback'),
  /** Largest accepted JSON body, in bytes. */
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  /** An outbox row or a consumer's backlog waiting longer than this makes `/ready` (and /api/health) say degraded. */
  EVENTS_STALE_AFTER_SECONDS: z.coerce.number().int().min(1).default(60),
});

export type BaseConfig = z.infer<typeof baseConfigSchema>;

/** `a, b,` → `['a', 'b']`: the URLs of a comma-separated list. */
export const splitUrls = (value: string) =>
  value
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);

/** One or more comma-separated base URLs: the copies of a service that calls to it spread over. */
export const urlList = (fallback: string) =>
  z.string().default(fallback).transform(splitUrls).pipe(z.array(z.url()).min(1, 'at least one URL'));

export class ConfigError extends Error {}

/**
 * One switch decides demo or production: APP_MODE. A process told NODE_ENV=production and nothing
 * else is taken at its word, so it never runs demo payments or demo data by default.
 */
export function withAppMode(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return env.APP_MODE === undefined && env.NODE_ENV === 'production' ? { ...env, APP_MODE: 'production' } : env;
}

/**
 * Parses the environment with a zod schema. Fails fast with every bad variable named,
 * and refuses the demo internal token in production.
 */
export function loadConfig<S extends z.ZodType<BaseConfig>>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const result = schema.safeParse(withAppMode(env));
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  refuseDemoSecrets(result.data as BaseConfig, ['INTERNAL_SERVICE_TOKEN']);
  return result.data;
}

/**
 * Production refuses the published demo secrets (their defaults, all starting with `demo-`): anyone
 * who read the repository could otherwise call /internal or sign webhooks. Every one left is named.
 */
export function refuseDemoSecrets<C extends Pick<BaseConfig, 'APP_MODE'>>(
  config: C,
  names: ReadonlyArray<keyof C & string>,
): void {
  if (config.APP_MODE !== 'production') return;
  const demo = names.filter((name) => {
    const value = config[name];
    return value === undefined || (typeof value === 'string' && value.startsWith('demo-'));
  });
  if (demo.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${demo.map((name) => `  ${name}: set a secret of your own in production mode`).join('\n')}`,
    );
  }
}

/** Builds a service's config schema: the base plus its own keys (port first, so every service names it). */
export function serviceConfigSchema<T extends z.ZodRawShape>(defaultPort: number, extra: T) {
  return baseConfigSchema.extend({ PORT: z.coerce.number().int().min(0).max(65535).default(defaultPort), ...extra });
}
