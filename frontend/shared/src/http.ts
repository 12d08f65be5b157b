import type { Session, SessionStore, SessionUser } from './session';

/**
 * What both front ends' API clients share: the refresh of an expired access token through the
 * httpOnly cookie (one at a time), the retry of the call with the new token, and the services'
 * field errors as forms want them. Each front end keeps a thin adapter for its own answer types.
 */

/** The services' answer to POST /refresh: the new access token and the signed-in user. */
export type RefreshedSession = { token: string } & SessionUser;

export interface SessionRefreshConfig {
  session: SessionStore;
  /** The refresh route ('/api/refresh' in the browser; the gateway's in node tests). */
  url: string;
  credentials: RequestCredentials;
  /** Headers of the refresh call (the language the answer's texts are in). */
  headers: () => Record<string, string>;
  /** The session to keep after a refresh, from its answer and the session before it (null: keep none). */
  keep: (refreshed: RefreshedSession, current: Session | null) => Session | null;
  fetch?: typeof fetch;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/**
 * One refresh at a time: calls whose token expired together wait for the same rotation (the
 * cookie rotates once). Answers the new access token, or null when the session cannot be renewed.
 */
export function createSessionRefresh(config: SessionRefreshConfig): () => Promise<string | null> {
  let refreshing: Promise<string | null> | null = null;
  return () => {
    refreshing ??= (async () => {
      try {
        const doFetch = config.fetch ?? fetch;
        const response = await doFetch(config.url, {
          method: 'POST',
          credentials: config.credentials,
          headers: config.headers(),
        });
        const body = parseJson(await response.text()) as { data?: RefreshedSession } | null;
        if (!response.ok || !body?.data?.token) return null;
        const next = config.keep(body.data, config.session.read());
        if (next) config.session.write(next);
        return body.data.token;
      } catch {
        return null;
      } finally {
        setTimeout(() => (refreshing = null), 0);
      }
    })();
    return refreshing;
  };
}

/**
 * Sends a call with the session's token; a 401 while signed in refreshes the token once and sends
 * the same call again with the new one.
 */
export async function sendWithSession(
  session: SessionStore,
  refresh: () => Promise<string | null>,
  send: (token: string | null) => Promise<Response>,
): Promise<Response> {
  const response = await send(session.read()?.token ?? null);
  if (response.status !== 401 || !session.read()) return response;
  const fresh = await refresh();
  return fresh ? send(fresh) : response;
}

/**
 * The services' field errors (`[{ path: 'body.email', message }]`) as forms want them:
 * `{ email: message }`, the first message of each field.
 */
export function fieldErrorsOf(errors: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(errors)) return out;
  for (const error of errors) {
    if (!error || typeof error.path !== 'string' || typeof error.message !== 'string' || !error.message) continue;
    const field = error.path.replace(/^(body|query|params|filter)\./, '');
    if (field && !(field in out)) out[field] = error.message;
  }
  return out;
}
