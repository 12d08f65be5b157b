import { REQUEST_ID_HEADER } from './logger';
import { SERVICE_TOKEN_HEADER } from './auth';
import { AppError } from './errors';

/**
 * Calls another service's `/internal/*` routes with the shared service credential,
 * carrying the request id so one request can be followed through every hop's logs.
 * A 4xx from the other service is passed on with its code (the caller's input was wrong);
 * anything else becomes a 503, never a hang: every call has a deadline.
 */
export interface InternalClient {
  request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, options?: { body?: unknown; requestId?: string; idempotencyKey?: string }): Promise<T>;
}

export function createInternalClient(options: { baseUrl: string; token: string; timeoutMs?: number }): InternalClient {
  return {
    async request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, call: { body?: unknown; requestId?: string; idempotencyKey?: string } = {}) {
      let response: Response;
      try {
        response = await fetch(new URL(path, options.baseUrl), {
          method,
          headers: {
            [SERVICE_TOKEN_HEADER]: options.token,
            ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...(call.requestId ? { [REQUEST_ID_HEADER]: call.requestId } : {}),
            ...(call.idempotencyKey ? { 'idempotency-key': call.idempotencyKey } : {}),
          },
          body: call.body !== undefined ? JSON.stringify(call.body) : undefined,
          signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
        });
      } catch (error) {
        throw new AppError(503, 'service_unavailable', { cause: error });
      }
      const body = (await response.json().catch(() => null)) as { data?: T; code?: string } | null;
      if (response.ok) return (body?.data ?? body) as T;
      if (response.status >= 400 && response.status < 500 && body?.code) {
        throw new AppError(response.status, body.code);
      }
      throw new AppError(503, 'service_unavailable', { cause: new Error(`${method} ${path} answered ${response.status}`) });
    },
  };
}
