import type { Knex } from 'knex';
import { parkedChannel } from './parked';

/** Operator views and actions behind `npm run events -- ...`, on a pool of any schema (tables are qualified). */

export interface ParkedSummary {
  id: string;
  consumer: string;
  eventId: string | null;
  type: string | null;
  aggregateId: string | null;
  source: string;
  attempts: number;
  status: 'parked' | 'requeued' | 'resolved';
  lastError: string;
  parkedAt: Date;
}

interface ParkedRow {
  id: string;
  consumer: string;
  event_id: string | null;
  type: string | null;
  aggregate_id: string | null;
  source: string;
  attempts: number;
  status: ParkedSummary['status'];
  last_error: string;
  parked_at: Date;
}

export interface SchemaStatus {
  schema: string;
  outboxBacklog: number;
  oldestUnpublishedAt: Date | null;
  /** Why the relay could not publish the oldest row, if it failed. */
  lastRelayError: string | null;
  parked: ParkedSummary[];
}

export interface EventsStatus {
  schemas: SchemaStatus[];
  /** The embedded log: its head, and each consumer group's offset (its slowest partition's) and lag behind it. */
  log: { head: number; groups: Array<{ group: string; position: number; lag: number; updatedAt: Date }> };
}

/** Schemas that carry the per-service event tables (every service's). */
export async function serviceSchemas(db: Knex): Promise<string[]> {
  const result = await db.raw(
    `SELECT table_schema AS schema FROM information_schema.tables
      WHERE table_name = 'parked_events' AND table_schema IN
            (SELECT table_schema FROM information_schema.tables WHERE table_name = 'outbox')
      ORDER BY table_schema`,
  );
  return (result.rows as Array<{ schema: string }>).map((row) => row.schema);
}

export async function eventsStatus(db: Knex): Promise<EventsStatus> {
  const schemas: SchemaStatus[] = [];
  for (const schema of await serviceSchemas(db)) {
    const outbox = await db.raw(
      `SELECT count(*)::int AS backlog, min(created_at) AS oldest,
              (SELECT last_error FROM ??.outbox WHERE published_at IS NULL ORDER BY position LIMIT 1) AS last_error
         FROM ??.outbox WHERE published_at IS NULL`,
      [schema, schema],
    );
    const parked = await db.raw(
      `SELECT id, consumer, event_id, type, aggregate_id, source, attempts, status, last_error, parked_at
         FROM ??.parked_events WHERE status <> 'resolved' ORDER BY parked_at`,
      [schema],
    );
    schemas.push({
      schema,
      outboxBacklog: outbox.rows[0].backlog,
      oldestUnpublishedAt: outbox.rows[0].oldest,
      lastRelayError: outbox.rows[0].last_error,
      parked: (parked.rows as ParkedRow[]).map((row) => ({
        id: row.id,
        consumer: row.consumer,
        eventId: row.event_id,
        type: row.type,
        aggregateId: row.aggregate_id,
        source: row.source,
        attempts: row.attempts,
        status: row.status,
        lastError: row.last_error,
        parkedAt: row.parked_at,
      })),
    });
  }
  const head = Number((await db.raw('SELECT coalesce(max(position), 0) AS head FROM platform.event_log')).rows[0].head);
  // A group is as far as its slowest partition.
  const groups = await db.raw(
    'SELECT group_id, min(position) AS position, max(updated_at) AS updated_at FROM platform.consumer_offsets GROUP BY group_id ORDER BY group_id',
  );
  return {
    schemas,
    log: {
      head,
      groups: (groups.rows as Array<{ group_id: string; position: number; updated_at: Date }>).map((row) => ({
        group: row.group_id,
        position: Number(row.position),
        lag: Math.max(0, head - Number(row.position)),
        updatedAt: row.updated_at,
      })),
    },
  };
}

/**
 * Re-queues a parked message (by its parked id or its event id) for the consumer that parked it,
 * and wakes that service's consumers. Returns what was re-queued (empty: nothing parked matched).
 */
export async function requeueParked(
  db: Knex,
  id: string,
): Promise<Array<{ schema: string; id: string; consumer: string }>> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw new Error(`not an id: ${id}`);
  const requeued: Array<{ schema: string; id: string; consumer: string }> = [];
  for (const schema of await serviceSchemas(db)) {
    const result = await db.raw(
      `UPDATE ??.parked_events SET status = 'requeued', requeued_at = now()
        WHERE (id = ?::uuid OR event_id = ?::uuid) AND status = 'parked' RETURNING id, consumer`,
      [schema, id, id],
    );
    if (!result.rowCount) continue;
    for (const row of result.rows as Array<{ id: string; consumer: string }>) requeued.push({ schema, ...row });
    await db.raw('SELECT pg_notify(?, ?)', [parkedChannel(schema), '']);
  }
  return requeued;
}

export interface PruneResult {
  log: number;
  outbox: number;
  inbox: number;
  parked: number;
}

/**
 * Retention: removes what is older than `days` and no longer needed. Log rows every consumer group
 * has passed; published outbox rows; inbox rows (a redelivery older than that is not expected:
 * outbox and log keep nothing that old); resolved parked rows. Unpublished and open rows stay.
 */
export async function pruneEvents(db: Knex, days: number): Promise<PruneResult> {
  const interval = `${Math.max(0, days)} days`;
  const log = await db.raw(
    `DELETE FROM platform.event_log
      WHERE appended_at < now() - ?::interval
        AND position <= (SELECT coalesce(min(position), 0) FROM platform.consumer_offsets)`,
    [interval],
  );
  const result: PruneResult = { log: log.rowCount ?? 0, outbox: 0, inbox: 0, parked: 0 };
  for (const schema of await serviceSchemas(db)) {
    const outbox = await db.raw('DELETE FROM ??.outbox WHERE published_at < now() - ?::interval', [schema, interval]);
    const inbox = await db.raw('DELETE FROM ??.inbox WHERE handled_at < now() - ?::interval', [schema, interval]);
    const parked = await db.raw(
      `DELETE FROM ??.parked_events WHERE status = 'resolved' AND resolved_at < now() - ?::interval`,
      [schema, interval],
    );
    result.outbox += outbox.rowCount ?? 0;
    result.inbox += inbox.rowCount ?? 0;
    result.parked += parked.rowCount ?? 0;
  }
  return result;
}
