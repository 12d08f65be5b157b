import { z } from 'zod';
import { CARD_STATUSES } from './card-statuses';
import { moneyFields, nullableTimestamp, timestamp } from './common';

/**
 * The physical-SIM service's API shapes: eUICC cards, dealer orders and returns with admin
 * approval, and Excel / CSV imports processed by the worker.
 */
export { CARD_STATUSES, type CardStatus } from './card-statuses';

/** The number people read for a Plus card order (its id's first eight characters), on screens, mails, statements and invoices. */
export const physicalOrderNumber = (orderId: string) => `PS-${orderId.slice(0, 8).toUpperCase()}`;

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const IMPORT_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;

/** A 'Plus' package as a buyer sees it: the caller's own price and how many cards are in stock. */
export const plusPackageSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  data_mb: z.number().int().nullable(),
  validity_days: z.number().int(),
  countries: z.array(z.string()),
  ...moneyFields('price'),
  ...moneyFields('retail_price'),
  /** retail, or dealer when the buyer has an own price. */
  price_source: z.enum(['retail', 'dealer']),
  available: z.number().int().nonnegative(),
});
export type PlusPackage = z.infer<typeof plusPackageSchema>;

export const cardSchema = z.object({
  id: z.string(),
  iccid: z.string(),
  serial_number: z.string(),
  eid: z.string().nullable(),
  package_id: z.string(),
  package_code: z.string(),
  package_name: z.string(),
  status: z.enum(CARD_STATUSES),
  /** null = the admin's stock; otherwise the dealer's user id. */
  owner_user_id: z.string().nullable(),
  owner_name: z.string().nullable(),
  import_id: z.string().nullable(),
  /** When the card reached its current owner (the 15-day return window starts here). */
  transferred_at: nullableTimestamp,
  /** Until when the owner may return it unconditionally (null in admin stock). */
  returnable_until: nullableTimestamp,
  returnable: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Card = z.infer<typeof cardSchema>;

export const cardHistorySchema = z.object({
  id: z.string(),
  card_id: z.string(),
  /** imported, status_changed, transferred, returned_to_admin, sold_to_dealer, return_requested, return_approved, return_rejected, deleted. */
  action: z.string(),
  from_status: z.enum(CARD_STATUSES).nullable(),
  to_status: z.enum(CARD_STATUSES),
  from_owner_user_id: z.string().nullable(),
  to_owner_user_id: z.string().nullable(),
  reason: z.string().nullable(),
  by: z.string(),
  at: timestamp,
});
/** A card's data bundle as the operator reports it (null until the card has one: sold cards only). */
export const cardUsageSchema = z.object({
  status: z.enum(['inactive', 'active', 'expired']),
  total_mb: z.number().int(),
  used_mb: z.number(),
  remaining_mb: z.number(),
  activated_at: nullableTimestamp,
  expires_at: nullableTimestamp,
  country: z.string().nullable(),
  operator: z.string().nullable(),
});
export const cardDetailSchema = cardSchema.extend({
  history: z.array(cardHistorySchema),
  usage: cardUsageSchema.nullable(),
});

/** GET /admin/physical-sim/stock/transfer-preview: what a serial-range transfer would move, before it moves anything. */
export const serialRangePreviewSchema = z.object({
  serial_from: z.string(),
  serial_to: z.string(),
  /** Live cards whose serial lies in the range (same length, numerically). */
  total: z.number().int(),
  /** Of those, the ones in admin stock (in_stock, no owner): a transfer moves all of them or, if any other is in the range, none. */
  transferable: z.number().int(),
  /** Up to 20 serials in the range that are not in admin stock (the transfer would be refused for them). */
  blocked_serials: z.array(z.string()),
  first_serial: z.string().nullable(),
  last_serial: z.string().nullable(),
  packages: z.array(
    z.object({ package_id: z.string(), package_code: z.string(), package_name: z.string(), count: z.number().int() }),
  ),
  /** The most cards one range may cover. */
  max: z.number().int(),
});
export type SerialRangePreview = z.infer<typeof serialRangePreviewSchema>;

/** Request: POST /user/physical-sim/order (Idempotency-Key header required). */
export const physicalOrderBody = z.object({
  package_id: z.string().min(1).max(100),
  quantity: z.number().int().min(1).max(10_000),
  note: z.string().trim().max(500).optional(),
});

export const physicalOrderSchema = z.object({
  id: z.string(),
  order_number: z.string(),
  user_id: z.string(),
  dealer_name: z.string().nullable(),
  package_id: z.string(),
  package_code: z.string(),
  package_name: z.string(),
  quantity: z.number().int(),
  ...moneyFields('unit_price'),
  ...moneyFields('total'),
  status: z.enum(APPROVAL_STATUSES),
  note: z.string().nullable(),
  /** Why an admin rejected it. */
  reason: z.string().nullable(),
  hold_id: z.string().nullable(),
  /** Cards assigned on approval. */
  card_ids: z.array(z.string()),
  created_at: timestamp,
  decided_at: nullableTimestamp,
  decided_by: z.string().nullable(),
});
export type PhysicalOrder = z.infer<typeof physicalOrderSchema>;

/** Request: POST /user/physical-sim/return. */
export const physicalReturnBody = z.object({
  card_ids: z.array(z.string().min(1).max(100)).min(1).max(1000),
  reason: z.string().trim().min(1).max(500),
});

export const physicalReturnSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  dealer_name: z.string().nullable(),
  card_ids: z.array(z.string()),
  cards: z.array(cardSchema.pick({ id: true, iccid: true, serial_number: true, package_name: true, status: true })),
  reason: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  ...moneyFields('refund'),
  rejection_reason: z.string().nullable(),
  /** Approved at once by the admin setting for never-activated cards. */
  auto_approved: z.boolean(),
  created_at: timestamp,
  decided_at: nullableTimestamp,
});
export type PhysicalReturn = z.infer<typeof physicalReturnSchema>;

