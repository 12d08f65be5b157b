import { attachEventBus, createDb, createServiceApp } from '@esim/platform';
import type { JSONWebKeySet } from 'jose';
import { loadAuthConfig, type AuthConfig } from './config';
import type { AuthContext } from './context';
import { createAuditSources } from './audit-log/merged-audit-log';
import { createDealerFigures } from './clients/dealer-figures';
import { createHoldingsChecker } from './clients/holdings';
import { registerEsimInstallMail } from './events/esim-install-mail';
import { registerEsimFailedMail } from './events/esim-failed-mail';
import { registerPhysicalSimDecisionMail } from './events/physical-sim-decision-mail';
import { registerStatementMail } from './events/balance-statement-mail';
import { registerEsimRefundMail } from './events/esim-refund-mail';
import { registerEsimUsageMail } from './events/esim-usage-mail';
import { registerOrderReceiptMail } from './events/esim-receipt-mail';
import { registerDealerEsimInvoices } from './events/esim-dealer-invoices';
import { createMailer, mailDomainOf } from './mail/mailer';
import { registerMailMetrics } from './mail/metrics';
import { createMailOutbox } from './mail/outbox';
import { invoiceIssuer } from './invoices/issuer';
import type { InvoiceProvider } from './invoices/port';
import { chooseInvoiceProvider } from './invoices/provider';
import { parasutInvoiceProvider } from './invoices/parasut';
import { adminRoutes } from './routes/admin';
import { apiKeyRoutes } from './routes/api-keys';
import { webhookRoutes } from './routes/webhooks';
import { busWithSharedTypes } from './events/bus';
import { webhookDeliverer } from './webhooks/delivery';
import { registerWebhookQueueing } from './webhooks/queueing';
import { internalRoutes } from './routes/internal';
import { publicRoutes } from './routes/public';
import { salesManagerRoutes } from './routes/sales-manager';
import { shopRoutes } from './routes/shop';
import { userRoutes } from './routes/user';
import { readShopIdentity } from './shop/identity';
import { loadKeyring } from './tokens/keyring';

export const SERVICE_NAME = 'auth';
export const SCHEMA = 'auth';

export interface BuildOptions {
  config?: AuthConfig;
  /** Extra public keys to accept besides the service's own (tests may sign with platform test keys). */
  jwks?: JSONWebKeySet;
  /** The invoicing provider instead of the configured one (tests: a fake of a third party). */
  invoiceProvider?: InvoiceProvider;
}

/** Builds the auth service (routes and event handlers); `server.ts` listens, tests inject. */
export async function buildApp(options: BuildOptions = {}) {
  const config = options.config ?? loadAuthConfig();

  // The service verifies its own tokens with its own keys (no HTTP call to itself), so the keys come first.
  const keyDb = createDb(config.DATABASE_URL, SCHEMA, 1);
  const keyring = await loadKeyring(config, keyDb).finally(() => keyDb.destroy());

  const app = await createServiceApp({
    name: SERVICE_NAME,
    schema: SCHEMA,
    description: 'Accounts of every role, sign-in, tokens, password reset, dealers and sales managers.',
    config,
    jwks: { keys: [...keyring.jwks.keys, ...(options.jwks?.keys ?? [])] },
  });

  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    brand: async () => {
      const identity = await readShopIdentity(app.db, config);
      return {
        name: identity.brand_name,
        logo_url: identity.logo_url,
        primary_color: identity.primary_color,
        support_email: identity.support_email,
        support_phone: identity.support_phone,
        legal_name: identity.legal_name,
      };
    },
  });
  const mails = createMailOutbox(app.db, mailer, {
    retryBaseMs: config.MAIL_RETRY_BASE_MS,
    retryMaxMs: config.MAIL_RETRY_MAX_MS,
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
    messageIdDomain: mailDomainOf(config.MAIL_FROM),
    log: app.log,
  });
  registerMailMetrics(app.metrics, app.db);
  // The sends started after commits finish before the pools close.
  app.addHook('preClose', async () => mails.settle());
  app.addHook('onClose', async () => mailer.close());
  const ctx: AuthContext = {
    config,
    keyring,
    mails,
    holdings: createHoldingsChecker({
      balanceUrl: config.BALANCE_URL,
      physicalSimUrl: config.PHYSICAL_SIM_URL,
      token: config.INTERNAL_SERVICE_TOKEN,
    }),
    dealerFigures: createDealerFigures({ balanceUrl: config.BALANCE_URL, token: config.INTERNAL_SERVICE_TOKEN }),
    invoices:
      options.invoiceProvider ??
      chooseInvoiceProvider(config, app.db, {
        parasut: () => parasutInvoiceProvider(config, { redis: app.redis, log: app.log }),
      }),
  };
  app.addHook('onClose', async () => ctx.dealerFigures.close());

  const auditSources = createAuditSources(
    app.db,
    {
      catalog: config.CATALOG_URL,
      balance: config.BALANCE_URL,
      esim: config.ESIM_URL,
      'physical-sim': config.PHYSICAL_SIM_URL,
    },
    config.INTERNAL_SERVICE_TOKEN,
  );
  app.addHook('onClose', async () => {
    await Promise.all(auditSources.map((source) => source.close?.()));
  });

  publicRoutes(app, ctx);
  userRoutes(app, ctx);
  salesManagerRoutes(app, ctx);
  adminRoutes(app, ctx, auditSources);
  internalRoutes(app);
  apiKeyRoutes(app, ctx);
  webhookRoutes(app, ctx);

  // Every copy issues pending documents through the provider, each row leased to one copy at a time.
  app.whileServing(
    invoiceIssuer(app.db, ctx.invoices, {
      intervalMs: config.INVOICE_POLL_INTERVAL_MS,
      retryBaseMs: config.INVOICE_RETRY_BASE_MS,
      retryMaxMs: config.INVOICE_RETRY_MAX_MS,
      log: app.log,
    }),
  );
  // Every copy sends the mails due a retry, each leased to one copy at a time.
  app.whileServing(mails.work(config.MAIL_POLL_INTERVAL_MS));
  // Every copy sends the webhook deliveries due, outside any transaction, each leased to one copy at a time.
  app.whileServing(
    webhookDeliverer(app.db, {
      intervalMs: config.WEBHOOK_POLL_INTERVAL_MS,
      retryBaseMs: config.WEBHOOK_RETRY_BASE_MS,
      retryMaxMs: config.WEBHOOK_RETRY_MAX_MS,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      production: config.APP_MODE === 'production',
      log: app.log,
    }),
  );
  shopRoutes(app, ctx);

  // The bus runs the outbox relay, which carries every event above to the others; auth consumes the eSIM usage alerts, install-detail requests, order receipts, physical-SIM decisions and dealer statements (it mails them), dealers' completed eSIM orders (it invoices them), and the order, eSIM, Plus-order and dealer-credit events a dealer's webhooks send.
  // Some types are both mailed and queued for webhooks: the bus of events/bus.ts runs both handlers in one transaction.
  const bus = busWithSharedTypes(attachEventBus(app, { service: SERVICE_NAME }));
  registerWebhookQueueing(bus);
  registerEsimUsageMail(bus, { mails, config });
  registerEsimInstallMail(bus, { mails });
  registerOrderReceiptMail(bus, { mails, config });
  registerDealerEsimInvoices(bus, { config });
  registerEsimRefundMail(bus, { mails, config });
  registerEsimFailedMail(bus, { mails, config });
  registerPhysicalSimDecisionMail(bus, { mails, config });
  registerStatementMail(bus, { mails, config });
  return app;
}
