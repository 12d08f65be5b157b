import { z } from 'zod';

/** e-Arşiv documents the auth service issues: an invoice per completed sale, a return document per refund. */
export const INVOICE_STATUSES = ['pending', 'issued', 'failed'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_SALE_TYPES = ['esim', 'top_up', 'physical_sim'] as const;
export type InvoiceSaleType = (typeof INVOICE_SALE_TYPES)[number];
export const INVOICE_KINDS = ['invoice', 'return'] as const;

export const invoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unit_price: z.number(),
  unit_price_cents: z.number().int(),
  /** VAT percent of the line, from the shop's settings when the sale was recorded. */
  vat_rate: z.number().int(),
  /** The VAT inside the line's VAT-included total. */
  vat_cents: z.number().int(),
  total_cents: z.number().int(),
});

/** GET /admin/invoices (a row) and /admin/invoices/:id. Money in euros, with the cents beside it. */
export const invoiceSchema = z.object({
  id: z.string(),
  kind: z.enum(INVOICE_KINDS),
  sale_id: z.string(),
  return_id: z.string().nullable(),
  sale_type: z.enum(INVOICE_SALE_TYPES),
  sale_number: z.string(),
  account_id: z.string(),
  buyer_name: z.string(),
  buyer_email: z.string(),
  buyer_tax_number: z.string().nullable(),
  /** The buyer company's tax office (vergi dairesi) as it was when the sale was recorded. */
  buyer_tax_office: z.string().nullable(),
  lines: z.array(invoiceLineSchema),
  total: z.number(),
  total_cents: z.number().int(),
  vat: z.number(),
  vat_cents: z.number().int(),
  currency: z.string(),
  provider: z.string().nullable(),
  provider_id: z.string().nullable(),
  number: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  /** A return document's invoice. */
  invoice_id: z.string().nullable(),
  created_at: z.string(),
  issued_at: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** GET /user/orders/:orderId/invoice: the buyer's issued invoice of an order, for its PDF link. */
export const userInvoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  sale_number: z.string(),
  total: z.number(),
  total_cents: z.number().int(),
  issued_at: z.string(),
  /** Relative to /api: the PDF, fetched from the provider when asked. */
  pdf_path: z.string(),
});
export type UserInvoice = z.infer<typeof userInvoiceSchema>;

/** GET and PUT /admin/invoices/settings: the VAT percent per product type, applied to sales recorded from then on. */
export const invoiceSettingsSchema = z.object({
  vat_esim: z.number().int(),
  vat_top_up: z.number().int(),
  vat_physical_sim: z.number().int(),
  updated_by: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type InvoiceSettings = z.infer<typeof invoiceSettingsSchema>;

const vatRate = z
  .number({ message: 'vat_rate_invalid' })
  .int({ message: 'vat_rate_invalid' })
  .min(0, { message: 'vat_rate_invalid' })
  .max(100, { message: 'vat_rate_invalid' });

/** PUT /admin/invoices/settings: the rates to change; one left out keeps its value. */
export const invoiceSettingsBody = z
  .object({ vat_esim: vatRate.optional(), vat_top_up: vatRate.optional(), vat_physical_sim: vatRate.optional() })
  .strict();
export type InvoiceSettingsBody = z.infer<typeof invoiceSettingsBody>;
