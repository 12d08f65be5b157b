import { createHmac } from 'node:crypto';

/** Hex HMAC-SHA256 of `<t>.<body>` with one secret: what each `v1` carries. */
export function webhookHmac(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/**
 * The `Esim-Signature` value of a body sent at `timestamp` (unix seconds): `t=…,v1=…`, and one more
 * `v1` per further secret (the previous one while a rotation lasts), so a receiver still holding the
 * old secret keeps accepting deliveries until it switches.
 */
export function signWebhookBody(secrets: readonly string[], timestamp: number, body: string): string {
  return [`t=${timestamp}`, ...secrets.map((secret) => `v1=${webhookHmac(secret, timestamp, body)}`)].join(',');
}

// A receiver checks a delivery with `verifyWebhookSignature` of @esim/partner-client (the tests use it too).
