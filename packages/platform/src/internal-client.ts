import type { Readable } from 'node:stream';
import { REQUEST_ID_HEADER } from './logger';
import { SERVICE_TOKEN_HEADER } from './auth';
import { AppError } from './errors';
import { createUpstreamSet, type Repeat, type UpstreamSet } from './http/upstreams';

/**
 * Calls another service's `/internal/*` routes with the shared service credential,
 * carrying the request id so one request can be followed through every hop's logs.
 * A 4xx from the other service is passed on with its code (the caller's input was wrong);
 * anything else becomes a 503, never a hang: every call has a deadline.
 *
 * Calls go through the gateway's upstream set over undici keep-alive pools: spread round robin
 * over every copy of the service, a copy refusing a connection taken out at once (the call goes
 * to the next copy), each copy's /ready asked when there are several, and a call sent again to
 * another copy only where that is harmless.
 */
export interface InternalClient {
  request<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options?: { body?: unknown; requestId?: string; idempotencyKey?: string },
  ): Promise<T>;
  /** Closes the pools' connections (a process keeps its clients for its lifetime; tests close theirs). */
  close(): Promise<void>;
}

/** One copy's base URL, or every copy's (the service's `*_URL` setting as a list). */
export type BaseUrls = string | readonly string[];

/** Answers are JSON envelopes: one read whole whatever its size (a chunked one is gathered from its stream). */
const WHOLE = Number.MAX_SAFE_INTEGER;
const CONNECT_TIMEOUT_MAX_MS = 2_000;

async function textOf(body: Buffer | Readable): Promise<string> {
  if (Buffer.isBuffer(body)) return body.toString('utf8');
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function createInternalClient(options: {
  baseUrl: BaseUrls;
  token: string;
  timeoutMs?: number;
  connections?: number;
  /** How often each copy's /ready is asked when there are several. */
  healthIntervalMs?: number;
  /**
   * Writes of this API that are idempotent by their body (an order id, a refund key), so a lost
   * answer may be asked for again of another copy, as a GET or a keyed write may.
   */
  idempotent?: (method: string, path: string) => boolean;
}): InternalClient {
  const urls = (typeof options.baseUrl === 'string' ? [options.baseUrl] : options.baseUrl).map(
    (url) => new URL(url).origin,
  );
  if (urls.length === 0) throw new Error('createInternalClient: at least one base URL');
  const timeoutMs = options.timeoutMs ?? 5_000;
  // Opened on first use, so a client nobody calls holds nothing and probes nothing.
  let upstreams: UpstreamSet | undefined;
  const upstreamsOf = () =>
    (upstreams ??= createUpstreamSet(urls, {
      connections: options.connections ?? 32,
      bodyBufferMax: WHOLE,
      timeoutMs,
      // A copy on a lost node answers no connect: the next copy is asked well within the deadline.
      connectTimeoutMs: Math.min(timeoutMs, CONNECT_TIMEOUT_MAX_MS),
      healthIntervalMs: options.healthIntervalMs ?? 3_000,
    }));
  return {
    async request<T>(
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      path: string,
      call: { body?: unknown; requestId?: string; idempotencyKey?: string } = {},
    ) {
      // A GET, a keyed write (the other service answers a repeated key from the stored answer) and a
      // write idempotent by its body may go to another copy after a lost socket; any other call only
      // when the first copy never got it (refused, unreachable), since a reset mid-request can hide a
      // write the copy did carry out.
      const repeat: Repeat =
        method === 'GET' || Boolean(call.idempotencyKey) || options.idempotent?.(method, path) === true
          ? true
          : 'unreached';
      const headers: Record<string, string> = { [SERVICE_TOKEN_HEADER]: options.token };
      if (call.body !== undefined) headers['content-type'] = 'application/json';
      if (call.requestId) headers[REQUEST_ID_HEADER] = call.requestId;
      if (call.idempotencyKey) headers['idempotency-key'] = call.idempotencyKey;
      let status: number;
      let body: { data?: T; code?: string } | null;
      try {
        const response = await upstreamsOf().request(
          {
            method,
            // An absolute path, as `new URL(path, baseUrl)` always resolved it: the base URL names the origin.
            path,
            headers,
            body: call.body !== undefined ? JSON.stringify(call.body) : undefined,
          },
          repeat,
          AbortSignal.timeout(timeoutMs),
        );
        status = response.statusCode;
        const text = await textOf(response.body);
        try {
          body = JSON.parse(text) as { data?: T; code?: string } | null;
        } catch {
          body = null;
        }
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
      await upstreams?.close();
      upstreams = undefined;
    },
  };
}
