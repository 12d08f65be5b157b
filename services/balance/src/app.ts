import { attachEventBus, createServiceApp, createShopIdentityReader } from '@esim/platform';
import type { JSONWebKeySet } from 'jose';
import { loadBalanceConfig, type BalanceConfig } from './config';
import type { BalanceContext } from './context';
import { configureHoldBatcher, DEFAULT_BATCHES_IN_FLIGHT } from './ledger/batcher';
import { registerCardPaymentMetrics, registerHoldMetrics } from './ledger/metrics';
import { registerBalanceHandlers } from './events/bus';
import { createAccountDirectory } from './clients/auth';
import { adminRoutes } from './routes/admin';
import { internalRoutes } from './routes/internal';
import { publicRoutes } from './routes/public';
import { salesManagerRoutes } from './routes/sales-manager';
import { monthlyStatementsJob } from './statements/monthly';
import { userRoutes } from './routes/user';
import { paymentPoller, rateLimiter } from './payments/poller';
import type { PaymentProvider } from './payments/port';
import { configuredPaymentProviders, providersOf } from './payments/provider';

export const SERVICE_NAME = 'balance';
export const SCHEMA = 'balance';

export interface BuildOptions {
  config?: BalanceConfig;
  /** Tests verify tokens with local keys instead of the auth service's JWKS. */
  jwks?: JSONWebKeySet;
  /** A card-payment provider instead of the configured one (iyzico, demo, or none). */
  payments?: PaymentProvider | null;
  /** Hold batches written at the same time (src/ledger/batcher.ts); more only on a database with more cores. */
  holdBatchesInFlight?: number;
}

/** Builds the balance service (routes and event handlers); `server.ts` listens, tests inject. */
export async function buildApp(options: BuildOptions = {}) {
  const config = options.config ?? loadBalanceConfig();
  const app = await createServiceApp({
    name: SERVICE_NAME,
    schema: SCHEMA,
    description: 'Double-entry ledger: balances, holds, dealer credit and cash, collections, transactions.',
    config,
    jwks: options.jwks,
  });
  const expireAfterMs = config.CARD_PAYMENT_EXPIRE_MINUTES * 60_000;
  const ctx: BalanceContext = {
    config,
    shop: {
      bank: {
        account_holder: config.DEPOSIT_ACCOUNT_HOLDER,
        bank_name: config.DEPOSIT_BANK_NAME,
        iban: config.DEPOSIT_IBAN,
      },
      production: config.APP_MODE === 'production',
    },
    payments:
      options.payments === undefined ? configuredPaymentProviders(config, app.db) : providersOf(options.payments),
    paymentRules: {
      expireAfterMs,
      maxOpenPerUser: config.CARD_PAYMENTS_OPEN_PER_USER,
      maxDepositCents: config.CARD_DEPOSIT_MAX_EUROS * 100,
      maxDailyCents: config.CARD_DEPOSIT_DAILY_MAX_EUROS * 100,
    },
    paymentSchedule: {
      expireAfterMs,
      openEveryMs: config.CARD_PAYMENT_RECHECK_MAX_MS,
      reviewEveryMs: 5 * 60_000,
      pageGraceMs: 5 * 60_000,
    },
    accounts: createAccountDirectory({ authUrl: config.AUTH_URL, token: config.INTERNAL_SERVICE_TOKEN }),
    identity: createShopIdentityReader({ authUrl: config.AUTH_URL, token: config.INTERNAL_SERVICE_TOKEN }),
  };
  app.addHook('onClose', async () => ctx.identity.close());

  configureHoldBatcher(app.db, { maxInFlight: options.holdBatchesInFlight ?? DEFAULT_BATCHES_IN_FLIGHT });
  registerHoldMetrics(app.metrics, app.db);
  registerCardPaymentMetrics(app.metrics, app.db);

  publicRoutes(app, ctx);
  userRoutes(app, ctx);
  salesManagerRoutes(app, ctx);
  adminRoutes(app, ctx);
  internalRoutes(app, ctx.payments);

  // Runs without an active provider too: payments and refunds of a provider still known are settled.
  app.whileServing(
    paymentPoller(app.db, ctx.payments, {
      ...ctx.paymentSchedule,
      intervalMs: config.CARD_PAYMENT_POLL_INTERVAL_MS,
      concurrency: config.CARD_PROVIDER_CONCURRENCY,
      limiter: rateLimiter(config.CARD_PROVIDER_CALLS_PER_SECOND, app.redis),
      log: app.log,
    }),
  );

  app.whileServing(
    monthlyStatementsJob(app.db, { redisUrl: config.REDIS_URL, redisPrefix: config.REDIS_PREFIX, log: app.log }),
  );

  registerBalanceHandlers(attachEventBus(app, { service: SERVICE_NAME }), app.db);
  return app;
}
