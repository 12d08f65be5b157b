import { createSessionRefresh, fieldErrorsOf, sendWithSession } from '@esim/frontend-shared/http';
import { browserSession } from '@esim/frontend-shared/session';

/** The services' envelope. */
export interface Envelope<T> {
  success: boolean;
  message: string;
  code: string;
  data: T;
  errors?: Array<{ path?: string; message?: string }>;
}

export { NETWORK_ERROR_EVENT, UNAUTHORIZED_EVENT } from '@esim/contracts';
import { NETWORK_ERROR_EVENT, UNAUTHORIZED_EVENT } from '@esim/contracts';
import { nextTask } from '../lib/nextTask';
export const NETWORK_ERROR_TEXT = 'API sunucusuna ulaşılamıyor';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fields: Record<string, string> = {},
    /** A rate limit's (429) Retry-After: the seconds to wait before trying again. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get isNetwork(): boolean {
    return this.status === 0;
  }
  /** The message, with the credit left that a refused dealer purchase names beside it. */
  get fullMessage(): string {
    return this.fields.credit_left ? `${this.message}. ${this.fields.credit_left}` : this.message;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

let language = 'tr';
/** The language the services answer in (Accept-Language); the i18n module keeps it current. */
export function setApiLanguage(lng: string): void {
  language = lng;
}

const BASE = '/api';
/** Calls where a 401 means "wrong credentials", not "session over". */
const SESSION_PATHS = ['/login', '/register', '/refresh', '/forgot-password', '/reset-password'];

/** One refresh at a time: concurrent 401s wait for the same rotation (the cookie rotates once). */
export const refreshAccessToken = createSessionRefresh({
  session: browserSession,
  url: `${BASE}/refresh`,
  credentials: 'same-origin',
  headers: () => ({ 'accept-language': language }),
  // The refresh answers a token: the signed-in user stays as the login stored them.
  keep: (refreshed, current) => (current ? { ...current, token: refreshed.token } : null),
});

/** Retry-After in seconds or as a date (RFC 9110), at least 1; a minute when it is missing or unreadable. */
function retryAfterSeconds(header: string | null): number {
  if (header && /^\d+$/.test(header.trim())) return Math.max(1, Number(header.trim()));
  const date = header ? Date.parse(header) : NaN;
  return Number.isNaN(date) ? 60 : Math.max(1, Math.ceil((date - Date.now()) / 1000));
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  // A public page's effects start several requests as it hydrates, and starting a fetch costs a phone
  // a few milliseconds: a signed-out visitor's go out one a task. Signed-in calls go at once, so those
  // an expired token fails together share one refresh.
  if (!token) await nextTask();
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': language,
    ...options.headers,
  };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(`${BASE}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'same-origin',
    signal: options.signal,
  });
}

/**
 * The one API client: bearer token, one refresh of an expired token, the envelope unwrapped.
 * A 401 outside the sign-in calls clears the session and fires the unauthorized event (the auth
 * provider sends a protected page to /login); no answer fires the network-error event.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const isSessionCall = SESSION_PATHS.includes(path);
  let response: Response;
  try {
    response = isSessionCall
      ? await send(path, options, null)
      : await sendWithSession(browserSession, refreshAccessToken, (token) => send(path, options, token));
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(NETWORK_ERROR_EVENT, { detail: { path } }));
    if (!isSessionCall) console.error(NETWORK_ERROR_TEXT, path);
    throw new ApiError(NETWORK_ERROR_TEXT, 0, 'network_error');
  }
  let body: Partial<Envelope<T>> | undefined;
  try {
    body = (await response.json()) as Envelope<T>;
  } catch {
    body = undefined;
  }
  if (response.status === 401 && !isSessionCall) {
    browserSession.clear();
    if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(UNAUTHORIZED_EVENT));
  }
  if (!response.ok || !body || body.success === false) {
    throw new ApiError(
      body?.message ?? response.statusText,
      response.status,
      body?.code ?? 'http_error',
      fieldErrorsOf(body?.errors),
      response.status === 429 ? retryAfterSeconds(response.headers.get('retry-after')) : undefined,
    );
  }
  return body as Envelope<T>;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }).then((b) => b.data),
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
    apiRequest<T>(path, { method: 'POST', body, headers }),
};
