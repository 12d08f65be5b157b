import { APPROVAL_STATUSES, IMPORT_STATUSES, RETURN_WINDOW_MAX_DAYS, isoDate, statusFilter } from '@esim/contracts';
import { listQuery, usageReportsAnswer, usageReportsBody } from '@esim/platform';
import { z } from 'zod';
import { CARD_STATUSES } from './cards/stock';

/** Request schemas of the physical-sim API; messages are codes from the physical-sim message file. */
export const cardId = z.uuid();
export const idParams = z.object({ id: z.uuid() });
/** Dealer ids are auth's user ids: any plain id, never text that could smuggle anything into logs or SQL. */
export const userId = z.string().regex(/^[\w-]{1,64}$/);
const reasonText = z.string().trim().min(1).max(500);

export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string({ error: 'idempotency_key_required' })
    .regex(/^[\w.:-]{8,128}$/, { message: 'idempotency_key_invalid' }),
});

// ── user ──
export const availableQuery = z.object({ package_id: z.uuid().optional() });
export const orderBody = z.object({
  package_id: z.uuid(),
  quantity: z.number().int().min(1).max(1000),
  note: z.string().trim().max(500).nullish(),
});
export const returnBody = z.object({
  card_ids: z
    .array(cardId)
    .min(1)
    .max(500)
    .transform((ids) => [...new Set(ids)]),
  reason: reasonText,
});
/** GET /user/physical-sim/packages: search (name, code, country), sort, paging and getMany's `id`. */
export const plusPackagesQuery = listQuery({}, { id: z.uuid({ message: 'invalid_id' }) });
// Ids are UUIDs: react-admin's getMany (filter={"id":[...]}) with anything else is a 400 naming filter.id, not a database error.
export const myCardsQuery = listQuery(
  { status: statusFilter(CARD_STATUSES) },
  { id: z.uuid({ message: 'invalid_id' }) },
);
// Orders and returns carry ids, counts and amounts, no text of their own: q/search are refused rather than ignored.
export const approvalListQuery = listQuery(
  { status: statusFilter(APPROVAL_STATUSES) },
  { id: z.uuid({ message: 'invalid_id' }), search: false },
);

// ── admin: approvals ──
export const rejectBody = z.object({ reason: z.string().trim().max(500).nullish() }).nullish();
/** PUT /admin/physical-sim/settings: the settings to change; one left out keeps its value. */
export const settingsBody = z.object({
  return_window_days: z.number().int().min(1).max(RETURN_WINDOW_MAX_DAYS).optional(),
  auto_approve_unactivated_returns: z.boolean().optional(),
});

// ── admin: stock ──
export const cardStatus = z.enum(CARD_STATUSES);
/** The stock list's filters (status, package_id, owner_user_id; `admin` = admin stock) and the import a card came with. */
// Card ids are uuids: react-admin's getMany (`filter={"id":[...]}`) with anything else is a 400, not a database error.
export const stockQuery = listQuery(
  {
    status: statusFilter(CARD_STATUSES),
    package_id: z.uuid(),
    owner_user_id: z.union([userId, z.literal('admin')]),
    import_id: z.uuid(),
  },
  { id: cardId },
);
export const searchQuery = z.object({
  q: z.string().trim().min(1).max(32).regex(/^\d+$/, { message: 'serial_format' }),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const statusBody = z.object({ status: cardStatus, reason: z.string().trim().max(500).nullish() });
export const bulkStatusBody = z.object({
  card_ids: z
    .array(cardId)
    .min(1)
    .max(1000)
    .transform((ids) => [...new Set(ids)]),
  status: cardStatus,
  reason: z.string().trim().max(500).nullish(),
});
const serial = z
  .string()
  .trim()
  .regex(/^\d{6,32}$/, { message: 'serial_format' });
export const transferBody = z
  .object({
    dealer_id: userId,
    card_ids: z.array(cardId).min(1).max(5000).optional(),
    serial_from: serial.optional(),
    serial_to: serial.optional(),
    reason: z.string().trim().max(500).nullish(),
  })
  .refine((b) => Boolean(b.card_ids) !== Boolean(b.serial_from && b.serial_to), {
    message: 'validation_error',
    path: ['card_ids'],
  })
  // Only when both are serials: a refinement runs even after a field failed its own check.
  .refine((b) => !isSerial(b.serial_from) || !isSerial(b.serial_to) || BigInt(b.serial_from) <= BigInt(b.serial_to), {
    message: 'validation_error',
    path: ['serial_to'],
  });
/** A serial range to preview before a transfer: both ends, the first not after the last. */
export const serialRangeQuery = z
  .object({ serial_from: serial, serial_to: serial })
  .refine((q) => !isSerial(q.serial_from) || !isSerial(q.serial_to) || BigInt(q.serial_from) <= BigInt(q.serial_to), {
    message: 'validation_error',
    path: ['serial_to'],
  });
function isSerial(value: unknown): value is string {
  return typeof value === 'string' && /^\d{6,32}$/.test(value);
}
export const returnToAdminBody = z.object({
  card_ids: z
    .array(cardId)
    .min(1)
    .max(5000)
    .transform((ids) => [...new Set(ids)]),
  reason: z.string().trim().max(500).nullish(),
});
export const deleteBody = z.object({ reason: reasonText });
export const bulkDeleteBody = z.object({
  card_ids: z
    .array(cardId)
    .min(1)
    .max(1000)
    .transform((ids) => [...new Set(ids)]),
  reason: reasonText,
});
const DAY_MS = 86_400_000;
export const statisticsQuery = z
  .object({
    start_date: isoDate.optional(),
    end_date: isoDate.optional(),
    days: z.coerce.number().int().min(1).max(366).default(30),
  })
  .refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, {
    message: 'date_range_invalid',
    path: ['end_date'],
  })
  // One row per day: at most a year, whatever the dates say.
  .refine((q) => !q.start_date || !q.end_date || Date.parse(q.end_date) - Date.parse(q.start_date) <= 366 * DAY_MS, {
    message: 'date_range_invalid',
    path: ['start_date'],
  });

// ── admin: imports ──
export const jsonImportBody = z.object({
  cards: z
    .array(
      z.object({
        iccid: z.union([z.string().max(64), z.number()]).transform(String),
        serial_number: z.union([z.string().max(64), z.number()]).transform(String),
        eid: z
          .union([z.string().max(64), z.number()])
          .transform(String)
          .nullish(),
        package_code: z.string().max(64),
      }),
    )
    .min(1),
});
export const importsQuery = listQuery({ status: statusFilter(IMPORT_STATUSES) });

// ── public ──
export const serialParams = z.object({
  id: z
    .string()
    .trim()
    .min(1, { message: 'serial_required' })
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(/^\d{6,32}$/, { message: 'serial_format' })),
});

