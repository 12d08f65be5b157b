import type { Knex } from 'knex';

/**
 * The returns' settings as one row an admin edits in the back office (docs/decisions/0020): the
 * days after the transfer a dealer may return a card, from the refund policy's 15, and whether a
 * return of never-activated cards is approved at once, taken from the key-value `settings` table
 * it replaces (its only key).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE return_settings (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      return_window_days integer NOT NULL CHECK (return_window_days BETWEEN 1 AND 365),
      auto_approve_unactivated_returns boolean NOT NULL,
      updated_by text,
      updated_at timestamptz
    )
  `);
  const old = (await knex('settings').where({ key: 'auto_approve_unactivated_returns' }).first()) as
    { value: unknown; updated_by: string | null; updated_at: Date } | undefined;
  await knex('return_settings').insert({
    id: true,
    // REFUND_POLICY.physicalCardReturnDays when this was written, kept literal as a migration never changes.
    return_window_days: 15,
    auto_approve_unactivated_returns: old?.value === true,
    updated_by: old?.updated_by ?? null,
    updated_at: old?.updated_at ?? null,
  });
  await knex.schema.dropTable('settings');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.createTable('settings', (t) => {
    t.text('key').primary();
    t.jsonb('value').notNullable();
    t.text('updated_by');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  const row = (await knex('return_settings').first()) as { auto_approve_unactivated_returns: boolean } | undefined;
  if (row?.auto_approve_unactivated_returns)
    await knex('settings').insert({ key: 'auto_approve_unactivated_returns', value: JSON.stringify(true) });
  await knex.raw('DROP TABLE return_settings');
}
