import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Private answers are never cached: an answer to an authenticated request (a token, or the
 * service credential of an internal call) or one that sets a cookie (login, refresh, logout) gets
 * `Cache-Control: no-store`, whatever the route set. A browser, a shared proxy or the gateway's
 * public cache (which keeps only `public` answers) then never keeps a token, a balance or an export.
 * Public answers to anonymous callers keep the Cache-Control their route chose.
 */
export const NO_STORE = 'no-store';

/** Whether an answer to `request` is private (see above); `setsCookie`: the answer has a Set-Cookie header. */
export const isPrivateAnswer = (request: FastifyRequest, setsCookie: boolean): boolean =>
  Boolean(request.user || request.headers.authorization || setsCookie);

export function registerNoStoreForPrivateAnswers(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isPrivateAnswer(request, reply.hasHeader('set-cookie'))) reply.header('cache-control', NO_STORE);
    done(null, payload);
  });
}
