import type { ReturnSettings } from '@esim/contracts';
import type { Knex } from 'knex';

/**
 * The returns' settings (one row, `return_settings`; docs/decisions/0020): how many days after the
 * transfer a dealer may return a card, and whether a return of never-activated cards is approved at
 * once. Read from the row on every use, so a change takes effect at once in every copy; nothing is cached.
 */
interface ReturnSettingsRow {
  return_window_days: number;
  auto_approve_unactivated_returns: boolean;
  updated_by: string | null;
  updated_at: Date | null;
}

export async function readReturnSettings(db: Knex | Knex.Transaction): Promise<ReturnSettingsRow> {
  const row = (await db('return_settings').first()) as ReturnSettingsRow | undefined;
  if (!row) throw new Error('the return_settings row is missing');
  return row;
}

export function returnSettingsView(row: ReturnSettingsRow): ReturnSettings {
  return {
    return_window_days: row.return_window_days,
    auto_approve_unactivated_returns: row.auto_approve_unactivated_returns,
    updated_by: row.updated_by,
    updated_at: row.updated_at ? new Date(row.updated_at).toISOString() : null,
  };
}

/** Writes the settings a PUT names; one it leaves out keeps its value. */
export async function writeReturnSettings(
  trx: Knex.Transaction,
  change: { return_window_days?: number; auto_approve_unactivated_returns?: boolean },
  actorId: string,
): Promise<ReturnSettingsRow> {
  const columns = {
    ...(change.return_window_days !== undefined ? { return_window_days: change.return_window_days } : {}),
    ...(change.auto_approve_unactivated_returns !== undefined
      ? { auto_approve_unactivated_returns: change.auto_approve_unactivated_returns }
      : {}),
  };
  if (Object.keys(columns).length > 0)
    await trx('return_settings')
      .where({ id: true })
      .update({ ...columns, updated_by: actorId, updated_at: trx.fn.now() });
  return readReturnSettings(trx);
}
