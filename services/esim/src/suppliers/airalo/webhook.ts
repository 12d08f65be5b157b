import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import {
  SupplierWebhookRefused,
  type SupplierEsimStatus,
  type SupplierNotice,
  type SupplierWebhook,
} from '../../provider/supplier';
import type { AiraloLog, createOrdering } from './orders';
import type { createUsage } from './usage';
import { euroCents, isObject, parseOrder } from './wire';

const hmac = (secret: string, text: string) => createHmac('sha512', secret).update(text, 'utf8').digest();

/**
 * The texts `airalo-signature` may have been computed over: the body as it came, then the JSON
 * re-serialised compactly as Airalo's SDKs do before they verify it (plain, "/" escaped as "\/", and
 * also non-ASCII as \u escapes), since a proxy or Airalo itself may write the same JSON differently.
 */
function signedForms(raw: Buffer): Buffer[] {
  const forms = [raw];
  try {
    const compact = JSON.stringify(JSON.parse(raw.toString('utf8')));
    const slashes = compact.replace(/\//g, '\\/');
    const ascii = slashes.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    for (const form of [compact, slashes, ascii])
      if (!forms.some((had) => had.equals(Buffer.from(form)))) forms.push(Buffer.from(form));
  } catch {
    // Not JSON: only the raw body can match.
  }
  return forms;
}

/** Whether `given` (hex) is the HMAC-SHA512 of the body, or of a canonical form of it, keyed by the client secret. */
export function signatureMatches(secret: string, raw: Buffer, given: string): boolean {
  if (!/^[0-9a-f]{128}$/i.test(given)) return false;
  const expected = Buffer.from(given.toLowerCase(), 'hex');
  let matched = false;
  // Every form is compared (timing-safe), so the time taken does not tell which one matched.
  for (const form of signedForms(raw))
    matched = timingSafeEqual(hmac(secret, form.toString('utf8')), expected) || matched;
  return matched;
}

const header = (headers: SupplierWebhook['headers'], name: string) => {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

const str = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value)
    ? value
    : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
      ? Number(value)
      : null;

export interface WebhookSettings {
  clientSecret: string;
  eurPerUsd: number;
  log: AiraloLog;
  ordering: ReturnType<typeof createOrdering>;
  usage: ReturnType<typeof createUsage>;
}

/**
 * Airalo's webhooks: an asynchronous order made (or failed), an eSIM's low-data or expiry warning, and
 * the credit-limit warning. Each is checked against `airalo-signature`, acted on once (Airalo sends no
 * event id and retries until it gets a 2xx, so a repeat is recognised by what it is about) and turned
 * into notices for the saga and the admin.
 */
export function createWebhooks(settings: WebhookSettings) {
  /** Whether this notice was acted on already. */
  const seen = async (db: Knex, kind: string, key: string) =>
    Boolean(await db('airalo_notices').where({ kind, key }).first('key'));

  /** Records the notice as acted on; false when another delivery of it got there first. */
  const record = async (db: Knex, row: { kind: string; key: string; order_id?: string; iccid?: string }) =>
    ((await db('airalo_notices').insert(row).onConflict(['kind', 'key']).ignore().returning('key')) as unknown[])
      .length === 1;

  const duplicate: SupplierNotice = { kind: 'ignored', reason: 'duplicate' };

  async function asyncOrder(db: Knex, body: Record<string, unknown>, requestId: string): Promise<SupplierNotice[]> {
    if (await seen(db, 'async_order', requestId)) return [duplicate];
    // The fields sit in `data` as in the order call's answer; a flat body is read the same way.
    const order = isObject(body.data) ? body.data : body;
    const description = str(order.description);
    const parsed = parseOrder(order, settings.eurPerUsd);
    const orderId =
      parsed && parsed.sims.length > 0
        ? await settings.ordering.deliverAsync(db, parsed, requestId)
        : await settings.ordering.failAsync(db, description, requestId, order);
    if (!orderId) {
      settings.log.warn({ requestId, description }, 'Airalo webhook for an order that is not ours');
      return [{ kind: 'ignored', reason: 'unknown order' }];
    }
    if (!(await record(db, { kind: 'async_order', key: requestId, order_id: orderId }))) return [duplicate];
    return [{ kind: 'order', orderId }];
  }

  async function lowData(
    db: Knex,
    body: Record<string, unknown>,
    iccid: string,
    level: string,
  ): Promise<SupplierNotice[]> {
    const key = `${iccid}|${level}|${str(body.package_name) ?? ''}`;
    if (await seen(db, 'low_data', key)) return [duplicate];
    const profile = (await db('profiles')
      .where({ iccid, supplier: 'airalo' })
      .orderBy('created_at', 'desc')
      .first('supplier_ref', 'data_total_bytes', 'expires_at')) as
      { supplier_ref: string | null; data_total_bytes: string | number | null; expires_at: Date | null } | undefined;
    const total = profile?.data_total_bytes === null || profile === undefined ? null : Number(profile.data_total_bytes);
    const remaining = num(body.remaining_percentage);
    const status: SupplierEsimStatus = {
      // A warning comes for an eSIM in use: its data 75% or 90% used, or its last days running.
      state: 'in_use',
      usedBytes: total !== null && remaining !== null ? Math.round((total * (100 - remaining)) / 100) : null,
      totalBytes: total,
      expiresAt: profile?.expires_at ?? null,
      updatedAt: new Date(),
    };
    // The cached figures are older than this warning: the next read asks Airalo.
    await settings.usage.forget(iccid);
    if (!(await record(db, { kind: 'low_data', key, iccid }))) return [duplicate];
    return [{ kind: 'esim', iccid, supplierRef: profile?.supplier_ref ?? null, status }];
  }

  async function creditLimit(db: Knex, body: Record<string, unknown>): Promise<SupplierNotice[]> {
    const message = str(body.message) ?? 'Airalo credit limit warning';
    const remaining = num(body.remaining);
    const key = `${message}|${remaining ?? ''}`;
    if (!(await record(db, { kind: 'credit_limit', key }))) return [duplicate];
    // Airalo's accounts are kept in US dollars.
    return [
      {
        kind: 'balance',
        message,
        remainingCents: remaining === null ? null : euroCents(remaining, 'USD', settings.eurPerUsd),
      },
    ];
  }

  return {
    async handle(db: Knex, call: SupplierWebhook): Promise<SupplierNotice[]> {
      const given = header(call.headers, 'airalo-signature');
      if (!given || !signatureMatches(settings.clientSecret, call.rawBody, given))
        throw new SupplierWebhookRefused('Airalo webhook: missing or wrong airalo-signature');
      let body: unknown;
      try {
        body = JSON.parse(call.rawBody.toString('utf8'));
      } catch {
        return [{ kind: 'ignored', reason: 'not JSON' }];
      }
      if (!isObject(body)) return [{ kind: 'ignored', reason: 'not an object' }];
      const data = isObject(body.data) ? body.data : null;
      const requestId = str(body.request_id) ?? str(data?.request_id);
      if (requestId) return asyncOrder(db, body, requestId);
      const iccid = str(body.iccid);
      const level = str(body.level);
      if (iccid && level) return lowData(db, body, iccid, level);
      if (body.remaining !== undefined && body.message !== undefined) return creditLimit(db, body);
      return [{ kind: 'ignored', reason: 'unknown Airalo notification' }];
    },
  };
}