/** The longest return window an admin may set, in days (a year). */
export const RETURN_WINDOW_MAX_DAYS = 365;

/**
 * GET and PUT /admin/physical-sim/settings: how many days after the transfer a dealer may return a
 * card (from the refund policy's days until an admin sets its own) and whether a return of
 * never-activated cards is approved at once.
 */
export const returnSettingsSchema = z.object({
  return_window_days: z.number().int(),
  auto_approve_unactivated_returns: z.boolean(),
  updated_by: z.string().nullable(),
  updated_at: nullableTimestamp,
});
export type ReturnSettings = z.infer<typeof returnSettingsSchema>;

export const importJobSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  format: z.enum(['xlsx', 'csv', 'json']),
  file_size: z.number().int(),
  status: z.enum(IMPORT_STATUSES),
  rows_read: z.number().int(),
  rows_imported: z.number().int(),
  rows_rejected: z.number().int(),
  /** 0-100. */
  percent: z.number().int().min(0).max(100),
  failure_reason: z.string().nullable(),
  /** Stable code of the failure (e.g. import_header_invalid, import_too_many_rows, import_interrupted). */
  failure_code: z.string().nullable(),
  /** Worker runs it took (a run cut short by a dead worker is redone from the start). */
  runs: z.number().int(),
  /** Download of the per-row error report (row, column, reason), when there are rejected rows. */
  error_report_url: z.string().nullable(),
  created_by: z.string(),
  created_at: timestamp,
  started_at: nullableTimestamp,
  finished_at: nullableTimestamp,
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const importErrorSchema = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  reason_code: z.string(),
  /** In the caller's language. */
  reason: z.string(),
  value: z.string().nullable(),
});
export const importJobDetailSchema = importJobSchema.extend({ errors: z.array(importErrorSchema) });
