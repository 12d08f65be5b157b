import type { ShopIdentityReader } from '@esim/platform';
import type { BalanceConfig } from './config';
import type { AccountDirectory } from './clients/auth';
import type { PaymentRules } from './payments/payments';
import type { PaymentProviders } from './payments/provider';
import type { PaymentSchedule } from './payments/schedule';
import type { ShopSettingsDefaults } from './settings/shop-settings';

/** What the routes need beyond the app itself. */
export interface BalanceContext {
  config: BalanceConfig;
  /** What the shop's settings row falls back to (the DEPOSIT_* account) and whether this is production. */
  shop: ShopSettingsDefaults;
  /** The card-payment providers (iyzico, or the demo one); none active in production without iyzico keys (card payments refused). */
  payments: PaymentProviders;
  /** A card payment's limits and how often its provider is asked about it. */
  paymentRules: PaymentRules;
  paymentSchedule: PaymentSchedule;
  /** Who an id is, asked of auth when the local copy has not heard of it. */
  accounts: AccountDirectory;
  /** The shop's identity from auth (its brand on the card page, its seller's completeness), kept 30 s in-process. */
  identity: ShopIdentityReader;
}
