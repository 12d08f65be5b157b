import { z } from 'zod';
import { BALANCE_CHECK_STATUSES } from './status-display';

/** Pieces the API shapes share. Money on the wire: euros (2 decimals) beside exact cents. */
export const moneyFields = <K extends string>(name: K) =>
  ({ [name]: z.number(), [`${name}_cents`]: z.number().int() }) as { [P in K | `${K}_cents`]: z.ZodNumber };

/** ISO 8601 timestamps as strings on the wire. */
export const timestamp = z.string();
export const nullableTimestamp = z.string().nullable();
/**
 * A timestamp in an answer built straight from database rows: a Date there (JSON.stringify makes
 * it an ISO string), or already a string when an idempotent answer is replayed. ISO 8601 on the wire.
 */
export const rowTimestamp = z.union([z.string(), z.date()]);

/** Data usage in bytes and its derived figures (used = total - remaining; % = round(used/total*100), 0 when total is 0). */
export const usageSchema = z.object({
  total_bytes: z.number().int().nonnegative(),
  remaining_bytes: z.number().int().nonnegative(),
  used_bytes: z.number().int().nonnegative(),
  percentage: z.number().int().min(0).max(100),
  /** True for packages without a data cap (total_bytes is then 0). */
  unlimited: z.boolean(),
});
export type Usage = z.infer<typeof usageSchema>;

export { deriveUsage } from './usage';

/**
 * The public balance check's answer (docs/product.md, The balance check), for a QR eSIM order
 * number or a physical card's serial. Data figures in MB (the page shows GB = MB / 1024).
 */
export const balanceCheckResultSchema = z.object({
  type: z.enum(['esim', 'physical']),
  orderNumber: z.string(),
  status: z.enum(BALANCE_CHECK_STATUSES),
  packageName: z.string(),
  totalData: z.number().nonnegative(),
  usedData: z.number().nonnegative(),
  remainingData: z.number().nonnegative(),
  activationDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  country: z.string(),
  operator: z.string(),
  /** True only for the seeded demo numbers in demo mode: the page labels it demo. */
  demo: z.boolean(),
  /** An eSIM's bundles: its own package, then each top-up (data in MB, null: unlimited). */
  bundles: z
    .array(
      z.object({
        kind: z.enum(['initial', 'top_up']),
        packageName: z.string(),
        dataMb: z.number().int().nullable(),
        validityDays: z.number().int(),
        addedAt: z.string(),
      }),
    )
    .optional(),
});
export type BalanceCheckResult = z.infer<typeof balanceCheckResultSchema>;

/** An eSIM order number is 8+ upper-case letters or digits; a physical serial 6+ digits (docs/product.md, The balance check). */
export const ESIM_ORDER_NUMBER_PATTERN = /^[A-Z0-9]{8,}$/;
export const PHYSICAL_SERIAL_PATTERN = /^[0-9]{6,}$/;
