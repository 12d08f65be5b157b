import type { Knex } from 'knex';

/**
 * The state a refused request must not touch: the row count and a checksum of the rows of every
 * table of every service schema (and the shared event log), read in one statement.
 * Left out, because they change by design on a refused request: each service's `audit_log`
 * (admin and sales-manager writes are recorded with their outcome, refusals included), the event
 * consumers' read positions and their processes' heartbeats (they move as consumers poll) and the
 * migration bookkeeping.
 */
const SKIPPED_TABLES = new Set([
  'audit_log',
  'knex_migrations',
  'knex_migrations_lock',
  'consumer_offsets',
  'consumer_members',
]);

/**
 * Columns that move by design with no request at all: the card-payment poll loop's schedule and
 * leases (when it looks next, how often it looked). The rest of those rows is compared as any row.
 */
const SCHEDULE_COLUMNS: Record<string, readonly string[]> = {
  'balance.payments': ['next_check_at', 'checks', 'checked_at'],
  'balance.card_refunds': ['next_attempt_at', 'attempts'],
};

export interface Snapshot {
  [table: string]: string;
}

export async function snapshotQuery(db: Knex): Promise<string> {
  const tables = (await db
    .select('table_schema', 'table_name')
    .from('information_schema.tables')
    .where('table_type', 'BASE TABLE')
    .whereNotIn('table_schema', ['pg_catalog', 'information_schema', 'public'])
    .orderBy(['table_schema', 'table_name'])) as Array<{ table_schema: string; table_name: string }>;
  const parts = tables
    .filter((t) => !SKIPPED_TABLES.has(t.table_name))
    .map((t) => {
      const name = `${t.table_schema}.${t.table_name}`;
      const row = (SCHEDULE_COLUMNS[name] ?? []).reduce((json, column) => `${json} - '${column}'`, 'to_jsonb(x)');
      return `SELECT '${name}' AS name, count(*)::text || ':' || coalesce(sum(hashtext((${row})::text)::bigint), 0)::text AS state FROM "${t.table_schema}"."${t.table_name}" x`;
    });
  return parts.join(' UNION ALL ');
}

export async function snapshot(db: Knex, query: string): Promise<Snapshot> {
  const { rows } = (await db.raw(query)) as { rows: Array<{ name: string; state: string }> };
  return Object.fromEntries(rows.map((row) => [row.name, row.state]));
}

/** Tables whose count or checksum differ. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}

/**
 * Events still on their way: outbox rows not yet relayed, and consumer groups behind the end of
 * the event log. An accepted write's effects elsewhere arrive through these, later than its answer.
 */
export async function inFlightQuery(db: Knex): Promise<string> {
  const schemas = (await db
    .select('table_schema')
    .from('information_schema.tables')
    .where({ table_name: 'outbox', table_type: 'BASE TABLE' })
    .orderBy('table_schema')) as Array<{ table_schema: string }>;
  const outboxes = schemas.map((s) => `(SELECT count(*) FROM "${s.table_schema}".outbox WHERE published_at IS NULL)`);
  const behind = `(SELECT count(*) FROM platform.consumer_offsets WHERE position < (SELECT coalesce(max(position), 0) FROM platform.event_log))`;
  return `SELECT (${[...outboxes, behind].join(' + ')})::int AS pending`;
}

export async function eventsInFlight(db: Knex, query: string): Promise<number> {
  const { rows } = (await db.raw(query)) as { rows: Array<{ pending: number }> };
  return rows[0]!.pending;
}
