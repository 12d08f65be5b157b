import { attachEventBus, createServiceApp } from '@esim/platform';
import type { JSONWebKeySet } from 'jose';
import { loadEsimConfig, type EsimConfig } from './config';
import { internalClients, orderWrites, type EsimContext } from './context';
import { registerEsimHandlers } from './events/catalog-packages';
import { startRecoveryLoop } from './orders/recovery';
import type { EsimProvider } from './provider/port';
import { poolProvider } from './provider/pool-provider';
import { supplierRouter } from './provider/router';
import type { Supplier } from './provider/supplier';
import { adminSupplierRoutes } from './routes/admin-suppliers';
import { supplierWebhookRoutes } from './routes/supplier-webhooks';
import { configuredSuppliers, supplierWebhookUrl } from './suppliers/configured';
import { registerSupplierMetrics } from './suppliers/metrics';
import { supplierSyncJob, supplierWebhookRegistration } from './suppliers/sync';
import { adminRoutes } from './routes/admin';
import { publicRoutes } from './routes/public';
import { userRoutes } from './routes/user';

export const SERVICE_NAME = 'esim';
export const SCHEMA = 'esim';

export interface BuildOptions {
  config?: EsimConfig;
  /** Tests verify tokens with local keys instead of the auth service's JWKS. */
  jwks?: JSONWebKeySet;
  /** The profile provider (the pool and the configured suppliers behind the router) unless a test gives its own. */
  provider?: EsimProvider;
  /** Wholesale suppliers instead of the configured ones (tests, against the fakes). */
  suppliers?: Supplier[];
}

/** Builds the esim service (routes and event handlers); `server.ts` listens, tests inject. */
export async function buildApp(options: BuildOptions = {}) {
  const config = options.config ?? loadEsimConfig();
  const app = await createServiceApp({
    name: SERVICE_NAME,
    schema: SCHEMA,
    description:
      'eSIM orders (a persisted purchase saga), the profile pool, QR codes, usage, refunds and the public balance check.',
    config,
    jwks: options.jwks,
  });
  const suppliers = options.suppliers ?? configuredSuppliers(config, app.redis, app.log);
  const provider =
    options.provider ??
    supplierRouter(poolProvider, Object.fromEntries(suppliers.map((supplier) => [supplier.name, supplier])));
  const clients = internalClients(config);
  const ctx: EsimContext = {
    config,
    ...clients,
    provider,
    suppliers,
    ...orderWrites(app.db, provider, () => clients.shop.seller()),
  };
  app.addHook('onClose', async () => {
    await Promise.all([ctx.catalog.close(), ctx.balance.close(), ctx.shop.close()]);
  });
  registerSupplierMetrics(app.metrics, app.db, {
    suppliers: suppliers.map((supplier) => supplier.name),
    balanceWarningCents: config.SUPPLIER_BALANCE_WARNING_EUROS * 100,
  });

  userRoutes(app, ctx);
  publicRoutes(app, ctx);
  adminRoutes(app);
  adminSupplierRoutes(app, ctx);
  supplierWebhookRoutes(app, ctx);
  registerEsimHandlers(attachEventBus(app, { service: SERVICE_NAME }), ctx.quotes);

  /** Starts the recovery loop (running the service does; tests when they need it). */
  let stopLoops: (() => Promise<void>) | undefined;
  const startLoops = () => {
    stopLoops ??= startRecoveryLoop(app.db, ctx, app.log);
  };
  const endLoops = async () => {
    const stop = stopLoops;
    stopLoops = undefined;
    await stop?.();
  };
  app.addHook('preClose', endLoops);
  app.whileServing({ name: 'recovery loop', start: startLoops, stop: endLoops });
  app.whileServing(supplierWebhookRegistration(suppliers, (name) => supplierWebhookUrl(config, name), app.log));
  app.whileServing(
    supplierSyncJob(app.db, ctx.catalog, suppliers, {
      redisUrl: config.REDIS_URL,
      redisPrefix: config.REDIS_PREFIX,
      log: app.log,
    }),
  );
  return Object.assign(app, { esim: { ctx, startLoops } });
}
