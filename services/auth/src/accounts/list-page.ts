import type { ListQuery } from '@esim/contracts';
import { sortColumn } from '@esim/platform';
import type { Knex } from 'knex';

/** The `users` side of every back-office account row (dealers, sales managers), in answer order. */
export const ACCOUNT_COLUMNS = [
  'u.id',
  'u.email',
  'u.full_name',
  'u.phone',
  'u.status',
  'u.created_at',
  'u.updated_at',
] as const;

/**
 * One page of a back-office account list (`users as u` joined with a profile): the total over
 * the filtered query, then the requested slice, newest first unless a whitelisted sort is asked
 * for. Ties are broken by id so pages neither repeat nor skip rows.
 */
export async function accountListPage<T>(
  base: Knex.QueryBuilder,
  query: ListQuery,
  columns: ReadonlyArray<string | Knex.Raw>,
  sortable: Record<string, string>,
): Promise<{ items: T[]; total: number }> {
  const [{ total }] = (await base.clone().count({ total: '*' })) as [{ total: string | number }];
  const sort = sortColumn(query, sortable, { column: 'u.created_at', order: 'DESC' });
  const items = (await base
    .select(columns)
    .orderBy(sort.column, sort.order.toLowerCase() as 'asc' | 'desc')
    .orderBy('u.id', 'asc')
    .limit(query.limit)
    .offset(query.offset)) as T[];
  return { items, total: Number(total) };
}
