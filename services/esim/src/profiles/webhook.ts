import type { WebhookSignature } from '@esim/platform';

/**
 * The usage webhook's signature (packages/platform's signed webhooks): `X-Esim-Timestamp` (unix
 * seconds) and `X-Esim-Signature` (hex HMAC-SHA256 of `<timestamp>.<raw body>` with ESIM_WEBHOOK_SECRET).
 */
export const webhookSignature = (secret: string): WebhookSignature => ({
  secret,
  timestampHeader: 'x-esim-timestamp',
  signatureHeader: 'x-esim-signature',
  invalidCode: 'esim_webhook_signature_invalid',
  tooOldCode: 'esim_webhook_too_old',
});
