import {
  DEMO_BRAND,
  DEMO_SELLER,
  sellerComplete,
  type PublicShop,
  type SellerView,
  type ShopIdentity,
  type ShopIdentityChange,
} from '@esim/contracts';
import type { Knex } from 'knex';
import type { AuthConfig } from '../config';

/**
 * The shop's identity (one row, `shop_identity`; docs/decisions/0020): brand and legal entity. A
 * column an admin has not set falls back to the service's SELLER_* settings and, in demo mode only,
 * to the demo shop; production without either leaves it empty, and the shop does not sell until an
 * admin completes it. Auth reads the row on every use; other services ask GET /public/shop.
 */
interface ShopIdentityRow {
  brand_name: string | null;
  logo_url: string | null;
  primary_color: string | null;
  secondary_color: string | null;
  support_email: string | null;
  support_phone: string | null;
  legal_name: string | null;
  address: string | null;
  tax_office: string | null;
  tax_number: string | null;
  mersis: string | null;
  updated_by: string | null;
  updated_at: Date | null;
}

type IdentityConfig = Pick<
  AuthConfig,
  | 'APP_MODE'
  | 'SELLER_NAME'
  | 'SELLER_ADDRESS'
  | 'SELLER_TAX_OFFICE'
  | 'SELLER_TAX_NUMBER'
  | 'SELLER_MERSIS'
  | 'SELLER_PHONE'
  | 'SELLER_EMAIL'
>;

/** What an unset column reads as: the SELLER_* setting, else the demo shop's value in demo mode, else nothing. */
function fallbacks(config: IdentityConfig) {
  const demo = config.APP_MODE !== 'production';
  const pick = (setting: string | undefined, demoValue: string) => setting ?? (demo ? demoValue : '');
  const legalName = pick(config.SELLER_NAME, DEMO_SELLER.name);
  return {
    brand_name: demo ? DEMO_BRAND.name : legalName,
    primary_color: DEMO_BRAND.primary_color,
    secondary_color: DEMO_BRAND.secondary_color,
    support_email: pick(config.SELLER_EMAIL, DEMO_SELLER.email),
    support_phone: pick(config.SELLER_PHONE, DEMO_SELLER.phone),
    legal_name: legalName,
    address: pick(config.SELLER_ADDRESS, DEMO_SELLER.address),
    tax_office: pick(config.SELLER_TAX_OFFICE, DEMO_SELLER.taxOffice),
    tax_number: pick(config.SELLER_TAX_NUMBER, DEMO_SELLER.taxNumber),
    mersis: pick(config.SELLER_MERSIS, DEMO_SELLER.mersis),
  };
}

export async function readShopIdentity(db: Knex | Knex.Transaction, config: IdentityConfig): Promise<ShopIdentity> {
  const row = (await db('shop_identity').first()) as ShopIdentityRow | undefined;
  if (!row) throw new Error('the shop_identity row is missing');
  const fallback = fallbacks(config);
  const identity = {
    brand_name: row.brand_name ?? fallback.brand_name,
    logo_url: row.logo_url,
    primary_color: row.primary_color ?? fallback.primary_color,
    secondary_color: row.secondary_color ?? fallback.secondary_color,
    support_email: row.support_email ?? fallback.support_email,
    support_phone: row.support_phone ?? fallback.support_phone,
    legal_name: row.legal_name ?? fallback.legal_name,
    address: row.address ?? fallback.address,
    tax_office: row.tax_office ?? fallback.tax_office,
    tax_number: row.tax_number ?? fallback.tax_number,
    mersis: row.mersis ?? fallback.mersis,
  };
  return {
    ...identity,
    legal_entity_complete: sellerComplete(sellerOf(identity)),
    updated_by: row.updated_by,
    updated_at: row.updated_at ? new Date(row.updated_at).toISOString() : null,
  };
}

/** The legal entity as the distance-sale documents and GET /public/seller name it. */
export function sellerOf(
  identity: Omit<ShopIdentity, 'legal_entity_complete' | 'updated_by' | 'updated_at'>,
): SellerView {
  return {
    name: identity.legal_name,
    address: identity.address,
    tax_office: identity.tax_office,
    tax_number: identity.tax_number,
    mersis: identity.mersis,
    phone: identity.support_phone,
    email: identity.support_email,
  };
}

export function publicShopView(identity: ShopIdentity): PublicShop {
  return {
    brand: {
      name: identity.brand_name,
      logo_url: identity.logo_url,
      primary_color: identity.primary_color,
      secondary_color: identity.secondary_color,
      support_email: identity.support_email,
      support_phone: identity.support_phone,
    },
    seller: sellerOf(identity),
  };
}

/** Writes the fields the change names (a null logo removes it) and keeps the rest; answers the new identity. */
export async function writeShopIdentity(
  trx: Knex.Transaction,
  change: ShopIdentityChange,
  actorId: string,
  config: IdentityConfig,
): Promise<ShopIdentity> {
  const columns = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
  if (Object.keys(columns).length > 0)
    await trx('shop_identity')
      .where({ id: true })
      .update({ ...columns, updated_by: actorId, updated_at: trx.fn.now() });
  return readShopIdentity(trx, config);
}

/** The demo shop's identity written to the row (demo seed): the brand and legal entity every demo page shows. */
export async function seedDemoIdentity(db: Knex): Promise<boolean> {
  const updated = await db('shop_identity').where({ id: true }).whereNull('updated_at').whereNull('brand_name').update({
    brand_name: DEMO_BRAND.name,
    primary_color: DEMO_BRAND.primary_color,
    secondary_color: DEMO_BRAND.secondary_color,
    support_email: DEMO_SELLER.email,
    support_phone: DEMO_SELLER.phone,
    legal_name: DEMO_SELLER.name,
    address: DEMO_SELLER.address,
    tax_office: DEMO_SELLER.taxOffice,
    tax_number: DEMO_SELLER.taxNumber,
    mersis: DEMO_SELLER.mersis,
  });
  return updated > 0;
}
