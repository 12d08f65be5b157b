import { defineListQuery, normalizeListQuery, type ListQuery, type ListQueryOptions } from '@esim/contracts';
import type { Knex } from 'knex';
import { z } from 'zod';

/**
 * Route querystring schema for list endpoints: the shared list query plus the route's own
 * filters (zod schemas), accepted as top-level parameters and inside react-admin's `filter`.
 */
export function listQuery<F extends Record<string, z.ZodType> = Record<never, z.ZodType>>(
  filters?: F,
  options?: ListQueryOptions,
) {
  return defineListQuery(filters ?? ({} as F), options);
}

/** The normalised list query of a parsed querystring: paging, sort, search, dates, ids and typed filters. */
export function toListQuery<P extends Record<string, unknown>>(parsed: P) {
  return normalizeListQuery(parsed);
}

export type { ListQuery };

/**
 * Applies a whitelisted sort to a knex query; unknown fields fall back to the default (no SQL from
 * input). Own keys only: `sort=valueOf` must not find Object.prototype's function.
 */
export function sortColumn(
  query: Pick<ListQuery, 'sort'>,
  allowed: Record<string, string>,
  fallback: { column: string; order: 'ASC' | 'DESC' },
) {
  const column = query.sort && Object.hasOwn(allowed, query.sort.field) ? allowed[query.sort.field] : undefined;
  return column ? { column, order: query.sort!.order } : fallback;
}

/** Ids of rows keyed by a bigint sequence, as react-admin sends them (numbers or digit strings). */
export const numericId = z
  .union([
    z.string().regex(/^\d{1,18}$/, { message: 'invalid_id' }),
    z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  ])
  .transform(String);

/** A LIKE pattern finding the searched text anywhere, its own `%`, `_` and `\` taken literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Rows a list query would return, before paging: the total a list page answers beside its page. */
export async function countOf(query: Knex.QueryBuilder): Promise<number> {
  const rows = (await query.clone().clearSelect().clearOrder().count('* as count')) as Array<{
    count: string | number;
  }>;
  return Number(rows[0]?.count ?? 0);
}
