import { AUDIT_SERVICES, AUDITED_ROUTES, type AuditedMethod, type AuditLogRow } from '@esim/contracts';
import {
  AUDIT_LOG_LAST_ID,
  createInternalClient,
  readAuditLog,
  type BaseUrls,
  type AuditLogPage,
  type AuditLogReadQuery,
  type Db,
} from '@esim/platform';

export type AuditService = (typeof AUDIT_SERVICES)[number];

/** One service's audit log: auth reads its own table, the others answer over `/internal/audit-log`. */
export interface AuditSource {
  service: AuditService;
  read(query: AuditLogReadQuery, requestId?: string): Promise<AuditLogPage>;
  close?(): Promise<void>;
}

/** A service stuck for this long is named as unavailable rather than holding the admin's page. */
const SOURCE_TIMEOUT_MS = 3000;

export function createAuditSources(
  db: Db,
  urls: Record<Exclude<AuditService, 'auth'>, BaseUrls>,
  token: string,
): AuditSource[] {
  const remote = (Object.entries(urls) as Array<[Exclude<AuditService, 'auth'>, BaseUrls]>).map(
    ([service, baseUrl]): AuditSource => {
      const client = createInternalClient({ baseUrl, token, timeoutMs: SOURCE_TIMEOUT_MS, connections: 4 });
      return {
        service,
        read: (query, requestId) =>
          client.request<AuditLogPage>('GET', `/internal/audit-log?${toSearchParams(query)}`, { requestId }),
        close: () => client.close(),
      };
    },
  );
  return [{ service: 'auth', read: (query) => readAuditLog(db, query) }, ...remote];
}

function toSearchParams(query: AuditLogReadQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params.toString();
}

/** Where the merged list stands: the last entry shown, in the list's order (at, then service, then id, newest first). */
export interface AuditCursor {
  at: string;
  service: AuditService;
  id: string;
}

export function encodeCursor(cursor: AuditCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.service, cursor.id])).toString('base64url');
}

/** The cursor an earlier page gave, or undefined for anything else (the caller answers 400). */
export function decodeCursor(text: string): AuditCursor | undefined {
  try {
    const [at, service, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (
      typeof at !== 'string' ||
      !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(at) ||
      Number.isNaN(Date.parse(at))
    )
      return undefined;
    if (typeof service !== 'string' || !(AUDIT_SERVICES as readonly string[]).includes(service)) return undefined;
    if (typeof id !== 'string' || !/^\d{1,19}$/.test(id)) return undefined;
    return { at, service: service as AuditService, id };
  } catch {
    return undefined;
  }
}

export interface MergedQuery {
  actorId?: string;
  targetId?: string;
  method?: AuditedMethod;
  route?: string;
  service?: AuditService;
  startDate?: string;
  endDate?: string;
  /** Entry ids as the list answers them: `<service>:<row id>`. */
  ids?: string[];
  offset: number;
  limit: number;
  cursor?: AuditCursor;
}

export type MergedEntry = AuditLogRow & { id: string; service: AuditService };

export interface MergedPage {
  entries: MergedEntry[];
  total: number;
  unavailable: AuditService[];
  nextCursor: string | null;
}

/** Newest first; ties at one instant by service name, then newest row id. */
function compareEntries(a: MergedEntry & { rowId: string }, b: MergedEntry & { rowId: string }): number {
  if (a.at !== b.at) return a.at < b.at ? 1 : -1;
  if (a.service !== b.service) return a.service < b.service ? -1 : 1;
  const [x, y] = [BigInt(a.rowId), BigInt(b.rowId)];
  return x === y ? 0 : x < y ? 1 : -1;
}

/**
 * The services that can hold a matching entry: the one asked for, the ones owning the route (or
 * one of the ids), else all of them. Asking fewer keeps a narrow filter cheap and its answer whole.
 */
function sourcesFor(
  query: MergedQuery,
  sources: AuditSource[],
  idsByService: Map<AuditService, string[]> | undefined,
): AuditSource[] {
  const owners = query.route
    ? new Set(
        AUDITED_ROUTES.filter((r) => r.path === query.route && (!query.method || r.method === query.method)).map(
          (r) => r.service,
        ),
      )
    : undefined;
  return sources.filter(
    (source) =>
      (!query.service || source.service === query.service) &&
      (!owners || owners.has(source.service)) &&
      (!idsByService || idsByService.has(source.service)),
  );
}

/** The keyset position strictly after the cursor in one service's log (see compareEntries for the order). */
function beforeFor(service: AuditService, cursor: AuditCursor): { before_at: string; before_id: string } {
  if (service === cursor.service) return { before_at: cursor.at, before_id: cursor.id };
  // Services named before the cursor's were shown first at the cursor's instant, those after it come next.
  return { before_at: cursor.at, before_id: service < cursor.service ? '0' : AUDIT_LOG_LAST_ID };
}

/**
 * Asks every service in parallel for its newest matching rows, merges them by time and cuts the
 * page. With offsets each service answers `offset + limit` rows (the page can come from any of
 * them); with a cursor only `limit` from the cursor on. A service that fails is named in
 * `unavailable` and the rest still answer.
 */
export async function readMergedAuditLog(
  sources: AuditSource[],
  query: MergedQuery,
  requestId?: string,
): Promise<MergedPage> {
  let idsByService: Map<AuditService, string[]> | undefined;
  if (query.ids) {
    idsByService = new Map();
    for (const id of query.ids) {
      const [service, rowId] = id.split(':') as [AuditService, string | undefined];
      if (!rowId || !/^\d{1,19}$/.test(rowId) || !(AUDIT_SERVICES as readonly string[]).includes(service)) continue;
      idsByService.set(service, [...(idsByService.get(service) ?? []), rowId]);
    }
  }
  const asked = sourcesFor(query, sources, idsByService);
  const window = query.cursor ? query.limit : query.offset + query.limit;
  const answers = await Promise.allSettled(
    asked.map((source) =>
      source.read(
        {
          actor_id: query.actorId,
          target_id: query.targetId,
          method: query.method,
          route: query.route,
          start_date: query.startDate,
          end_date: query.endDate,
          ids: idsByService?.get(source.service),
          ...(query.cursor ? beforeFor(source.service, query.cursor) : {}),
          limit: window,
        },
        requestId,
      ),
    ),
  );

  const unavailable: AuditService[] = [];
  const merged: Array<MergedEntry & { rowId: string }> = [];
  let total = 0;
  answers.forEach((answer, index) => {
    const service = asked[index]!.service;
    if (answer.status === 'rejected' || !Array.isArray(answer.value?.items)) {
      unavailable.push(service);
      return;
    }
    total += answer.value.total;
    for (const row of answer.value.items) merged.push({ ...row, id: `${service}:${row.id}`, rowId: row.id, service });
  });
  merged.sort(compareEntries);

  const start = query.cursor ? 0 : query.offset;
  const page = merged.slice(start, start + query.limit);
  const last = page[page.length - 1];
  // A full page with more rows behind it (merged beyond the page, or any service that filled its window) has a next page.
  const more =
    merged.length > start + query.limit ||
    answers.some((a) => a.status === 'fulfilled' && a.value.items.length === window);
  const nextCursor =
    last && page.length === query.limit && more
      ? encodeCursor({ at: last.at, service: last.service, id: last.rowId })
      : null;
  return { entries: page.map(({ rowId: _rowId, ...entry }) => entry), total, unavailable, nextCursor };
}
