import { attachEventBus, createServiceApp } from '@esim/platform';
import type { JSONWebKeySet } from 'jose';
import { loadCatalogConfig, type CatalogConfig } from './config';
import { registerCatalogHandlers } from './events/auth-dealers';
import { PublicCatalogCache } from './public/cache';
import { attachCatalogChanges } from './public/invalidation';
import { loadSnapshot } from './public/snapshot';
import { adminRoutes } from './routes/admin';
import { internalRoutes } from './routes/internal';
import { publicRoutes } from './routes/public';
import { salesManagerRoutes } from './routes/sales-manager';
import { userRoutes } from './routes/user';

export const SERVICE_NAME = 'catalog';
export const SCHEMA = 'catalog';

export interface BuildOptions {
  config?: CatalogConfig;
  /** Tests verify tokens with local keys instead of the auth service's JWKS. */
  jwks?: JSONWebKeySet;
}

/** Builds the catalog service (routes and event handlers); `server.ts` listens, tests inject. */
export async function buildApp(options: BuildOptions = {}) {
  const config = options.config ?? loadCatalogConfig();
  const app = await createServiceApp({
    name: SERVICE_NAME,
    schema: SCHEMA,
    description: 'Countries, regions, eSIM packages and the price each buyer pays.',
    config,
    jwks: options.jwks,
  });

  const cache = new PublicCatalogCache(() => loadSnapshot(app.db), {
    ttlMs: config.CATALOG_CACHE_TTL_MS,
    maxEntries: config.CATALOG_CACHE_MAX_ENTRIES,
    onRefreshError: (error) =>
      app.log.error({ err: error }, 'could not refresh the public catalog; serving the previous one'),
  });
  const changes = attachCatalogChanges(app, cache, { redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX });

  publicRoutes(app, cache);
  userRoutes(app);
  salesManagerRoutes(app);
  adminRoutes(app, changes);
  internalRoutes(app, changes);

  registerCatalogHandlers(attachEventBus(app, { service: SERVICE_NAME }));

  return Object.assign(app, { catalogChanges: changes });
}

export type CatalogApp = Awaited<ReturnType<typeof buildApp>>;
