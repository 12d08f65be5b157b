import { z } from 'zod';
import { ROUTES, type ServiceName } from '../routes';

/**
 * The audit log as the admin reads it: every service keeps its own `audit_log` of admin and
 * sales-manager writes, and the auth service merges them into one list (`GET /admin/audit-log`).
 */
export const AUDITED_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type AuditedMethod = (typeof AUDITED_METHODS)[number];

export const AUDIT_SERVICES = [
  'auth',
  'catalog',
  'balance',
  'esim',
  'physical-sim',
] as const satisfies readonly ServiceName[];

/** The writes an entry can be about: the route table's signed-in write routes (the only ones recorded). */
export const AUDITED_ROUTES: readonly { method: AuditedMethod; path: string; service: ServiceName }[] = ROUTES.filter(
  (rule): rule is typeof rule & { method: AuditedMethod } => rule.method !== 'GET' && rule.access !== 'public',
).map(({ method, path, service }) => ({ method, path, service }));

const AUDITED_PATHS = [...new Set(AUDITED_ROUTES.map((route) => route.path))];

/** One row of a service's own log (`GET /internal/audit-log`): who wrote what, when, and the answer's status. */
export const auditLogRowSchema = z.object({
  id: z.string(),
  actor_id: z.string(),
  actor_role: z.string(),
  method: z.string(),
  /** The route as the table writes it (`/admin/dealers/:id`); `url` is the path that was called. */
  route: z.string(),
  url: z.string(),
  status_code: z.number().int(),
  ip: z.string().nullable(),
  request_id: z.string(),
  /** ISO 8601 in UTC with microseconds, as the database holds it. */
  at: z.string(),
  /** What the write was about, as its handler named it (null on entries written before these were kept). */
  target_id: z.string().nullable(),
  target_name: z.string().nullable(),
  amount_cents: z.number().int().nullable(),
  /** A short value the sentence needs, such as the new status. */
  detail: z.string().nullable(),
});
export type AuditLogRow = z.infer<typeof auditLogRowSchema>;

/** One entry of the merged list: the service's row id is unique in that service only, so the entry's id names both. */
export const auditLogEntrySchema = auditLogRowSchema.extend({
  service: z.enum(AUDIT_SERVICES),
  /** From the auth service's accounts; null for an account that no longer exists. */
  actor_name: z.string().nullable(),
  actor_email: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

/** Beside the page: services that did not answer (their entries are missing) and the cursor of the next page. */
export const auditLogMeta = {
  unavailable: z.array(z.enum(AUDIT_SERVICES)),
  next_cursor: z.string().nullable(),
};

/** The admin list's own filters (the list query adds dates, ids and paging). */
export const auditLogFilters = {
  actor_id: z.string().trim().min(1).max(100),
  method: z.enum(AUDITED_METHODS, { message: 'audit_method_invalid' }),
  route: z.string().refine((path) => AUDITED_PATHS.includes(path), { message: 'audit_route_invalid' }),
  service: z.enum(AUDIT_SERVICES, { message: 'audit_service_invalid' }),
  /** Entries about one record (a dealer's timeline): its id as the write named it or as its path held it. */
  target_id: z.string().trim().min(1).max(200),
  /** The `next_cursor` of the previous page: pages deeper than offsets allow. */
  cursor: z.string().regex(/^[A-Za-z0-9_-]{1,400}$/, { message: 'audit_cursor_invalid' }),
};
