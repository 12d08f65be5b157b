import { errorSchema, listSchema, successSchema } from '@esim/contracts';
import { z } from 'zod';

/**
 * Response shapes of the esim API (attached as `schema.response`, so the OpenAPI document shows
 * them and an answer that drifts from them fails loudly). Money in euros on the wire plus cents;
 * data in bytes (spec section 3) except the balance-check result, which is in MB.
 */
export const ESIM_STATUSES = ['inactive', 'active', 'suspended', 'expired', 'used', 'revoked'] as const;
export const ORDER_STATUSES = ['processing', 'completed', 'failed'] as const;

const iso = z.string();

export const usageSchema = z.object({
  status: z.enum(ESIM_STATUSES),
  /** The spec's plan-usage status: active, expired, used, or unknown for anything else. */
  plan_status: z.enum(['active', 'expired', 'used', 'unknown']),
  expiry_date: iso.nullable(),
  activation_date: iso.nullable(),
  total_bytes: z.number().int().nonnegative(),
  remaining_bytes: z.number().int().nonnegative(),
  used_bytes: z.number().int().nonnegative(),
  percentage: z.number().int().min(0).max(100),
  unlimited: z.boolean(),
});

export const esimSchema = z.object({
  id: z.uuid(),
  order_id: z.uuid(),
  iccid: z.string(),
  status: z.enum(ESIM_STATUSES),
  activation_code: z.string(),
  smdp_address: z.string(),
  matching_id: z.string(),
  confirmation_code_required: z.boolean(),
  ios_install_link: z.string(),
  qr_url: z.string(),
  qr_file_name: z.string(),
  operator: z.string(),
  activated_at: iso.nullable(),
  expires_at: iso.nullable(),
  refunded_at: iso.nullable(),
  refundable: z.boolean(),
  usage: usageSchema,
});

export const orderSchema = z.object({
  id: z.uuid(),
  order_number: z.string(),
  user_id: z.string(),
  status: z.enum(ORDER_STATUSES),
  step: z.string(),
  package: z.object({
    id: z.string().nullable(),
    code: z.string(),
    name: z.string(),
    name_tr: z.string(),
    name_en: z.string(),
    type: z.string(),
    countries: z.array(z.string()),
    data_mb: z.number().int().nullable(),
    validity_days: z.number().int(),
  }),
  quantity: z.number().int(),
  unit_price: z.number(),
  total_price: z.number(),
  unit_price_cents: z.number().int(),
  total_cents: z.number().int(),
  currency: z.literal('EUR'),
  failure: z.object({ code: z.string(), message: z.string() }).nullable(),
  created_at: iso,
  completed_at: iso.nullable(),
  esim_count: z.number().int(),
  esims: z.array(esimSchema).optional(),
});

export const balanceCheckSchema = z.object({
  type: z.literal('esim'),
  orderNumber: z.string(),
  status: z.enum(['active', 'inactive', 'expired']),
  packageName: z.string(),
  totalData: z.number().nonnegative(),
  usedData: z.number().nonnegative(),
  remainingData: z.number().nonnegative(),
  activationDate: iso.nullable(),
  expiryDate: iso.nullable(),
  country: z.string(),
  operator: z.string(),
  demo: z.boolean(),
});

export const importReportSchema = z.object({
  batch_id: z.uuid().nullable(),
  imported: z.number().int(),
  rejected: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), field: z.string(), message: z.string() })),
});

export const stockRowSchema = z.object({
  package_code: z.string(),
  package_name_tr: z.string().nullable(),
  package_name_en: z.string().nullable(),
  operators: z.array(z.string()),
  available: z.number().int(),
  assigned: z.number().int(),
  threshold: z.number().int(),
  low: z.boolean(),
});

export const poolProfileSchema = z.object({
  id: z.uuid(),
  iccid: z.string(),
  package_code: z.string(),
  operator: z.string(),
  smdp_address: z.string(),
  pool_status: z.enum(['available', 'assigned']),
  status: z.enum(ESIM_STATUSES).nullable(),
  order_id: z.string().nullable(),
  user_id: z.string().nullable(),
  created_at: iso,
});

export const refundSchema = z.object({
  esim_id: z.uuid(),
  order_id: z.uuid(),
  amount: z.number(),
  amount_cents: z.number().int(),
  refunded_at: iso,
});

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema, 429: errorSchema, 503: errorSchema };
/** A route's response schemas: its success shape plus the error envelope for every error status. */
export const responds = <T extends z.ZodType>(status: number, data: T) => ({ [status]: successSchema(data), ...errors });
export const respondsList = <T extends z.ZodType>(item: T) => ({ 200: listSchema(item), ...errors });
