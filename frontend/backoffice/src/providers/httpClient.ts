import { HttpError } from 'ra-core';
import { sessionFromLogin, type SessionStore } from '@esim/frontend-shared/session';

export interface HttpResponse {
  status: number;
  headers: Headers;
  body: string;
  /** The envelope's `data` (what ra-data-simple-rest expects as the record or the list). */
  json: any;
  /** The whole envelope: message, code, meta. */
  envelope: any;
  blob?: Blob;
}

export interface HttpOptions extends Omit<RequestInit, 'headers'> {
  headers?: Headers | Record<string, string>;
  /** Read the answer as a Blob (QR images behind the token) instead of JSON. */
  blob?: boolean;
}

export type HttpClient = (url: string, options?: HttpOptions) => Promise<HttpResponse>;

export interface HttpClientConfig {
  session: SessionStore;
  /** Base of the API ('/api' in the browser; the gateway's URL in node tests). */
  apiUrl: string;
  locale?: () => string;
  fetch?: typeof fetch;
}

/**
 * The services' field errors (`[{ path: 'body.email', message }]`) as react-admin's server-side
 * validation wants them: `{ email: message }`; the form puts each message under its field.
 */
export function fieldErrorsOf(errors: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(errors)) return out;
  for (const error of errors) {
    if (!error || typeof error.path !== 'string' || typeof error.message !== 'string') continue;
    const field = error.path.replace(/^(body|query|params|filter)\./, '');
    if (field && !(field in out)) out[field] = error.message;
  }
  return out;
}

function parse(text: string): any {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/**
 * fetch for the back office: bearer token and language on every call, an Idempotency-Key on every
 * POST (creates and money actions; a caller that retries passes its own key), one refresh of an
 * expired token through the httpOnly cookie, and the `{ success, message, data }` envelope unwrapped.
 */
export function createHttpClient(config: HttpClientConfig): HttpClient {
  const doFetch = config.fetch ?? ((input, init) => fetch(input, init));
  let refreshing: Promise<boolean> | null = null;

  /** One refresh at a time: ten calls failing together wait for the same one. */
  const refresh = () => {
    refreshing ??= (async () => {
      try {
        const res = await doFetch(`${config.apiUrl}/refresh`, {
          method: 'POST',
          credentials: 'include',
          headers: { Accept: 'application/json' },
        });
        const body = parse(await res.text());
        if (!res.ok || !body?.data?.token) return false;
        config.session.write(sessionFromLogin(body.data));
        return true;
      } catch {
        return false;
      } finally {
        setTimeout(() => (refreshing = null), 0);
      }
    })();
    return refreshing;
  };

  const send = (url: string, { blob: _blob, ...options }: HttpOptions) => {
    const headers = new Headers(options.headers);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    // A FormData body (a file upload) gets its multipart boundary from the browser, a Blob its own type.
    if (
      options.body !== undefined &&
      !(options.body instanceof FormData || options.body instanceof Blob) &&
      !headers.has('Content-Type')
    )
      headers.set('Content-Type', 'application/json');
    // DELETE bodies are empty; simple-rest sets text/plain there, which the services would refuse to parse as JSON.
    if (options.body === undefined) headers.delete('Content-Type');
    headers.set('Accept-Language', config.locale?.() ?? 'tr');
    const token = config.session.read()?.token;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return doFetch(url, { ...options, headers, credentials: 'include' });
  };

  return async (url, options = {}) => {
    // The key is fixed before the first try, so the retry after a refresh is the same request.
    const headers = new Headers(options.headers);
    if ((options.method ?? 'GET').toUpperCase() === 'POST' && !headers.has('Idempotency-Key'))
      headers.set('Idempotency-Key', crypto.randomUUID());
    const request = { ...options, headers };
    let res = await send(url, request);
    if (res.status === 401 && config.session.read() && (await refresh())) res = await send(url, request);
    if (options.blob && res.ok)
      return { status: res.status, headers: res.headers, body: '', json: null, envelope: null, blob: await res.blob() };
    const body = await res.text();
    const envelope = parse(body);
    if (res.status < 200 || res.status >= 300) {
      if (res.status === 401) config.session.clear();
      const message = typeof envelope?.message === 'string' ? envelope.message : res.statusText || `HTTP ${res.status}`;
      throw new HttpError(message, res.status, {
        message,
        code: envelope?.code,
        errors: fieldErrorsOf(envelope?.errors),
        requestId: envelope?.requestId,
      });
    }
    const json =
      envelope && typeof envelope === 'object' && 'success' in envelope && 'data' in envelope
        ? envelope.data
        : envelope;
    return { status: res.status, headers: res.headers, body, json, envelope };
  };
}
