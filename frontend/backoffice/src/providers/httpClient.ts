import { HttpError } from 'ra-core';
import { createSessionRefresh, fieldErrorsOf, sendWithSession } from '@esim/frontend-shared/http';
import { sessionFromLogin, type SessionStore } from '@esim/frontend-shared/session';

// Forms and the data provider's callers read the field errors from here.
export { fieldErrorsOf };

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
  const refresh = createSessionRefresh({
    session: config.session,
    url: `${config.apiUrl}/refresh`,
    credentials: 'include',
    headers: () => ({ Accept: 'application/json' }),
    fetch: doFetch,
    keep: (refreshed) => sessionFromLogin(refreshed),
  });

  const send = (url: string, { blob: _blob, ...options }: HttpOptions, token: string | null) => {
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
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return doFetch(url, { ...options, headers, credentials: 'include' });
  };

  return async (url, options = {}) => {
    // The key is fixed before the first try, so the retry after a refresh is the same request.
    const headers = new Headers(options.headers);
    if ((options.method ?? 'GET').toUpperCase() === 'POST' && !headers.has('Idempotency-Key'))
      headers.set('Idempotency-Key', crypto.randomUUID());
    const request = { ...options, headers };
    const res = await sendWithSession(config.session, refresh, (token) => send(url, request, token));
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
