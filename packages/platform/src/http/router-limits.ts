import { pickLocale, translate, type ErrorEnvelope } from '@esim/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The longest path parameter any route takes, for the gateway and every service alike. Our ids are
 * UUIDs, ICCIDs, serials, slugs and codes, all far shorter; a longer segment names no route, so the
 * answer is a 404, whatever the method.
 */
export const MAX_PATH_PARAM_LENGTH = 200;

/** The answer to a path the router cannot look up, in our envelope and the caller's language. */
function routerRefusal(
  error: FastifyError,
  locale: ReturnType<typeof pickLocale>,
): { status: number; body: ErrorEnvelope } {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return {
      status: 404,
      body: { success: false, code: 'route_not_found', message: translate('route_not_found', locale) },
    };
  if (error.code === 'FST_ERR_BAD_URL') {
    const message = translate('validation_error', locale);
    return {
      status: 400,
      body: { success: false, code: 'validation_error', message, errors: [{ path: 'url', message }] },
    };
  }
  return {
    status: 500,
    body: { success: false, code: 'internal_error', message: translate('internal_error', locale) },
  };
}

/**
 * Fastify's `frameworkErrors`: what the router says before any route or hook runs (a parameter
 * over the limit, which it would answer with a bare 414; a broken percent-encoding, a bare 400).
 */
export function answerRouterErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = routerRefusal(error, pickLocale(request.headers['accept-language']));
  void reply.status(status).send(body);
}
