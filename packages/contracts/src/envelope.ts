import { z } from 'zod';

/** Every response body is wrapped in this envelope (DESIGN.md section 6). */
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

export function listSchema<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    message: z.string(),
    data: z.array(item),
    meta: listMetaSchema,
  });
}

export const errorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
});
