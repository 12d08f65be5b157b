import { Pool } from 'undici';
import { REQUEST_ID_HEADER } from './logger';
import { SERVICE_TOKEN_HEADER } from './auth';
import { AppError } from './errors';

/**
 * Calls another service's `/internal/*` routes with the shared service credential,
 * carrying the request id so one request can be followed through every hop's logs.
 * A 4xx from the other service is passed on with its code (the caller's input was wrong);
 * anything else becomes a 503, never a hang: every call has a deadline.
 *
 * Calls go over an undici keep-alive pool per client (as the gateway's proxy does): a purchase
 * makes several internal calls, and the global `fetch` costs several times the CPU per call.
 */
export interface InternalClient {
  request<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options?: { body?: unknown; requestId?: string; idempotencyKey?: string },
  ): Promise<T>;
  /** Closes the pool's connections (a process keeps its clients for its lifetime; tests close theirs). */
  close(): Promise<void>;
}

export function createInternalClient(options: {
  baseUrl: string;
  token: string;
  timeoutMs?: number;
  connections?: number;
}): InternalClient {
  const base = new URL(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? 5_000;
  // Opened on first use, so a client nobody calls holds nothing.
  let pool: Pool | undefined;
  const poolOf = () =>
    (pool ??= new Pool(base.origin, {
      connections: options.connections ?? 32,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      connect: { timeout: timeoutMs },
    }));
  return {
    async request<T>(
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      path: string,
      call: { body?: unknown; requestId?: string; idempotencyKey?: string } = {},
    ) {
      let status: number;
      let body: { data?: T; code?: string } | null;
      try {
        const response = await poolOf().request({
          method,
          // An absolute path, as `new URL(path, baseUrl)` always resolved it: the base URL names the origin.
          path,
          headers: {
            [SERVICE_TOKEN_HEADER]: options.token,
            ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...(call.requestId ? { [REQUEST_ID_HEADER]: call.requestId } : {}),
            ...(call.idempotencyKey ? { 'idempotency-key': call.idempotencyKey } : {}),
          },
          body: call.body !== undefined ? JSON.stringify(call.body) : undefined,
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = response.statusCode;
        body = (await response.body.json().catch(() => null)) as { data?: T; code?: string } | null;
      } catch (error) {
        throw new AppError(503, 'service_unavailable', { cause: error });
      }
      if (status >= 200 && status < 300) return (body?.data ?? body) as T;
      if (status >= 400 && status < 500 && body?.code) {
        throw new AppError(status, body.code);
      }
      throw new AppError(503, 'service_unavailable', { cause: new Error(`${method} ${path} answered ${status}`) });
    },
    async close() {
      await pool?.close();
      pool = undefined;
    },
  };
}
