import { createHmac, timingSafeEqual } from 'node:crypto';

/** What `verifyWebhookSignature` decides; `reason` says why a delivery was refused. */
export type WebhookVerification =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'malformed_header' | 'timestamp_too_old' | 'timestamp_in_future' | 'signature_mismatch' };

export interface VerifyWebhookOptions {
  /** The `Esim-Signature` header: `t=<unix seconds>,v1=<hex>[,v1=<hex>]`. */
  header: string | string[] | undefined | null;
  /** The raw request body exactly as received: a re-serialised JSON would not match the signature. */
  body: string | Uint8Array;
  /** The endpoint's secret, or both while a rotation is under way. */
  secrets: string | readonly string[];
  /** How old a `t` may be, in seconds. */
  toleranceSeconds?: number;
  /** The current time, for tests: milliseconds since the epoch (as `Date.now()`) or a Date. */
  now?: number | Date;
}

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/** Parses `t=...,v1=...,v1=...`; unknown keys are ignored so a future `v2` does not break old receivers. */
function parseHeader(header: string): { t: number; signatures: string[] } | null {
  let t: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) return null;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (!/^\d{1,12}$/.test(value) || t !== null) return null;
      t = Number(value);
    } else if (key === 'v1') {
      if (!HEX_SHA256.test(value)) return null;
      signatures.push(value.toLowerCase());
    }
  }
  if (t === null || signatures.length === 0) return null;
  return { t, signatures };
}

/** The hex HMAC-SHA256 of `t + "." + body`, as the shop signs a delivery. */
export function signWebhookPayload(secret: string, t: number, body: string | Uint8Array): string {
  const hmac = createHmac('sha256', secret);
  hmac.update(`${t}.`);
  hmac.update(body);
  return hmac.digest('hex');
}

/** Builds an `Esim-Signature` header value (one `v1` per secret), e.g. for a receiver's own tests. */
export function webhookSignatureHeader(
  secrets: string | readonly string[],
  t: number,
  body: string | Uint8Array,
): string {
  const list = typeof secrets === 'string' ? [secrets] : secrets;
  return [`t=${t}`, ...list.map((secret) => `v1=${signWebhookPayload(secret, t, body)}`)].join(',');
}

/**
 * Checks an `Esim-Signature` header against the raw body: any `v1` matching any secret passes
 * (two of each exist while a secret is rotated), compared in constant time, and a `t` older than
 * the tolerance is refused so a captured delivery cannot be replayed later.
 */
export function verifyWebhookSignature(options: VerifyWebhookOptions): WebhookVerification {
  const { body, toleranceSeconds = 300 } = options;
  const header = Array.isArray(options.header) ? options.header[0] : options.header;
  if (typeof header !== 'string' || header.length === 0 || header.length > 2048) {
    return { ok: false, reason: 'malformed_header' };
  }
  const parsed = parseHeader(header);
  if (!parsed) return { ok: false, reason: 'malformed_header' };
  const nowSeconds = Math.floor(
    (options.now instanceof Date ? options.now.getTime() : (options.now ?? Date.now())) / 1000,
  );
  if (nowSeconds - parsed.t > toleranceSeconds) return { ok: false, reason: 'timestamp_too_old' };
  // A clock a little ahead at the sender is normal; far ahead would let a signature live longer than the tolerance.
  if (parsed.t - nowSeconds > toleranceSeconds) return { ok: false, reason: 'timestamp_in_future' };
  const secrets = (typeof options.secrets === 'string' ? [options.secrets] : options.secrets).filter(
    (secret) => secret.length > 0,
  );
  let matched = false;
  for (const secret of secrets) {
    const expected = Buffer.from(signWebhookPayload(secret, parsed.t, body), 'hex');
    for (const signature of parsed.signatures) {
      // Every pair is compared, so the time taken says nothing about which one matched.
      if (timingSafeEqual(expected, Buffer.from(signature, 'hex'))) matched = true;
    }
  }
  return matched ? { ok: true, timestamp: parsed.t } : { ok: false, reason: 'signature_mismatch' };
}
