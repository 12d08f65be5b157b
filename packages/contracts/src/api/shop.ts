import { z } from 'zod';
import { emailField } from './auth';
import { sellerSchema, type SellerView } from './esim';

/**
 * The shop's identity: its brand (name, logo, colours, support contacts) and its legal entity (the
 * seller the distance-sale documents, receipts and invoices name). One row in the auth service,
 * set by an admin (GET/PUT /admin/shop/identity) and read by every service and both front ends.
 */

/** The largest logo the row keeps: a data: URL of a small PNG or SVG fits, a photograph does not. */
export const SHOP_LOGO_MAX_CHARS = 64 * 1024;

/** A VKN (tax number of a company) is 10 digits; a MERSİS number 16. */
export const VKN_PATTERN = /^[0-9]{10}$/;
export const MERSIS_PATTERN = /^[0-9]{16}$/;
export const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

const text = (max: number) => z.string().trim().min(1).max(max);

/**
 * A data: URL of a PNG or an SVG, no longer than SHOP_LOGO_MAX_CHARS: the logo ships in the shop's own
 * answers, so neither front end ever loads an image from another host.
 */
export const logoUrlField = z
  .string()
  .trim()
  .max(SHOP_LOGO_MAX_CHARS, { message: 'shop_logo_too_large' })
  .refine((value) => /^data:image\/(png|svg\+xml);base64,[A-Za-z0-9+/=]+$/.test(value), {
    message: 'shop_logo_invalid',
  });

/** PUT /admin/shop/identity: the fields to change; one left out keeps its value, a null logo removes it. */
export const shopIdentityBody = z.object({
  brand_name: text(80).optional(),
  logo_url: logoUrlField.nullable().optional(),
  primary_color: z.string().trim().regex(COLOR_PATTERN, { message: 'shop_color_invalid' }).optional(),
  secondary_color: z.string().trim().regex(COLOR_PATTERN, { message: 'shop_color_invalid' }).optional(),
  support_email: emailField.optional(),
  support_phone: text(40).optional(),
  legal_name: text(200).optional(),
  address: text(300).optional(),
  tax_office: text(100).optional(),
  tax_number: z.string().trim().regex(VKN_PATTERN, { message: 'shop_vkn_invalid' }).optional(),
  mersis: z.string().trim().regex(MERSIS_PATTERN, { message: 'shop_mersis_invalid' }).optional(),
});
export type ShopIdentityChange = z.infer<typeof shopIdentityBody>;

/** GET/PUT /admin/shop/identity: every field (an empty string: not set yet), whether the shop may sell, and who changed it last. */
export const shopIdentitySchema = z.object({
  brand_name: z.string(),
  logo_url: z.string().nullable(),
  primary_color: z.string(),
  secondary_color: z.string(),
  support_email: z.string(),
  support_phone: z.string(),
  legal_name: z.string(),
  address: z.string(),
  tax_office: z.string(),
  tax_number: z.string(),
  mersis: z.string(),
  /** Legal name, address, tax office, a 10-digit VKN and a 16-digit MERSİS are all set: production may sell. */
  legal_entity_complete: z.boolean(),
  updated_by: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type ShopIdentity = z.infer<typeof shopIdentitySchema>;

/** The brand as the storefront and the back office show it. */
export const shopBrandSchema = z.object({
  name: z.string(),
  logo_url: z.string().nullable(),
  primary_color: z.string(),
  secondary_color: z.string(),
  support_email: z.string(),
  support_phone: z.string(),
});
export type ShopBrand = z.infer<typeof shopBrandSchema>;

/** GET /public/shop: the brand and the seller, for anyone. */
export const publicShopSchema = z.object({ brand: shopBrandSchema, seller: sellerSchema });
export type PublicShop = z.infer<typeof publicShopSchema>;

/** The legal entity is complete enough to sell under: production refuses purchases until it is. */
export function sellerComplete(seller: SellerView): boolean {
  return (
    seller.name.trim() !== '' &&
    seller.address.trim() !== '' &&
    seller.tax_office.trim() !== '' &&
    VKN_PATTERN.test(seller.tax_number) &&
    MERSIS_PATTERN.test(seller.mersis) &&
    // The all-zero numbers are the old placeholders: no shop sells under them.
    !/^0+$/.test(seller.tax_number) &&
    !/^0+$/.test(seller.mersis)
  );
}
