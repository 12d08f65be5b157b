import { createHmac, timingSafeEqual } from 'node:crypto';
import { unauthorized } from '@esim/platform';

/**
 * The usage webhook's signature: `X-Esim-Timestamp` (unix seconds) and `X-Esim-Signature`
 * (hex HMAC-SHA256 of `<timestamp>.<raw body>` with ESIM_WEBHOOK_SECRET). A bad signature or a
 * timestamp more than 5 minutes away is a 401, checked before anything is read or changed.
 */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export function signWebhook(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

export function verifyWebhook(secret: string, headers: Record<string, string | string[] | undefined>, rawBody: string, now = Date.now()): void {
  const timestamp = Number(headers['x-esim-timestamp']);
  const signature = String(headers['x-esim-signature'] ?? '');
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) throw unauthorized('esim_webhook_signature_invalid');
  const expected = Buffer.from(signWebhook(secret, timestamp, rawBody), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw unauthorized('esim_webhook_signature_invalid');
  if (Math.abs(now / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) throw unauthorized('esim_webhook_too_old');
}
