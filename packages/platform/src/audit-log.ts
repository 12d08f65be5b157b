import { AUDITED_METHODS, auditLogRowSchema, isoDate, responds, type AuditLogRow } from '@esim/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from './db';
import { ok } from './http/envelope';
import { containsPattern } from './http/list-query';
import { whereIstanbulDays } from './istanbul-days';

/** Most rows one read answers: the admin route reads at most this deep into each service's log. */
export const AUDIT_LOG_MAX_ROWS = 5000;
/** Larger than any bigint id: "every row at this instant". */
export const AUDIT_LOG_LAST_ID = '9223372036854775807';

/** A timestamp exactly as `at` is answered (UTC, microseconds), so a cursor loses no precision. */
const exactInstant = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/, { message: 'invalid_date' })
  .refine((value) => !Number.isNaN(Date.parse(value)), { message: 'invalid_date' });
const rowId = z.string().regex(/^\d{1,19}$/, { message: 'invalid_id' });

/** `GET /internal/audit-log`: one service's rows, newest first, filtered and read from a keyset position. */
export const auditLogReadQuery = z
  .object({
    actor_id: z.string().trim().min(1).max(100).optional(),
    target_id: z.string().trim().min(1).max(200).optional(),
    method: z.enum(AUDITED_METHODS).optional(),
    route: z.string().min(1).max(300).optional(),
    start_date: isoDate.optional(),
    end_date: isoDate.optional(),
    /** Comma-separated row ids (the admin list's getMany). */
    ids: z
      .string()
      .max(2000)
      .transform((value) => value.split(','))
      .pipe(z.array(rowId).max(100))
      .optional(),
    /** Rows strictly before (before_at, before_id) in (at, id) order: the next page after a cursor. */
    before_at: exactInstant.optional(),
    before_id: rowId.optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_LOG_MAX_ROWS).default(25),
  })
  .refine((query) => !query.before_id || query.before_at, {
    message: 'before_id needs before_at',
    path: ['before_id'],
  });
/** The parsed query: what the route hands to readAuditLog, and what the auth service builds for its own log. */
export type AuditLogReadQuery = z.output<typeof auditLogReadQuery>;

export const auditLogPageSchema = z.object({
  items: z.array(auditLogRowSchema),
  total: z.number().int().nonnegative(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

/** Reads this service's audit log: the filtered total, and up to `limit` rows newest first from the keyset position. */
export async function readAuditLog(db: Db, query: AuditLogReadQuery): Promise<AuditLogPage> {
  const filtered = db('audit_log');
  if (query.actor_id) filtered.where('actor_id', query.actor_id);
  // Entries written before targets were kept still name their record in the path they called.
  if (query.target_id)
    filtered.where((w) =>
      w
        .where('target_id', query.target_id!)
        .orWhere((old) => old.whereNull('target_id').whereLike('url', containsPattern(`/${query.target_id!}`))),
    );
  if (query.method) filtered.where('method', query.method);
  if (query.route) filtered.where('route', query.route);
  if (query.ids) filtered.whereIn('id', query.ids);
  whereIstanbulDays(filtered, 'at', query.start_date, query.end_date);

  const page = filtered
    .clone()
    .select(
      db.raw('id::text as id'),
      'actor_id',
      'actor_role',
      'method',
      'route',
      'url',
      'status_code',
      'ip',
      'request_id',
      db.raw(`to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at`),
      'target_id',
      'target_name',
      db.raw('amount_cents::float8 as amount_cents'),
      'detail',
    )
    .orderBy([
      { column: 'at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(query.limit);
  if (query.before_at)
    page.whereRaw('(at, id) < (?::timestamptz, ?::bigint)', [query.before_at, query.before_id ?? AUDIT_LOG_LAST_ID]);

  const [items, [count]] = await Promise.all([page, filtered.clone().count({ n: '*' })]);
  return { items: items as AuditLogRow[], total: Number(count!.n) };
}

/**
 * Every service with a database answers its own audit log over `/internal/audit-log` (services
 * never read each other's tables); the auth service merges them for the admin.
 */
export function registerAuditLogRoute(app: FastifyInstance): void {
  app.get(
    '/internal/audit-log',
    { schema: { querystring: auditLogReadQuery, response: responds(200, auditLogPageSchema) } },
    async (request, reply) => ok(reply, await readAuditLog(app.db, request.query as AuditLogReadQuery)),
  );
}
