import { z } from 'zod';

/**
 * Response shapes of the admin pool routes; the customer-facing ones are shared with the storefront
 * and live in @esim/contracts (api/esim.ts).
 */
export const importReportSchema = z.object({
  batch_id: z.string().nullable(),
  imported: z.number().int(),
  rejected: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), field: z.string(), message: z.string() })),
});

export const stockRowSchema = z.object({
  id: z.string(),
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
  id: z.string(),
  iccid: z.string(),
  package_code: z.string(),
  operator: z.string(),
  smdp_address: z.string(),
  pool_status: z.enum(['available', 'assigned']),
  status: z.string().nullable(),
  order_id: z.string().nullable(),
  user_id: z.string().nullable(),
  created_at: z.string(),
});

// The helpers that declare a route's success shape live in contracts; re-exported for the routes here.
