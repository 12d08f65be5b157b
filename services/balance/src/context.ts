import type { BalanceConfig } from './config';
import type { AccountDirectory } from './clients/auth';
import type { PaymentProvider } from './payments/port';
import type { BankDetails } from './top-ups/top-ups';

/** What the routes need beyond the app itself. */
export interface BalanceContext {
  config: BalanceConfig;
  /** The account customers pay top-ups into (shown with the reference code). */
  bank: BankDetails;
  /** The card-payment provider (iyzico, or the demo one); null in production without iyzico keys (card top-ups refused). */
  payments: PaymentProvider | null;
  /** Who an id is, asked of auth when the local copy has not heard of it. */
  accounts: AccountDirectory;
}
