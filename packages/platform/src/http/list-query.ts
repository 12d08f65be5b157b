import { listQuerySchema, normalizeListQuery, type ListQuery } from '@esim/contracts';
import { z } from 'zod';

/** Route querystring schema for list endpoints: the shared list query, extended with a route's own filters. */
export function listQuery<T extends z.ZodRawShape>(extra?: T) {
  return extra ? listQuerySchema.and(z.object(extra)) : listQuerySchema;
}

export function toListQuery(parsed: z.output<typeof listQuerySchema>): ListQuery {
  return normalizeListQuery(parsed);
}

/** Applies a whitelisted sort to a knex query; unknown fields fall back to the default (no SQL from input). */
export function sortColumn(query: ListQuery, allowed: Record<string, string>, fallback: { column: string; order: 'ASC' | 'DESC' }) {
  const column = query.sort ? allowed[query.sort.field] : undefined;
  return column ? { column, order: query.sort!.order } : fallback;
}
