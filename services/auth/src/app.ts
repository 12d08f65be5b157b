import { attachEventBus, createDb, createServiceApp } from '@esim/platform';
import type { JSONWebKeySet } from 'jose';
import { loadAuthConfig, type AuthConfig } from './config';
import type { AuthContext } from './context';
import { createAuditSources } from './audit-log/merged-audit-log';
import { createHoldingsChecker } from './clients/holdings';
import { registerEsimInstallMail } from './events/esim-install-mail';
import { registerEsimFailedMail } from './events/esim-failed-mail';
import { registerEsimRefundMail } from './events/esim-refund-mail';
import { registerEsimUsageMail } from './events/esim-usage-mail';
import { registerOrderReceiptMail } from './events/order-receipt-mail';
import { createMailer } from './mail/mailer';
import { adminRoutes } from './routes/admin';
import { internalRoutes } from './routes/internal';
import { publicRoutes } from './routes/public';
import { salesManagerRoutes } from './routes/sales-manager';
import { userRoutes } from './routes/user';
import { loadKeyring } from './tokens/keyring';

export const SERVICE_NAME = 'auth';
export const SCHEMA = 'auth';

export interface BuildOptions {
  config?: AuthConfig;
  /** Extra public keys to accept besides the service's own (tests may sign with platform test keys). */
  jwks?: JSONWebKeySet;
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

  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  app.addHook('onClose', async () => mailer.close());
  const ctx: AuthContext = {
    config,
    keyring,
    mailer,
    holdings: createHoldingsChecker({
      balanceUrl: config.BALANCE_URL,
      physicalSimUrl: config.PHYSICAL_SIM_URL,
      token: config.INTERNAL_SERVICE_TOKEN,
    }),
  };

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

  // The bus runs the outbox relay, which carries every event above to the others; auth consumes the eSIM usage alerts, install-detail requests and order receipts (it mails them).
  const bus = attachEventBus(app, { service: SERVICE_NAME });
  registerEsimUsageMail(bus, { mailer, config });
  registerEsimInstallMail(bus, { mailer });
  registerOrderReceiptMail(bus, { mailer, config });
  registerEsimRefundMail(bus, { mailer, config });
  registerEsimFailedMail(bus, { mailer, config });
  return app;
}
