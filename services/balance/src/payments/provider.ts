import type { Knex } from 'knex';
import { AppError, ConfigError } from '@esim/platform';
import type { BalanceConfig } from '../config';
import { demoProvider } from './demo-provider';
import { iyzicoProvider } from './iyzico';
import type { PaymentProvider } from './port';

/** The card-payment providers of the service: the one new payments go through, and each payment's own by name. */
export interface PaymentProviders {
  /** Where new payments go (null: card payments are off). */
  active: PaymentProvider | null;
  /** The provider a payment was made with: its refunds and answers go there, whatever is active now. */
  of(name: string): PaymentProvider | undefined;
}

export const IYZICO_SANDBOX = 'https://sandbox-api.iyzipay.com';

export function providersOf(active: PaymentProvider | null, others: PaymentProvider[] = []): PaymentProviders {
  const byName = new Map<string, PaymentProvider>(
    [...others, ...(active ? [active] : [])].map((provider) => [provider.name, provider]),
  );
  return { active, of: (name) => byName.get(name) };
}

/**
 * The providers the configuration asks for: iyzico with both keys; without keys the demo provider
 * in demo mode, and none in production mode (card payments are then refused). Demo mode keeps the
 * demo provider beside iyzico, so payments made with it can still be answered and refunded.
 * Production never runs the demo provider nor iyzico's sandbox.
 */
export function configuredPaymentProviders(config: BalanceConfig, db: Knex): PaymentProviders {
  const { IYZICO_API_KEY: apiKey, IYZICO_SECRET_KEY: secretKey } = config;
  if (Boolean(apiKey) !== Boolean(secretKey))
    throw new ConfigError('Invalid configuration:\n  IYZICO_API_KEY, IYZICO_SECRET_KEY: set both or neither');
  const production = config.APP_MODE === 'production';
  if (production && apiKey && new URL(config.IYZICO_BASE_URL).origin === IYZICO_SANDBOX)
    throw new ConfigError(
      "Invalid configuration:\n  IYZICO_BASE_URL: iyzico's sandbox takes no real card; production mode needs https://api.iyzipay.com",
    );
  const iyzico = apiKey && secretKey ? iyzicoProvider({ apiKey, secretKey, baseUrl: config.IYZICO_BASE_URL }) : null;
  const demo = production ? null : demoProvider(db, { publicBaseUrl: config.PUBLIC_BASE_URL });
  return providersOf(iyzico ?? demo, iyzico && demo ? [demo] : []);
}

/** The provider new payments go through, or a 422 saying card payments are off (production without iyzico keys). */
export function requireCardPayments(payments: PaymentProviders): PaymentProvider {
  if (!payments.active) throw new AppError(422, 'card_payments_unavailable');
  return payments.active;
}
