import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isMessageCode, translate, type ErrorEnvelope, type FieldError, type Locale } from '@esim/contracts';
import { z } from 'zod';
import { AppError, RequestValidationError } from '../errors';

const zodLocales = { tr: z.locales.tr(), en: z.locales.en() };

/** One validation issue in the caller's language: our own codes first, then zod's locale texts. */
function localiseIssue(issue: RequestValidationError['issues'][number], locale: Locale): string {
  if (isMessageCode(issue.message)) return translate(issue.message, locale);
  const rendered = zodLocales[locale].localeError(issue as never);
  const text = typeof rendered === 'string' ? rendered : rendered?.message;
  return text ?? issue.message;
}

function fieldErrors(error: RequestValidationError, locale: Locale): FieldError[] {
  return error.issues.map((issue) => ({
    // The field itself ("email", "items.0.price"); a whole-part problem names the part ("body").
    path: issue.path.length ? issue.path.map(String).join('.') : error.part,
    message: localiseIssue(issue, locale),
  }));
}

function send(reply: FastifyReply, status: number, body: ErrorEnvelope) {
  return reply.status(status).send(body);
}

/** Maps every error to the envelope; never a stack trace, and a 500 names only the request id. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | RequestValidationError, request: FastifyRequest, reply) => {
    const locale = request.locale;
    if (error instanceof RequestValidationError) {
      const errors = fieldErrors(error, locale);
      const first = errors[0];
      return send(reply, 400, {
        success: false,
        code: 'validation_error',
        message: first
          ? `${translate('validation_error', locale)}: ${first.path} — ${first.message}`
          : translate('validation_error', locale),
        errors,
      });
    }
    if (error instanceof AppError) {
      if (error.options.headers) reply.headers(error.options.headers);
      if (error.statusCode >= 500) request.log.error({ err: error.options.cause ?? error }, error.code);
      return send(reply, error.statusCode, {
        success: false,
        code: error.code,
        message: translate(error.code, locale, error.options.params),
        // A field's message may be given as a code, as validation issues are: it goes out in the caller's language.
        ...(error.options.errors
          ? {
              errors: error.options.errors.map((e) => ({
                ...e,
                message: isMessageCode(e.message) ? translate(e.message, locale, error.options.params) : e.message,
              })),
            }
          : {}),
      });
    }
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own 4xx (bad JSON, wrong content type, body too large, rate limit): a stable code each.
      const code =
        fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'unsupported_media_type'
          : fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'payload_too_large'
            : fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
                fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
                error instanceof SyntaxError
              ? 'invalid_json'
              : status === 429
                ? 'rate_limited'
                : status === 401
                  ? 'unauthorized'
                  : status === 403
                    ? 'forbidden'
                    : status === 404
                      ? 'not_found'
                      : 'validation_error';
      const retryAfter = reply.getHeader('retry-after');
      return send(reply, status, {
        success: false,
        code,
        message: translate(code, locale, { retryAfter: String(retryAfter ?? 60) }),
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, {
      success: false,
      code: 'internal_error',
      message: translate('internal_error', locale),
      requestId: String(request.id),
    });
  });

  app.setNotFoundHandler((request, reply) =>
    send(reply, 404, {
      success: false,
      code: 'route_not_found',
      message: translate('route_not_found', request.locale),
    }),
  );
}
