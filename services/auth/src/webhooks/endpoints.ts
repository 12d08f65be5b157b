import { randomBytes, randomUUID } from 'node:crypto';
import {
  USER_TYPE,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_PREVIOUS_SECRET_HOURS,
  WEBHOOK_SECRET_PREFIX,
  type WebhookCreateBody,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookPayload,
  type WebhookUpdateBody,
} from '@esim/contracts';
import { conflict, forbidden, notFound } from '@esim/platform';
import type { Knex } from 'knex';
import { publicBody } from './payloads';

type Queryable = Knex | Knex.Transaction;

export interface WebhookEndpointRow {
  id: string;
  dealer_id: string;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  active: boolean;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface WebhookDeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  payload: Record<string, unknown>;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: Date | null;
  retry_until: Date;
  last_status_code: number | null;
  last_error: string | null;
  lease_owner: string | null;
  leased_until: Date | null;
  created_at: Date;
  delivered_at: Date | null;
}

interface AttemptRow {
  delivery_id: string;
  at: Date;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
}

/** How long deliveries are retried after the event (and after "send again"). */
export const WEBHOOK_RETRY_HOURS = 24;

/** A fresh signing secret: 192 random bits. */
export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(24).toString('hex');
}

/** An endpoint row with its newest delivery, as the list reads it (absent: a fresh or changed endpoint's answer). */
type ListedEndpointRow = WebhookEndpointRow & {
  last_status?: WebhookDeliveryRow['status'] | null;
  last_at?: Date | null;
};

export function publicEndpoint(row: ListedEndpointRow, now = new Date()): WebhookEndpoint {
  const rotating = row.previous_secret && row.previous_secret_expires_at && row.previous_secret_expires_at > now;
  return {
    id: row.id,
    dealer_id: row.dealer_id,
    url: row.url,
    description: row.description,
    events: row.events,
    active: row.active,
    secret_prefix: row.secret.slice(0, WEBHOOK_SECRET_PREFIX.length + 4),
    previous_secret_expires_at: rotating ? row.previous_secret_expires_at!.toISOString() : null,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    last_delivery: row.last_status && row.last_at ? { status: row.last_status, at: row.last_at.toISOString() } : null,
  };
}

/** The secrets a delivery is signed with now: the current one, and the previous one while its rotation lasts. */
export function signingSecrets(
  row: Pick<WebhookEndpointRow, 'secret' | 'previous_secret' | 'previous_secret_expires_at'>,
  now = new Date(),
): string[] {
  return row.previous_secret && row.previous_secret_expires_at && row.previous_secret_expires_at > now
    ? [row.secret, row.previous_secret]
    : [row.secret];
}

/** Only a dealer has webhooks: anyone else asking for their own gets a 403 that says so. */
export function assertWebhookDealer(userType: number): void {
  if (userType !== USER_TYPE.dealer) throw forbidden('webhooks_dealers_only');
}

export async function listEndpoints(db: Queryable, dealerId: string): Promise<WebhookEndpoint[]> {
  const rows = (await db.raw(
    `SELECT e.*, last.status AS last_status, last.at AS last_at
       FROM webhook_endpoints e
       LEFT JOIN LATERAL (
         SELECT d.status, coalesce(d.delivered_at, d.created_at) AS at
           FROM webhook_deliveries d WHERE d.endpoint_id = e.id
          ORDER BY d.created_at DESC LIMIT 1) last ON true
      WHERE e.dealer_id = ?
      ORDER BY e.created_at DESC`,
    [dealerId],
  )) as { rows: ListedEndpointRow[] };
  return rows.rows.map((row) => publicEndpoint(row));
}

/** The dealer's endpoint, or 404 (another dealer's endpoint is not told apart from none). */
export async function ownEndpoint(db: Queryable, dealerId: string, id: string): Promise<WebhookEndpointRow> {
  const row = await db<WebhookEndpointRow>('webhook_endpoints').where({ id, dealer_id: dealerId }).first();
  if (!row) throw notFound('webhook_not_found');
  return row;
}

