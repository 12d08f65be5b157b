import type { Knex } from 'knex';

/**
 * Turkish country names start with a capital: the ISO migration stored a few as world-countries
 * writes them ('çekya', 'şili', 'özbekistan'). Upper-cased here with Turkish rules (i → İ, ş → Ş),
 * which PostgreSQL's upper() only follows under a Turkish collation.
 */
export async function up(knex: Knex): Promise<void> {
  const rows = await knex('countries').select<Array<{ a2: string; name_tr: string }>>('a2', 'name_tr');
  for (const { a2, name_tr } of rows) {
    const capitalized = name_tr.charAt(0).toLocaleUpperCase('tr-TR') + name_tr.slice(1);
    if (capitalized !== name_tr) await knex('countries').where({ a2 }).update({ name_tr: capitalized });
  }
}
