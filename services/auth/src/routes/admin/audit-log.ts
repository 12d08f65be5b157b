import { auditLogEntrySchema, auditLogFilters, auditLogMeta, respondsList, UUID } from '@esim/contracts';
import { AUDIT_LOG_MAX_ROWS, fieldError, listQuery, okList, toListQuery, type Db } from '@esim/platform';
import {
  decodeCursor,
  readMergedAuditLog,
  type AuditService,
  type AuditSource,
} from '../../audit-log/merged-audit-log';
import type { AuthApp } from '../../context';

// Nothing to search in: a person, an action and dates are the filters; `id` is `<service>:<row id>`.
const auditLogQuery = listQuery(auditLogFilters, { search: false });

/** Names and e-mails of the people who acted, deleted accounts included (their past acts keep a name). */
async function actorsOf(db: Db, ids: string[]): Promise<Map<string, { full_name: string; email: string }>> {
  const wanted = [...new Set(ids.filter((id) => UUID.test(id)))];
  if (wanted.length === 0) return new Map();
  const rows: Array<{ id: string; full_name: string; email: string }> = await db('users')
    .whereIn('id', wanted)
    .select('id', 'full_name', 'email');
  return new Map(rows.map((row) => [row.id, row]));
}

/** Admin: who changed what, when and from where, across every service (newest first). */
export function auditLogRoutes(app: AuthApp, sources: AuditSource[]): void {
  app.get(
    '/admin/audit-log',
    {
      schema: {
        tags: ['audit-log'],
        summary:
          "Every service's audit log of admin and sales-manager writes, merged newest first; services that did not answer are named in meta.unavailable",
        querystring: auditLogQuery,
        response: respondsList(auditLogEntrySchema, auditLogMeta),
      },
    },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const { cursor: cursorText, actor_id, target_id, method, route, service } = query.filters;
      const cursor = cursorText ? decodeCursor(cursorText) : undefined;
      if (cursorText && !cursor) throw fieldError(400, 'audit_cursor_invalid', 'query.cursor', request.locale);
      // Offsets cost every service offset + limit rows: deeper pages follow the cursor instead.
      if (!cursor && query.offset + query.limit > AUDIT_LOG_MAX_ROWS)
        throw fieldError(400, 'audit_log_too_deep', 'query.range', request.locale);

      const page = await readMergedAuditLog(
        sources,
        {
          actorId: actor_id,
          targetId: target_id,
          method,
          route,
          service: service as AuditService | undefined,
          startDate: query.startDate,
          endDate: query.endDate,
          ids: query.ids,
          offset: query.offset,
          limit: query.limit,
          cursor,
        },
        String(request.id),
      );
      const actors = await actorsOf(
        app.db,
        page.entries.map((entry) => entry.actor_id),
      );
      const entries = page.entries.map((entry) => ({
        ...entry,
        actor_name: actors.get(entry.actor_id)?.full_name ?? null,
        actor_email: actors.get(entry.actor_id)?.email ?? null,
      }));
      return okList(reply, entries, page.total, query, 'audit-log', {
        unavailable: page.unavailable,
        next_cursor: page.nextCursor,
      });
    },
  );
}
