import { createHmac, randomUUID } from 'node:crypto';
import type { RateLimiter } from './limiter';

/** eSIM Access answered and refused: the call was not carried out. */
export class EsimAccessError extends Error {
  constructor(
    readonly path: string,
    readonly code: string,
    message: string,
  ) {
    super(`eSIM Access ${path}: ${code} ${message}`);
    this.name = 'EsimAccessError';
  }
}

/** No answer to trust (a timeout, a lost connection, a server error, "system busy"): the call may or may not have been carried out. */
export class EsimAccessUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EsimAccessUnavailable';
  }
}

/** The answers that say nothing about the request itself: its server error and "system busy". */
const UNKNOWN_OUTCOME_CODES = new Set(['000001', '900001']);

/** RT-Signature: hex HMAC-SHA256, with the secret key, of timestamp + request id + access code + raw body. */
export function esimAccessSignature(
  secretKey: string,
  parts: { timestamp: string; requestId: string; accessCode: string; body: string },
): string {
  return createHmac('sha256', secretKey)
    .update(parts.timestamp + parts.requestId + parts.accessCode + parts.body)
    .digest('hex');
}

export interface EsimAccessClientOptions {
  baseUrl: string;
  accessCode: string;
  secretKey: string;
  limiter: RateLimiter;
  /** How long one call may take before eSIM Access counts as unreachable. */
  timeoutMs: number;
  /** How many times a call refused by the rate limit (429, never carried out) is sent again. */
  rateLimitRetries?: number;
}

export interface EsimAccessClient {
  /** POSTs one call under /api/v1/open and answers its `obj`; throws EsimAccessError or EsimAccessUnavailable. */
  call<T = Record<string, unknown>>(path: string, body: Record<string, unknown>): Promise<T>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every call signed (RT-AccessCode, RT-Timestamp, RT-RequestID, RT-Signature), within the shared rate limit and a deadline. */
export function createEsimAccessClient(options: EsimAccessClientOptions): EsimAccessClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const retries = options.rateLimitRetries ?? 5;

  async function send(path: string, raw: string): Promise<Response> {
    await options.limiter.take();
    const timestamp = String(Date.now());
    const requestId = randomUUID().replace(/-/g, '');
    try {
      return await fetch(`${baseUrl}/api/v1/open${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'RT-AccessCode': options.accessCode,
          'RT-Timestamp': timestamp,
          'RT-RequestID': requestId,
          'RT-Signature': esimAccessSignature(options.secretKey, {
            timestamp,
            requestId,
            accessCode: options.accessCode,
            body: raw,
          }),
        },
        body: raw,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new EsimAccessUnavailable(
        timedOut ? `eSIM Access ${path}: no answer in ${options.timeoutMs} ms` : `eSIM Access ${path}: unreachable`,
        { cause: error },
      );
    }
  }

  return {
    async call<T>(path: string, body: Record<string, unknown>): Promise<T> {
      const raw = JSON.stringify(body);
      for (let attempt = 0; ; attempt += 1) {
        const response = await send(path, raw);
        if (response.status === 429) {
          await response.body?.cancel();
          // Refused before it was carried out, so sending it again cannot do it twice.
          if (attempt >= retries) throw new EsimAccessUnavailable(`eSIM Access ${path}: still rate limited`);
          const after = Number(response.headers.get('retry-after'));
          await sleep(Number.isFinite(after) && after > 0 ? Math.min(after, 10) * 1000 : 1000);
          continue;
        }
        if (response.status >= 500) {
          await response.body?.cancel();
          throw new EsimAccessUnavailable(`eSIM Access ${path}: answered ${response.status}`);
        }
        let answer: unknown;
        try {
          answer = await response.json();
        } catch (error) {
          throw new EsimAccessUnavailable(`eSIM Access ${path}: unreadable answer (${response.status})`, {
            cause: error,
          });
        }
        if (!answer || typeof answer !== 'object' || typeof (answer as { success?: unknown }).success !== 'boolean')
          throw new EsimAccessUnavailable(`eSIM Access ${path}: answer without its envelope (${response.status})`);
        const envelope = answer as { success: boolean; errorCode?: unknown; errorMsg?: unknown; obj?: unknown };
        if (envelope.success) return (envelope.obj ?? {}) as T;
        const code = envelope.errorCode === null || envelope.errorCode === undefined ? '' : String(envelope.errorCode);
        const message = typeof envelope.errorMsg === 'string' ? envelope.errorMsg : '';
        if (!code || UNKNOWN_OUTCOME_CODES.has(code))
          throw new EsimAccessUnavailable(`eSIM Access ${path}: ${code || 'failure'} ${message}`);
        throw new EsimAccessError(path, code, message);
      }
    },
  };
}
