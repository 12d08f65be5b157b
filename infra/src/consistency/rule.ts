import type { Db } from '@esim/platform';

/** What a rule reads with: the one read-only snapshot of every schema, and the moment it counts ages from. */
export interface RuleContext {
  trx: Db;
  now: Date;
  holdMaxAgeMs: number;
  outboxMaxAgeMs: number;
}

/** A rule's check: the ids of the rows that break it (none: the rule holds). */
export type RuleCheck = (context: RuleContext) => Promise<string[]>;

/** Runs a query whose `id` column names the offending rows, and gives those ids as text. */
export async function offendingIds(
  trx: Db,
  sql: string,
  bindings: ReadonlyArray<string | number | Date> = [],
): Promise<string[]> {
  const result = await trx.raw(sql, [...bindings]);
  return (result.rows as Array<{ id: unknown }>).map((row) => String(row.id));
}

/** The moment `ageMs` before `now`: rows created before it are older than that age. */
export const cutoff = (now: Date, ageMs: number) => new Date(now.getTime() - ageMs);
