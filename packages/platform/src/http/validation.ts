import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { findUnsafeText } from '@esim/contracts';
import { z } from 'zod';
import { RequestValidationError } from '../errors';

function unsafeTextError(part: string, path: Array<string | number>): RequestValidationError {
  return new RequestValidationError(part, [{ path, message: 'unsafe_text', code: 'custom' }]);
}

/**
 * Like fastify-type-provider-zod's compiler, but keeps the input in each issue so the error
 * handler can re-render the message in the caller's language (zod's tr/en locales need it).
 * What a schema produced is held to the text rule too: JSON inside a parameter (react-admin's
 * `filter`) can carry an escaped NUL that the raw string did not show.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const part = httpPart ?? 'body';
    const result = schema.safeParse(data, { reportInput: true });
    if (!result.success) return { error: new RequestValidationError(part, result.error.issues as never) };
    const unsafe = findUnsafeText(result.data);
    if (unsafe) return { error: unsafeTextError(part, unsafe) };
    return { value: result.data };
  };

/**
 * The one text rule at the door of every route, with or without a schema: a NUL or a lone
 * surrogate anywhere in the body, query or path parameters is a 400 naming the field.
 */
export function refuseUnsafeText(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const parts = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const;
    for (const [part, value] of parts) {
      const unsafe = findUnsafeText(value);
      if (unsafe) return done(unsafeTextError(part, unsafe));
    }
    done();
  });
}
