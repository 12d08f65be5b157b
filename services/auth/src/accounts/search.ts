import type { Knex } from 'knex';

/**
 * Search that treats Turkish dotted and dotless i alike (İ, I, ı, i), as a user typing "ARI" or
 * "ari" expects to find "Arı": plain ILIKE folds I only to i. `%`, `_` and `\` typed by the
 * user are literal characters, not LIKE wildcards.
 */
export const foldForSearch = (text: string) => text.replace(/[İIı]/g, 'i').toLowerCase();

export const likePattern = (text: string) => `%${foldForSearch(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Adds "any of these columns contains the text" to a query. */
export function whereAnyContains(query: Knex.QueryBuilder, columns: readonly string[], text: string): void {
  const pattern = likePattern(text);
  query.where((w) => {
    for (const column of columns) w.orWhereRaw(`lower(translate(??, 'İIı', 'iii')) LIKE ?`, [column, pattern]);
  });
}
