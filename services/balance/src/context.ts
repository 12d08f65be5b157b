import type { BalanceConfig } from './config';
import type { AccountDirectory } from './parties/directory';
import type { CardPaymentProvider } from './top-ups/card-payments';
import type { BankDetails } from './top-ups/top-ups';

/** What the routes need beyond the app itself. */
export interface BalanceContext {
  config: BalanceConfig;
  /** The account customers pay top-ups into (shown with the reference code). */
  bank: BankDetails;
  /** The card-payment port; null until an adapter exists (card top-ups are refused meanwhile). */
  cardPayments: CardPaymentProvider | null;
  /** Who an id is, asked of auth when the local copy has not heard of it. */
  accounts: AccountDirectory;
}
