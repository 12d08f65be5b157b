import type { BalanceConfig } from './config';
import type { AccountDirectory } from './clients/auth';
import type { PaymentRules } from './payments/payments';
import type { PaymentProviders } from './payments/provider';
import type { PaymentSchedule } from './payments/schedule';
import type { BankDetails } from './top-ups/top-ups';

/** What the routes need beyond the app itself. */
export interface BalanceContext {
  config: BalanceConfig;
  /** The account customers pay top-ups into (shown with the reference code). */
  bank: BankDetails;
  /** The card-payment providers (iyzico, or the demo one); none active in production without iyzico keys (card payments refused). */
  payments: PaymentProviders;
  /** A card payment's limits and how often its provider is asked about it. */
  paymentRules: PaymentRules;
  paymentSchedule: PaymentSchedule;
  /** Who an id is, asked of auth when the local copy has not heard of it. */
  accounts: AccountDirectory;
}