/** Adds an endpoint; the dealer's row is locked first so two requests cannot both pass the count. */
export async function createEndpoint(
  trx: Knex.Transaction,
  input: { dealerId: string; body: WebhookCreateBody; createdBy: string; secret: string },
): Promise<WebhookEndpointRow> {
  await trx('users').where({ id: input.dealerId }).forUpdate().first('id');
  const [count] = (await trx('webhook_endpoints').where({ dealer_id: input.dealerId }).count({ n: '*' })) as Array<{
    n: string;
  }>;
  if (Number(count?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX)
    throw conflict('webhook_limit_reached', { max: WEBHOOK_ENDPOINTS_MAX });
  const [row] = (await trx('webhook_endpoints')
    .insert({
      dealer_id: input.dealerId,
      url: input.body.url,
      events: input.body.events,
      description: input.body.description || null,
      secret: input.secret,
      created_by: input.createdBy,
    })
    .returning('*')) as WebhookEndpointRow[];
  return row!;
}

export async function updateEndpoint(
  db: Knex,
  dealerId: string,
  id: string,
  body: WebhookUpdateBody,
): Promise<WebhookEndpointRow> {
  const changes: Record<string, unknown> = { updated_at: db.fn.now() };
  if (body.url !== undefined) changes.url = body.url;
  if (body.events !== undefined) changes.events = body.events;
  if (body.description !== undefined) changes.description = body.description || null;
  if (body.active !== undefined) changes.active = body.active;
  const [row] = (await db('webhook_endpoints')
    .where({ id, dealer_id: dealerId })
    .update(changes)
    .returning('*')) as WebhookEndpointRow[];
  if (!row) throw notFound('webhook_not_found');
  return row;
}

/** Deletes an endpoint and its log (the audit log keeps that it existed). */
export async function deleteEndpoint(db: Knex, dealerId: string, id: string): Promise<WebhookEndpointRow> {
  const [row] = (await db('webhook_endpoints')
    .where({ id, dealer_id: dealerId })
    .delete()
    .returning('*')) as WebhookEndpointRow[];
  if (!row) throw notFound('webhook_not_found');
  return row;
}

/**
 * A new secret; the one it replaces keeps signing a second `v1` for 24 hours, so the receiver can
 * switch without refusing a delivery. Rotating again within that time drops the oldest.
 */
export async function rotateSecret(
  db: Knex,
  dealerId: string,
  id: string,
  secret: string,
): Promise<WebhookEndpointRow> {
  const [row] = (await db('webhook_endpoints')
    .where({ id, dealer_id: dealerId })
    .update({
      previous_secret: db.ref('secret'),
      previous_secret_expires_at: db.raw(`now() + (? * interval '1 hour')`, [WEBHOOK_PREVIOUS_SECRET_HOURS]),
      secret,
      updated_at: db.fn.now(),
    })
    .returning('*')) as WebhookEndpointRow[];
  if (!row) throw notFound('webhook_not_found');
  return row;
}

/**
 * Queues a public event for every active endpoint of `userId` that chose its type, in the caller's
 * transaction (the consumer's, with its inbox row): nothing is sent here. An event queued before
 * for an endpoint is not queued again.
 */
export async function queueEvent(
  trx: Knex.Transaction,
  userId: string,
  body: WebhookPayload<WebhookEventType>,
): Promise<number> {
  return queueEvents(trx, [{ userId, body }]);
}

/** queueEvent for many events in one statement (a consumer's run of them), queued in the order given. */
export async function queueEvents(
  trx: Knex.Transaction,
  events: ReadonlyArray<{ userId: string; body: WebhookPayload<WebhookEventType> }>,
): Promise<number> {
  if (events.length === 0) return 0;
  const inserted = await trx.raw(
    `INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, payload, retry_until)
     SELECT e.id, q.event_id, q.event_type, q.payload, now() + (? * interval '1 hour')
       FROM unnest(?::uuid[], ?::uuid[], ?::text[], ?::jsonb[]) WITH ORDINALITY AS q(dealer_id, event_id, event_type, payload, n)
       JOIN webhook_endpoints e ON e.dealer_id = q.dealer_id AND e.active AND q.event_type = ANY(e.events)
       JOIN users u ON u.id = e.dealer_id
      WHERE u.user_type = ? AND u.deleted_at IS NULL
      ORDER BY q.n, e.id
     ON CONFLICT (endpoint_id, event_id) DO NOTHING`,
    [
      WEBHOOK_RETRY_HOURS,
      events.map((event) => event.userId),
      events.map((event) => event.body.id),
      events.map((event) => event.body.type),
      events.map((event) => JSON.stringify(event.body)),
      USER_TYPE.dealer,
    ] as unknown as Knex.RawBinding[],
  );
  return inserted.rowCount as number;
}

/** Queues a `test` event for one endpoint; it is sent even while the endpoint is paused, to try it first. */
export async function queueTest(db: Knex, endpoint: WebhookEndpointRow): Promise<WebhookDeliveryRow> {
  const id = randomUUID();
  const body = publicBody('test', id, new Date().toISOString(), {
    endpoint_id: endpoint.id,
    message: 'Bu bir deneme olayıdır / This is a test event',
  });
  const [row] = (await db('webhook_deliveries')
    .insert({
      endpoint_id: endpoint.id,
      event_id: id,
      event_type: 'test',
      payload: JSON.stringify(body),
      retry_until: db.raw(`now() + (? * interval '1 hour')`, [WEBHOOK_RETRY_HOURS]),
    })
    .returning('*')) as WebhookDeliveryRow[];
  return row!;
}

/** The dealer's delivery, or 404. */
export async function ownDelivery(db: Queryable, dealerId: string, id: string): Promise<WebhookDeliveryRow> {
  const row = (await db('webhook_deliveries as d')
    .join('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .where({ 'd.id': id, 'e.dealer_id': dealerId })
    .first('d.*')) as WebhookDeliveryRow | undefined;
  if (!row) throw notFound('webhook_delivery_not_found');
  return row;
}

/**
 * "Send again": the same event (same id, so a receiver that has it drops it) is due now and retried
 * for another 24 hours if it fails. A delivery being sent right now keeps its lease.
 */
export async function resendDelivery(db: Knex, delivery: WebhookDeliveryRow): Promise<WebhookDeliveryRow> {
  const [row] = (await db('webhook_deliveries')
    .where({ id: delivery.id })
    .update({
      status: 'pending',
      next_attempt_at: db.fn.now(),
      retry_until: db.raw(`now() + (? * interval '1 hour')`, [WEBHOOK_RETRY_HOURS]),
    })
    .returning('*')) as WebhookDeliveryRow[];
  return row!;
}

export async function listDeliveries(
  db: Queryable,
  endpointId: string,
  query: { limit: number; status?: 'pending' | 'delivered' | 'failed' },
): Promise<WebhookDelivery[]> {
  const rows = (await db('webhook_deliveries')
    .where({ endpoint_id: endpointId })
    .modify((q) => {
      if (query.status) q.where({ status: query.status });
    })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(query.limit)) as WebhookDeliveryRow[];
  const attempts = rows.length
    ? ((await db('webhook_attempts')
        .whereIn(
          'delivery_id',
          rows.map((row) => row.id),
        )
        .orderBy('id')) as AttemptRow[])
    : [];
  return rows.map((row) =>
    publicDelivery(
      row,
      attempts.filter((attempt) => attempt.delivery_id === row.id),
    ),
  );
}

export function publicDelivery(row: WebhookDeliveryRow, attempts: AttemptRow[] = []): WebhookDelivery {
  return {
    id: row.id,
    endpoint_id: row.endpoint_id,
    event_id: row.event_id,
    event_type: row.event_type as WebhookDelivery['event_type'],
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' ? (row.next_attempt_at?.toISOString() ?? null) : null,
    retry_until: row.retry_until.toISOString(),
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    created_at: row.created_at.toISOString(),
    delivered_at: row.delivered_at?.toISOString() ?? null,
    payload: row.payload,
    tries: attempts.map((attempt) => ({
      at: attempt.at.toISOString(),
      status_code: attempt.status_code,
      duration_ms: attempt.duration_ms,
      error: attempt.error,
    })),
  };
}