/** The operator's usage reports (the eSIM webhook's shape, from the platform). */
export const usageWebhookBody = usageReportsBody('iccid_format');
export const usageWebhookAnswer = usageReportsAnswer;
// ── response shapes of the admin routes no front end reads (the shared ones are in contracts api/physical-sim.ts) ──

/** GET /admin/physical-sim/stock/dashboard. */
export const stockDashboardSchema = z.object({
  total: z.number().int(),
  by_status: z.record(z.string(), z.number().int()),
  admin_stock: z.number().int(),
  dealer_stock: z.number().int(),
  pending_orders: z.number().int(),
  pending_returns: z.number().int(),
  running_imports: z.number().int(),
});

/** GET /admin/physical-sim/stock/statistics: one row per day. */
export const stockDayStatisticsSchema = z.object({
  date: z.string(),
  imported: z.number().int(),
  transferred: z.number().int(),
  sold: z.number().int(),
  returned: z.number().int(),
});

/** GET /admin/physical-sim/stock/summary: card counts per status, package and owner. */
export const stockSummaryRowSchema = z.object({
  status: z.string(),
  package_id: z.string().nullable(),
  package_code: z.string().nullable(),
  owner_user_id: z.string().nullable(),
  owner_name: z.string().nullable(),
  count: z.number().int(),
});

export const deletionInfoSchema = z.object({
  card_id: z.string(),
  serial_number: z.string(),
  status: cardStatus,
  owner_user_id: z.string().nullable(),
  references: z.object({
    orders: z.number().int(),
    returns: z.number().int(),
    pending_returns: z.number().int(),
    history_rows: z.number().int(),
    active_bundle: z.boolean(),
  }),
  can_delete: z.boolean(),
  blocking_reasons: z.array(z.string()),
});

export const bulkStatusResultSchema = z.object({
  updated: z.number().int(),
  failed: z.number().int(),
  results: z.array(
    z.object({
      id: z.string(),
      ok: z.boolean(),
      status: cardStatus.nullable(),
      code: z.string(),
      from: z.string().optional(),
    }),
  ),
});

export const transferResultSchema = z.object({
  transferred: z.number().int(),
  card_ids: z.array(z.string()),
  dealer_id: z.string(),
});
export const returnToAdminResultSchema = z.object({ returned: z.number().int(), card_ids: z.array(z.string()) });
export const deletedCardSchema = z.object({ id: z.string(), deleted: z.literal(true) });
export const bulkDeleteResultSchema = z.object({
  deleted: z.number().int(),
  failed: z.number().int(),
  results: z.array(
    z.object({ id: z.string(), ok: z.boolean(), code: z.string(), reasons: z.array(z.string()).optional() }),
  ),
});

/** GET /user/physical-sim/available: one package's count, or every package in the admin's stock. */
const availableCount = z.object({ package_id: z.string(), available: z.number().int() });
export const availableSchema = z.union([availableCount, z.array(availableCount.extend({ package_code: z.string() }))]);
