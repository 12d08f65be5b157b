import type { Knex } from 'knex';

/** Rows a list query would return, before paging. */
export async function countOf(query: Knex.QueryBuilder): Promise<number> {
  const rows = (await query.clone().clearSelect().clearOrder().count('* as count')) as Array<{ count: string | number }>;
  return Number(rows[0]?.count ?? 0);
}
