import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { eventDefinition, topicOf, type EventEnvelope, type EventType } from '@esim/contracts';
import type { PublishInput } from './types';

/** NOTIFY channel of a schema's outbox; the relay LISTENs on it. */
export const outboxChannel = (schema: string) => `outbox_${schema}`;

/**
 * Writes an event to the outbox inside the caller's transaction: it exists exactly when the
 * state change does. The payload is checked against the registry, so a malformed event
 * fails the request that made it rather than every consumer later.
 */
export async function publish<T extends EventType>(
  trx: Knex | Knex.Transaction,
  producer: string,
  input: PublishInput<T>,
): Promise<EventEnvelope> {
  return (await publishMany(trx, producer, [input]))[0]!;
}

/**
 * `publish` for many events in one statement (a batch of orders written together): each checked
 * against the registry, all in the outbox in the order given.
 */
export async function publishMany<T extends EventType>(
  trx: Knex | Knex.Transaction,
  producer: string,
  inputs: ReadonlyArray<PublishInput<T>>,
): Promise<EventEnvelope[]> {
  if (inputs.length === 0) return [];
  const events = outboxRows(producer, inputs);
  const rows = events.map((event) => event.row);
  // Delivered on commit only; the relay wakes at once instead of waiting for its poll. One
  // notification per transaction is enough (PostgreSQL folds identical ones anyway), and it rides on
  // the insert's own statement: no round trip of its own.
  if (notified.has(trx)) {
    await trx('outbox').insert(rows);
  } else {
    // Once per row, folded into one by PostgreSQL (same channel, same payload, same transaction).
    await trx('outbox')
      .insert(rows)
      .returning(trx.raw('pg_notify(?, ?)', [await outboxChannelOf(trx), '']));
    if ((trx as Knex.Transaction).isTransaction) notified.add(trx);
  }
  return events.map((event) => event.envelope);
}

/** An event as its outbox row: checked against the registry, enveloped (`envelope` as JSON text). */
export interface OutboxRow {
  event_id: string;
  type: string;
  topic: string;
  aggregate_id: string;
  envelope: string;
}

/**
 * The events as the outbox insert of a caller's own statement (one part of its WITH), for a write
 * that publishes only for the rows it really changed, with no transaction around two statements:
 * an event is written when its aggregate id is among those the `aggregateIds` subquery (SQL of the
 * same statement, without bindings) yields. Checked, ordered and waking the relay as `publishMany`.
 */
export async function outboxInsert(
  db: Knex | Knex.Transaction,
  producer: string,
  inputs: ReadonlyArray<{ [T in EventType]: PublishInput<T> }[EventType]>,
  aggregateIds: string,
): Promise<{ sql: string; bindings: Knex.RawBinding[] }> {
  const rows = outboxRows(producer, inputs as ReadonlyArray<PublishInput>).map(({ row, envelope }) => ({
    ...row,
    envelope,
  }));
  return {
    sql: `INSERT INTO outbox (event_id, type, topic, aggregate_id, envelope)
          SELECT e.event_id, e.type, e.topic, e.aggregate_id, e.envelope
            FROM jsonb_populate_recordset(NULL::outbox, ?::jsonb) WITH ORDINALITY AS e
           WHERE e.aggregate_id IN (${aggregateIds})
           ORDER BY e.ordinality
          RETURNING pg_notify(?, '')`,
    bindings: [JSON.stringify(rows), await outboxChannelOf(db)],
  };
}

/** The outbox rows of events, each checked against the registry, with its envelope. */
function outboxRows<T extends EventType>(
  producer: string,
  inputs: ReadonlyArray<PublishInput<T>>,
): Array<{ row: OutboxRow; envelope: EventEnvelope }> {
  return inputs.map((input) => {
    const envelope = envelopeOf(producer, input);
    const row = {
      event_id: envelope.id,
      type: envelope.type,
      topic: topicOf(envelope.type),
      aggregate_id: envelope.aggregateId,
      envelope: JSON.stringify(envelope),
    };
    return { row, envelope };
  });
}

/** The NOTIFY channel of the outbox of the schema `db` writes to (looked up once per pool). */
export async function outboxChannelOf(db: Knex | Knex.Transaction): Promise<string> {
  return outboxChannel(await currentSchema(db));
}

function envelopeOf<T extends EventType>(producer: string, input: PublishInput<T>): EventEnvelope {
  const definition = eventDefinition(input.type);
  if (!definition) throw new Error(`Unknown event type ${input.type}: declare it in @esim/contracts`);
  const payload = definition.payload.parse(input.payload);
  return {
    id: randomUUID(),
    type: input.type,
    version: definition.version,
    occurredAt: new Date().toISOString(),
    aggregateId: input.aggregateId,
    producer,
    ...(input.correlationId ? { correlationId: input.correlationId } : {}),
    ...(input.causationId ? { causationId: input.causationId } : {}),
    payload,
  };
}

const notified = new WeakSet<object>();

const schemaCache = new WeakMap<object, string>();
async function currentSchema(trx: Knex | Knex.Transaction): Promise<string> {
  // A transaction has a client object of its own, but shares its pool's config object: key by that,
  // so the schema is looked up once per pool rather than once per transaction.
  const client = (trx as unknown as { client: { config?: object } }).client;
  const key = client.config ?? client;
  const cached = schemaCache.get(key);
  if (cached) return cached;
  const result = await trx.raw('SELECT current_schema() AS schema');
  const schema = result.rows[0].schema as string;
  schemaCache.set(key, schema);
  return schema;
}
