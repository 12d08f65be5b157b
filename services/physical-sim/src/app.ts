import { attachEventBus, createServiceApp } from '@esim/platform';
import type { JSONWebKeySet } from 'jose';
import { createBalanceClient } from './clients/balance';
import { createCatalogClient } from './clients/catalog';
import { loadPhysicalSimConfig, type PhysicalSimConfig } from './config';
import type { PhysicalSimContext } from './context';
import { registerPhysicalSimHandlers } from './events/auth-dealers';
import { registerImportMetrics } from './imports/metrics';
import { createImportQueue } from './imports/queue';
import { placingSweeper } from './orders/placing-sweeper';
import { adminRoutes } from './routes/admin';
import { internalRoutes } from './routes/internal';
import { publicRoutes } from './routes/public';
import { userRoutes } from './routes/user';

export const SERVICE_NAME = 'physical-sim';
export const SCHEMA = 'physical_sim';

export interface BuildOptions {
  config?: PhysicalSimConfig;
  /** Tests verify tokens with local keys instead of the auth service's JWKS. */
  jwks?: JSONWebKeySet;
}

/** Builds the physical-sim service (routes and event handlers); `server.ts` listens, tests inject. The import worker is src/worker.ts. */
export async function buildApp(options: BuildOptions = {}) {
  const config = options.config ?? loadPhysicalSimConfig();
  const app = await createServiceApp({
    name: SERVICE_NAME,
    schema: SCHEMA,
    description: 'eUICC physical SIM stock, imports, dealer orders and returns.',
    config,
    jwks: options.jwks,
  });
  const ctx: PhysicalSimContext = {
    config,
    catalog: createCatalogClient({ baseUrl: config.CATALOG_URL, token: config.INTERNAL_SERVICE_TOKEN }),
    balance: createBalanceClient({ baseUrl: config.BALANCE_URL, token: config.INTERNAL_SERVICE_TOKEN }),
    queue: createImportQueue(config.REDIS_URL, config.REDIS_PREFIX),
  };
  app.addHook('onClose', async () => {
    // A queue closed while its connection is still starting up leaves a rejected command behind
    // ("Connection is closed"): let it finish connecting (or fail) first.
    await ctx.queue.waitUntilReady().catch(() => undefined);
    await ctx.queue.close();
  });

  userRoutes(app, ctx);
  publicRoutes(app, ctx);
  adminRoutes(app, ctx);
  internalRoutes(app);

  registerImportMetrics(app.metrics, ctx.queue, app.redis, app.db);
  registerPhysicalSimHandlers(attachEventBus(app, { service: SERVICE_NAME }));
  const expireAfterMs = config.ORDER_PLACING_EXPIRE_MINUTES * 60_000;
  // Swept a few times per expiry period, at least once a minute, so a stale order waits little past its expiry.
  app.whileServing(
    placingSweeper(app.db, { expireAfterMs, intervalMs: Math.min(60_000, expireAfterMs / 4), log: app.log }),
  );
  return Object.assign(app, { importQueue: ctx.queue });
}

export type PhysicalSimApp = Awaited<ReturnType<typeof buildApp>>;
