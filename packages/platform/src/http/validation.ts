import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { RequestValidationError } from '../errors';

/**
 * Like fastify-type-provider-zod's compiler, but keeps the input in each issue so the error
 * handler can re-render the message in the caller's language (zod's tr/en locales need it).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(httpPart ?? 'body', result.error.issues as never) };
  };
