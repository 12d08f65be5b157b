import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError, unauthorized } from '../errors';

/**
 * Signed webhooks (the operators' usage reports to esim and physical-sim): a timestamp header (unix
 * seconds) and a signature header (hex HMAC-SHA256 of `<timestamp>.<raw body>` with the shared
 * secret). A bad signature or a timestamp more than 5 minutes away is a 401, checked before the body
 * is validated or anything is read or changed. Replays inside the window are the receiver's to make
 * harmless (report ids, cumulative counters).
 */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export interface WebhookSignature {
  secret: string;
  /** Header names, lower case (e.g. `x-esim-timestamp`, `x-esim-signature`). */
  timestampHeader: string;
  signatureHeader: string;
  /** Message codes of the two 401s. */
  invalidCode: string;
  tooOldCode: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received, on routes registered through `signedWebhookScope`. */
    rawBody?: string;
  }
}

export function signWebhook(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

export function verifyWebhook(
  rule: WebhookSignature,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  now = Date.now(),
): void {
  const timestamp = Number(headers[rule.timestampHeader]);
  const signature = String(headers[rule.signatureHeader] ?? '');
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) throw unauthorized(rule.invalidCode);
  const expected = Buffer.from(signWebhook(rule.secret, timestamp, rawBody), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw unauthorized(rule.invalidCode);
  if (Math.abs(now / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) throw unauthorized(rule.tooOldCode);
}

/**
 * Registers webhook routes in a scope of their own whose JSON parser only keeps the raw text (the
 * signature covers the bytes, not the parsed value). preValidation checks the signature and only
 * then parses the text: an unsigned or badly signed caller learns nothing, not even that its body
 * is malformed (401); a signed malformed body is a 400 naming `body`.
 */
export function signedWebhookScope(
  app: FastifyInstance,
  rule: WebhookSignature,
  register: (scope: FastifyInstance) => void,
): void {
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      request.rawBody = body as string;
      done(null, undefined);
    });
    scope.addHook('preValidation', async (request) => {
      verifyWebhook(rule, request.headers, request.rawBody ?? '');
      if (request.rawBody) request.body = parseSignedBody(request.rawBody);
    });
    register(scope);
  });
}

function parseSignedBody(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch (error) {
    throw new AppError(400, 'invalid_json', { cause: error, errors: [{ path: 'body', message: 'invalid_json' }] });
  }
}
