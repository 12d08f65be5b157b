import { PERCENT_SCALE, type MarginRule, type MarginRuleView } from '@esim/contracts';
import type { Knex } from 'knex';

/** The margin rule's one row (the migration writes the shop's default, so it is always there). */
interface MarginRuleRow extends MarginRule {
  updated_by: string | null;
  updated_at: Date | null;
}

export async function readMarginRule(db: Knex | Knex.Transaction): Promise<MarginRuleRow> {
  const row = await db('margin_rule').first<MarginRuleRow>('kind', 'value', 'rounding', 'updated_by', 'updated_at');
  if (!row) throw new Error('the margin_rule row is missing');
  return row;
}

/** The rule on the wire: the percentage (30, 12.5) or the euros (2.5) as the admin typed them. */
export function marginRuleView(row: MarginRuleRow): MarginRuleView {
  return {
    kind: row.kind,
    value: row.value / (row.kind === 'percent' ? PERCENT_SCALE : 100),
    rounding: row.rounding,
    updated_by: row.updated_by,
    updated_at: row.updated_at,
  };
}

export async function writeMarginRule(trx: Knex.Transaction, rule: MarginRule, actorId: string) {
  await trx('margin_rule').where({ id: true }).update({
    kind: rule.kind,
    value: rule.value,
    rounding: rule.rounding,
    updated_by: actorId,
    updated_at: trx.fn.now(),
  });
  return readMarginRule(trx);
}
