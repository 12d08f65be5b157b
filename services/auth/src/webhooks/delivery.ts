import { randomUUID } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import { WEBHOOK_EVENT_ID_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@esim/contracts';
import { repeatingWork, retryDelayMs, type ServingWork } from '@esim/platform';
import { signingSecrets, type WebhookDeliveryRow } from './endpoints';
import { signWebhookBody } from './signature';
import { isPrivateAddress } from './url-rules';

export interface DeliveryOptions {
  /** The first retry's delay; each further one doubles it, up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** A receiver that has not answered by then counts as a failed try. */
  timeoutMs: number;
  /** Production: never connect to a private or loopback address, whatever the name resolves to now. */
  production: boolean;
  batch?: number;
  /** Names this process's leases (tests run two "copies" in one process). */
  owner?: string;
  log?: FastifyBaseLogger;
  stopped?: () => boolean;
}

/** Longer than a try can take (the timeout), so a delivery taken is another copy's again only after it. */
export const WEBHOOK_LEASE_MS = 60_000;
const BATCH = 20;

type DueRow = WebhookDeliveryRow & {
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
};

/**
 * Deliveries due now whose endpoint is active (a test event also to a paused one: it is how a dealer
 * tries an endpoint before turning it on), leased to `owner` (another copy skips them until the lease ends).
 */
async function takeDue(db: Knex, owner: string, limit: number): Promise<DueRow[]> {
  const taken = await db.raw(
    `WITH due AS (
       SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
        WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND (e.active OR d.event_type = 'test')
          AND (d.leased_until IS NULL OR d.leased_until <= now())
        ORDER BY d.next_attempt_at LIMIT ? FOR UPDATE OF d SKIP LOCKED)
     UPDATE webhook_deliveries d
        SET lease_owner = ?, leased_until = now() + (? * interval '1 millisecond'), attempts = d.attempts + 1
       FROM due, webhook_endpoints e
      WHERE d.id = due.id AND e.id = d.endpoint_id
     RETURNING d.*, e.url, e.secret, e.previous_secret, e.previous_secret_expires_at`,
    [limit, owner, WEBHOOK_LEASE_MS],
  );
  return taken.rows as DueRow[];
}

/** The body exactly as sent and signed, its fields in the documented order. */
export function bodyOf(payload: Record<string, unknown>): string {
  const { id, type, version, created_at: createdAt, data } = payload;
  return JSON.stringify({ id, type, version, created_at: createdAt, data });
}

export interface PostOutcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** Name resolution that refuses private and loopback addresses, checked on the address actually connected to. */
function publicOnlyLookup(
  hostname: string,
  options: LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as LookupAddress[];
    if (list.length === 0 || list.some((entry) => isPrivateAddress(entry.address)))
      return callback(
        Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'EPRIVATE' }),
        '',
        0,
      );
    if (options.all) return callback(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
}

/**
 * One POST, outside any transaction: the signed body, redirects not followed (a 3xx is a failed
 * try), the answer's body read and dropped, the whole exchange bounded by `timeoutMs`.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: Pick<DeliveryOptions, 'timeoutMs' | 'production'>,
): Promise<PostOutcome> {
  const started = Date.now();
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const done = (statusCode: number | null, error: string | null): PostOutcome => ({
    statusCode,
    error,
    durationMs: Date.now() - started,
  });
  if (options.production && (target.protocol !== 'https:' || (isIP(host) !== 0 && isPrivateAddress(host))))
    return Promise.resolve(done(null, 'refused: not a public https address'));
  return new Promise((resolve) => {
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'esim-webhooks/1',
          ...headers,
        },
        signal: AbortSignal.timeout(options.timeoutMs),
        ...(options.production ? { lookup: publicOnlyLookup } : {}),
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(done(res.statusCode ?? null, null)));
        res.on('error', (error) => resolve(done(res.statusCode ?? null, error.message)));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
      resolve(done(null, (timedOut ? `no answer within ${options.timeoutMs} ms` : error.message).slice(0, 500)));
    });
    req.end(body);
  });
}

/**
 * One delivery's try and its outcome: delivered on a 2xx; else due again after the back-off, or
 * failed when that would fall after `retry_until`. The outcome is written only while this process
 * still holds the lease; the try itself is always recorded.
 */
async function deliverOne(
  db: Knex,
  row: DueRow,
  owner: string,
  options: DeliveryOptions,
): Promise<'delivered' | 'retry' | 'failed'> {
  const body = bodyOf(row.payload);
  const timestamp = Math.floor(Date.now() / 1000);
  const outcome = await postWebhook(
    row.url,
    body,
    {
      [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(signingSecrets(row), timestamp, body),
      [WEBHOOK_EVENT_ID_HEADER]: row.event_id,
    },
    options,
  );
  const delivered = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const delay = retryDelayMs(row.attempts, options);
  const giveUp = !delivered && Date.now() + delay > row.retry_until.getTime();
  const result = delivered ? 'delivered' : giveUp ? 'failed' : 'retry';
  await db.transaction(async (trx) => {
    await trx('webhook_attempts').insert({
      delivery_id: row.id,
      status_code: outcome.statusCode,
      duration_ms: outcome.durationMs,
      error: outcome.error,
    });
    await trx('webhook_deliveries')
      .where({ id: row.id, lease_owner: owner, status: 'pending' })
      .update({
        lease_owner: null,
        leased_until: null,
        last_status_code: outcome.statusCode,
        last_error: outcome.error,
        ...(result === 'delivered'
          ? { status: 'delivered', delivered_at: trx.fn.now(), next_attempt_at: null }
          : result === 'failed'
            ? { status: 'failed', next_attempt_at: null }
            : { next_attempt_at: trx.raw(`now() + (? * interval '1 millisecond')`, [delay]) }),
      });
  });
  if (!delivered)
    options.log?.info(
      { delivery: row.id, endpoint: row.endpoint_id, status: outcome.statusCode, error: outcome.error, result },
      'webhook not accepted',
    );
  return result;
}

/** One pass over the deliveries due: each batch is sent side by side (one slow receiver does not hold the others). */
export async function deliverDueWebhooks(
  db: Knex,
  options: DeliveryOptions,
): Promise<{ delivered: number; retry: number; failed: number }> {
  const owner = options.owner ?? randomUUID();
  const counts = { delivered: 0, retry: 0, failed: 0 };
  const batch = options.batch ?? BATCH;
  for (;;) {
    const rows = await takeDue(db, owner, batch);
    // One delivery whose outcome cannot be written (its endpoint deleted meanwhile) does not end the pass.
    const outcomes = await Promise.allSettled(rows.map((row) => deliverOne(db, row, owner, options)));
    for (const outcome of outcomes) {
      if (outcome.status === 'fulfilled') counts[outcome.value] += 1;
      else options.log?.warn({ err: outcome.reason }, 'webhook outcome not recorded');
    }
    if (rows.length < batch || options.stopped?.()) break;
  }
  return counts;
}

/** The delivery loop as work the service does while it serves (started by runService, in every copy). */
export function webhookDeliverer(
  db: Knex,
  options: DeliveryOptions & { intervalMs: number; log: FastifyBaseLogger },
): ServingWork {
  const owner = randomUUID();
  return repeatingWork(
    'webhooks',
    options.intervalMs,
    (stopped) => deliverDueWebhooks(db, { ...options, owner, stopped }),
    (error) => options.log.error({ err: error }, 'webhook pass failed'),
  );
}
