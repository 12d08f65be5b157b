import type { Knex } from 'knex';
import { AppError, ConfigError } from '@esim/platform';
import type { BalanceConfig } from '../config';
import { demoProvider } from './demo-provider';
import { iyzicoProvider } from './iyzico';
import type { PaymentProvider } from './port';

/**
 * The card-payment provider the configuration asks for: iyzico with both keys; without keys the
 * demo provider in demo mode, and none in production mode (card top-ups are then refused).
 */
export function configuredPaymentProvider(config: BalanceConfig, db: Knex): PaymentProvider | null {
  const { IYZICO_API_KEY: apiKey, IYZICO_SECRET_KEY: secretKey } = config;
  if (apiKey && secretKey) return iyzicoProvider({ apiKey, secretKey, baseUrl: config.IYZICO_BASE_URL });
  if (apiKey || secretKey)
    throw new ConfigError('Invalid configuration:\n  IYZICO_API_KEY, IYZICO_SECRET_KEY: set both or neither');
  return config.APP_MODE === 'demo' ? demoProvider(db, { publicBaseUrl: config.PUBLIC_BASE_URL }) : null;
}

/** The configured provider, or a 422 saying card payments are off (production without iyzico keys). */
export function requireCardPayments(payments: PaymentProvider | null): PaymentProvider {
  if (!payments) throw new AppError(422, 'card_payments_unavailable');
  return payments;
}
