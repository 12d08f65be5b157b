import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, serviceConfigSchema, splitUrls, urlList } from '@esim/platform';
import type { ServiceName } from '@esim/contracts';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const perMinute = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
const millis = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
/** Whatever directory the process was started from (npm workspaces change it), paths mean the same. */
const repoPath = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) => path.resolve(repoRoot, value));

/** The gateway's settings: the shared ones plus where the services and the two SPA builds are. */
export const configSchema = serviceConfigSchema(8080, {
  AUTH_URL: urlList('http://127.0.0.1:8081'),
  CATALOG_URL: urlList('http://127.0.0.1:8082'),
  BALANCE_URL: urlList('http://127.0.0.1:8083'),
  ESIM_URL: urlList('http://127.0.0.1:8084'),
  PHYSICAL_SIM_URL: urlList('http://127.0.0.1:8085'),
  /** Vite builds served at `/` and `/dashboard`; a relative path is taken from the repository root. */
  STOREFRONT_DIST: repoPath('frontend/storefront/dist'),
  BACKOFFICE_DIST: repoPath('frontend/backoffice/dist'),
  /**
   * Comma-separated addresses or CIDRs of proxies in front of the gateway whose X-Forwarded-For is
   * believed (e.g. `10.0.0.0/8,loopback`). Empty: the gateway is the edge and the socket address is
   * the client, so nobody can dodge a rate limit by sending the header.
   */
  TRUSTED_PROXIES: z.string().default(''),
  /** An upstream that has not answered (headers or next body chunk) in this time gets a 503. */
  UPSTREAM_TIMEOUT_MS: millis(30_000),
  UPSTREAM_CONNECT_TIMEOUT_MS: millis(2_000),
  /** Keep-alive connections per service copy. */
  UPSTREAM_CONNECTIONS: z.coerce.number().int().min(1).max(4096).default(128),
  /** How often each copy of a service with several is asked for its /ready, to take it out or put it back. */
  UPSTREAM_HEALTH_INTERVAL_MS: millis(2_000),
  /** Public GET answers kept at the door (per URL and language) while their Cache-Control allows; 0 turns it off. */
  PUBLIC_CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(2000),
  /** How long past its max-age a kept public answer may still be served while its service fails; 0: never. */
  PUBLIC_CACHE_STALE_IF_ERROR_SECONDS: z.coerce.number().int().min(0).max(86_400).default(900),
  /** Per client IP and minute, by the route table's rate-limit group. */
  RATE_LIMIT_LOGIN_PER_MIN: perMinute(20),
  RATE_LIMIT_REGISTER_PER_MIN: perMinute(10),
  RATE_LIMIT_PASSWORD_RESET_PER_MIN: perMinute(5),
  RATE_LIMIT_PUBLIC_LOOKUP_PER_MIN: perMinute(30),
  RATE_LIMIT_PUBLIC_READ_PER_MIN: perMinute(600),
  /** Every other API route (signed-in callers): generous, only against floods. */
  RATE_LIMIT_API_PER_MIN: perMinute(3_000),
  /** Per partner API key and minute, on top of the limits above (docs/partner-api.md). */
  RATE_LIMIT_API_KEY_PER_MIN: perMinute(600),
  /** `/api/health` and `/api/docs` ask each service with this deadline. */
  HEALTH_TIMEOUT_MS: millis(2_000),
  /** How long the merged OpenAPI document is reused before the services are asked again. */
  DOCS_CACHE_MS: z.coerce.number().int().min(0).default(30_000),
});

export type GatewayConfig = z.infer<typeof configSchema>;

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return loadConfig(configSchema, env);
}

/** Where each service is: one base URL, or several comma-separated (its copies), as the `*_URL` settings take them. */
export type Upstreams = Record<ServiceName, string>;
/** The base URLs of every copy of every service. */
export type UpstreamUrls = Record<ServiceName, string[]>;

/** Base URLs of every service's copies, from the config (tests override some with `upstreams`). */
export function upstreamsOf(config: GatewayConfig, overrides: Partial<Upstreams> = {}): UpstreamUrls {
  const urls: UpstreamUrls = {
    auth: config.AUTH_URL,
    catalog: config.CATALOG_URL,
    balance: config.BALANCE_URL,
    esim: config.ESIM_URL,
    'physical-sim': config.PHYSICAL_SIM_URL,
  };
  for (const [service, value] of Object.entries(overrides) as [ServiceName, string | undefined][]) {
    if (value) urls[service] = splitUrls(value);
  }
  return urls;
}
