import { z } from 'zod';

/** Every response body is wrapped in this envelope (docs/architecture/overview.md, One request, end to end). */
export interface SuccessEnvelope<T> {
  success: true;
  message: string;
  code?: string;
  data: T;
  meta?: ListMeta;
}

export interface ListMeta {
  total: number;
  page: number;
  limit: number;
}

export interface FieldError {
  /** Dotted path of the offending field, e.g. `body.email` or `query.page`. */
  path: string;
  message: string;
}

export interface ErrorEnvelope {
  success: false;
  message: string;
  code: string;
  errors?: FieldError[];
  requestId?: string;
}

export const listMetaSchema = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
});

/** Schema helpers for OpenAPI: the envelope around a data schema. */
export function successSchema<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    message: z.string(),
    code: z.string().optional(),
    data,
  });
}

/** `extraMeta`: figures of the whole filtered list a route adds beside the paging (e.g. a sum over every page). */
export function listSchema<T extends z.ZodType>(item: T, extraMeta: z.ZodRawShape = {}) {
  return z.object({
    success: z.literal(true),
    message: z.string(),
    code: z.string().optional(),
    data: z.array(item),
    meta: listMetaSchema.extend(extraMeta),
  });
}

export const errorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
});

/** The error envelope under every error status a route may answer with. */
export const errorResponses = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  422: errorSchema,
  429: errorSchema,
  503: errorSchema,
} as const;

/**
 * A route's response schemas (fastify `schema.response`): its success status with the envelope
 * around `data`. They serialize the answer and show in the OpenAPI at /api/docs; the platform adds
 * `errorResponses` to every route that declares a response (packages/platform service.ts).
 */
export const responds = <T extends z.ZodType>(status: 200 | 201 | 202, data: T) => ({ [status]: successSchema(data) });
/** A list route's response schema: a page of `item`s with `meta`. */
export const respondsList = <T extends z.ZodType>(item: T, extraMeta: z.ZodRawShape = {}) => ({
  200: listSchema(item, extraMeta),
});

/**
 * A file in an answer (png, xlsx, csv): sent as a buffer or a string under its own media type, so
 * no serializer runs; the schema shows the file in the docs.
 */
export const fileSchema = z
  .custom<Uint8Array | string>((value) => value instanceof Uint8Array || typeof value === 'string')
  .meta({ type: 'string', format: 'binary' });
/** A file answer for `schema.response`, e.g. `{ 200: fileResponse('image/png', 'The QR code') }`. */
export const fileResponse = (mediaType: string, description: string) => ({
  description,
  content: { [mediaType]: { schema: fileSchema } },
});
