import {
  centsToEuros,
  formatIban,
  isValidIban,
  normalizeIban,
  type BalanceSettings,
  type BankDetails,
} from '@esim/contracts';
import type { Knex } from 'knex';

/**
 * The shop's money settings (one row, `shop_settings`; docs/decisions/0020): the bank account
 * customers transfer deposits to, the most one bank deposit request may ask for, and the amount above
 * which an admin confirms a deposit only by typing its amount again. Read from the row on every use,
 * so a change takes effect at once in every copy of the service; nothing is cached.
 */
interface ShopSettingsRow {
  account_holder: string | null;
  bank_name: string | null;
  iban: string | null;
  deposit_max_cents: number;
  confirm_retype_above_cents: number;
  updated_by: string | null;
  updated_at: Date | null;
}

/** What the row falls back to and how it is judged: the service's DEPOSIT_* settings, and whether this is production. */
export interface ShopSettingsDefaults {
  bank: BankDetails;
  production: boolean;
}

export interface ShopSettings {
  /** The IBAN in its electronic form (no spaces). */
  bank: BankDetails;
  ibanValid: boolean;
  /** Customers see the account: always in demo mode (its placeholder is the demo's), in production only with a valid IBAN. */
  bankShown: boolean;
  depositMaxCents: number;
  retypeAboveCents: number;
  updatedBy: string | null;
  updatedAt: Date | null;
}

export async function readShopSettings(
  db: Knex | Knex.Transaction,
  defaults: ShopSettingsDefaults,
): Promise<ShopSettings> {
  const row = (await db('shop_settings').first()) as ShopSettingsRow | undefined;
  if (!row) throw new Error('the shop_settings row is missing');
  const bank = {
    account_holder: row.account_holder ?? defaults.bank.account_holder,
    bank_name: row.bank_name ?? defaults.bank.bank_name,
    iban: normalizeIban(row.iban ?? defaults.bank.iban),
  };
  const ibanValid = isValidIban(bank.iban);
  return {
    bank,
    ibanValid,
    bankShown: ibanValid || !defaults.production,
    depositMaxCents: row.deposit_max_cents,
    retypeAboveCents: row.confirm_retype_above_cents,
    updatedBy: row.updated_by,
    updatedAt: row.updated_at,
  };
}

/** The account as customers read it (the IBAN in groups of four), or null when they must not be shown it. */
export function bankForCustomers(settings: ShopSettings): BankDetails | null {
  return settings.bankShown ? { ...settings.bank, iban: formatIban(settings.bank.iban) } : null;
}

/** A deposit of this many cents is confirmed only with its amount typed again. */
export const retypeRequired = (settings: ShopSettings, amountCents: number) => amountCents > settings.retypeAboveCents;

export function shopSettingsView(settings: ShopSettings): BalanceSettings {
  return {
    account_holder: settings.bank.account_holder,
    bank_name: settings.bank.bank_name,
    iban: formatIban(settings.bank.iban),
    iban_valid: settings.ibanValid,
    bank_details_shown: settings.bankShown,
    deposit_max: centsToEuros(settings.depositMaxCents),
    deposit_max_cents: settings.depositMaxCents,
    confirm_retype_above: centsToEuros(settings.retypeAboveCents),
    confirm_retype_above_cents: settings.retypeAboveCents,
    updated_by: settings.updatedBy,
    updated_at: settings.updatedAt ? new Date(settings.updatedAt).toISOString() : null,
  };
}

/** The settings a PUT names (amounts in cents, the IBAN already checked); those it leaves out keep their value. */
export interface ShopSettingsChange {
  account_holder?: string;
  bank_name?: string;
  iban?: string;
  deposit_max?: number;
  confirm_retype_above?: number;
}

export async function writeShopSettings(
  trx: Knex.Transaction,
  change: ShopSettingsChange,
  actorId: string,
  defaults: ShopSettingsDefaults,
): Promise<ShopSettings> {
  const columns = {
    ...(change.account_holder !== undefined ? { account_holder: change.account_holder } : {}),
    ...(change.bank_name !== undefined ? { bank_name: change.bank_name } : {}),
    ...(change.iban !== undefined ? { iban: normalizeIban(change.iban) } : {}),
    ...(change.deposit_max !== undefined ? { deposit_max_cents: change.deposit_max } : {}),
    ...(change.confirm_retype_above !== undefined ? { confirm_retype_above_cents: change.confirm_retype_above } : {}),
  };
  if (Object.keys(columns).length > 0)
    await trx('shop_settings')
      .where({ id: true })
      .update({ ...columns, updated_by: actorId, updated_at: trx.fn.now() });
  return readShopSettings(trx, defaults);
}
