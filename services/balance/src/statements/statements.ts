import type { Knex } from 'knex';
import {
  physicalOrderNumber,
  translate,
  type Locale,
  type Statement,
  type StatementGroup,
  type StatementLine,
  UUID,
} from '@esim/contracts';
import { BUSINESS_TIME_ZONE, istanbulDate } from '@esim/platform';
import { receivable, spendable } from '../ledger/accounts';
import type { TransferKind } from '../ledger/transfers';
import { displayName, getParty } from '../parties/parties';

/**
 * A dealer's statement of one Istanbul calendar month, from the ledger's entries alone.
 *
 * The statement's balance is the dealer's position with the shop: the sum of the entries of its two
 * accounts (spendable balance, and the receivable that reads minus what it owes). So a collection or
 * a cash payment (which only lowers the debt) moves it, and a credit load (debt → balance) does not:
 * credit loads are summed apart as credit drawn. Every figure is read in one read-only
 * REPEATABLE READ snapshot, so opening + movements = closing holds even while money moves.
 */

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The month `at` falls in, in Istanbul, as YYYY-MM. */
export const istanbulMonth = (at: Date = new Date()) => istanbulDate(at).slice(0, 7);

/** The month before `month` (YYYY-MM). */
export function previousMonth(month: string): string {
  const [, year, mon] = MONTH.exec(month)!;
  const index = Number(year) * 12 + Number(mon) - 2;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The month after `month` (YYYY-MM). */
export function nextMonth(month: string): string {
  const [, year, mon] = MONTH.exec(month)!;
  const index = Number(year) * 12 + Number(mon);
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** A month that has not begun in Istanbul has no statement yet. */
export const isFutureMonth = (month: string, now: Date = new Date()) => month > istanbulMonth(now);

/** The instant an Istanbul month begins, as SQL (the time-zone database does the conversion). */
const monthStartSql = `((?::text || '-01')::date)::timestamp AT TIME ZONE '${BUSINESS_TIME_ZONE}'`;

const GROUP_OF: Partial<Record<TransferKind, StatementGroup>> = {
  top_up: 'loads',
  card_top_up: 'loads',
  cash_load: 'loads',
  credit_load: 'loads',
  dealer_collection: 'collections',
  cash_payment: 'collections',
  refund: 'refunds',
  card_refund: 'refunds',
};

/**
 * What a reader recognises a movement by: an order number for purchases and refunds (from the
 * order's hold: "eSIM EO-…", "physical-sim order <id>"), a deposit's code, a note; never an internal id.
 */
function referenceOf(row: MonthRow): { reference: string | null; plus: boolean } {
  const held = row.hold_reference;
  if (held) {
    const physical = /^physical-sim order ([0-9a-f-]{36})/i.exec(held);
    if (physical) return { reference: physicalOrderNumber(physical[1]!), plus: true };
    const esim = /^eSIM(?: top-up)? (\S+)/.exec(held);
    if (esim) return { reference: esim[1]!, plus: false };
    return { reference: UUID.test(held) ? null : held, plus: false };
  }
  const orderId = typeof row.metadata?.order_id === 'string' ? row.metadata.order_id : null;
  if (row.metadata?.return_id && orderId) return { reference: physicalOrderNumber(orderId), plus: true };
  const text = row.reference?.trim() || null;
  return { reference: text && !UUID.test(text) ? text : null, plus: false };
}

interface MonthRow {
  transfer_id: string;
  kind: TransferKind;
  reference: string | null;
  metadata: Record<string, unknown> | null;
  hold_reference: string | null;
  transfer_amount: string;
  amount: string;
  at: Date;
}

/** The statement of `month` (YYYY-MM; the caller refuses a future one); a dealer nothing ever moved for gets zeros. */
export async function dealerStatement(db: Knex, dealerId: string, month: string, locale: Locale): Promise<Statement> {
  return db.transaction(
    async (trx) => {
      const keys = [spendable(dealerId).key, receivable(dealerId).key];
      const accounts = (await trx('accounts').whereIn('key', keys).select('id', 'key')) as Array<{
        id: string;
        key: string;
      }>;
      const ids = accounts.map((a) => a.id);
      const spendableId = accounts.find((a) => a.key === keys[0])?.id;
      const next = nextMonth(month);
      const bounds = (await trx
        .select(trx.raw(`${monthStartSql} AS start`, [month]), trx.raw(`${monthStartSql} AS "end"`, [next]))
        .first()) as { start: Date; end: Date };

      // Per account, what its entries add up to before the month and before its end: the ledger at those instants.
      const sums = ids.length
        ? ((await trx('entries')
            .whereIn('account_id', ids)
            .where('created_at', '<', bounds.end)
            .groupBy('account_id')
            .select(
              'account_id',
              trx.raw('coalesce(sum(amount) FILTER (WHERE created_at < ?), 0)::bigint AS opening', [bounds.start]),
              trx.raw('sum(amount)::bigint AS closing'),
            )) as Array<{ account_id: string; opening: string; closing: string }>)
        : [];
      const opening = sums.reduce((total, s) => total + Number(s.opening), 0);
      const closing = sums.reduce((total, s) => total + Number(s.closing), 0);
      const spendableClose = Number(sums.find((s) => String(s.account_id) === String(spendableId))?.closing ?? 0);

      const rows = ids.length
        ? ((await trx('entries as e')
            .join('transfers as t', 't.id', 'e.transfer_id')
            .leftJoin(
              'holds as h',
              'h.id',
              trx.raw(
                `coalesce(t.hold_id, CASE WHEN t.metadata->>'hold_id' ~ '^[0-9a-fA-F-]{36}$' THEN (t.metadata->>'hold_id')::uuid END)`,
              ),
            )
            .whereIn('e.account_id', ids)
            .where('e.created_at', '>=', bounds.start)
            .where('e.created_at', '<', bounds.end)
            .groupBy('t.id', 'h.reference')
            .orderByRaw('min(e.created_at), min(e.id)')
            .select(
              't.id as transfer_id',
              't.kind',
              't.reference',
              't.metadata',
              't.amount as transfer_amount',
              'h.reference as hold_reference',
              trx.raw('sum(e.amount)::bigint AS amount'),
              trx.raw('min(e.created_at) AS at'),
            )) as MonthRow[])
        : [];

      const totals: Record<StatementGroup, number> = {
        purchases_esim: 0,
        purchases_plus: 0,
        loads: 0,
        collections: 0,
        refunds: 0,
        other: 0,
      };
      let creditDrawn = 0;
      let running = opening;
      const lines: StatementLine[] = [];
      for (const row of rows) {
        const amount = Number(row.amount);
        const { reference, plus } = referenceOf(row);
        if (row.kind === 'credit_load') creditDrawn += Number(row.transfer_amount);
        // Debt → balance moves nothing of the position: counted as credit drawn, not listed.
        if (amount === 0) continue;
        const group: StatementGroup =
          row.kind === 'purchase' ? (plus ? 'purchases_plus' : 'purchases_esim') : (GROUP_OF[row.kind] ?? 'other');
        totals[group] += amount;
        running += amount;
        lines.push({
          date: new Date(row.at).toISOString(),
          type: row.kind,
          group,
          description: translate(`transaction_${row.kind}`, locale),
          reference,
          amount_cents: amount,
          balance_after_cents: running,
        });
      }
      // Both figures come from the same snapshot's entries, so they agree unless the ledger is broken.
      if (running !== closing) throw new Error(`statement of ${dealerId} ${month}: ${running} ≠ ledger ${closing}`);

      const limit = (await trx('credit_limit_changes')
        .where({ dealer_id: dealerId })
        .where('created_at', '<', bounds.end)
        .orderBy('id', 'desc')
        .first('limit_cents')) as { limit_cents: string } | undefined;
      const party = await getParty(trx, dealerId);
      return {
        dealer_id: dealerId,
        dealer_name: displayName(party, dealerId),
        month,
        period_start: new Date(bounds.start).toISOString(),
        period_end: new Date(bounds.end).toISOString(),
        opening_balance_cents: opening,
        closing_balance_cents: closing,
        totals,
        credit_drawn_cents: creditDrawn,
        balance_cents: spendableClose,
        credit_used_cents: spendableClose - closing,
        credit_limit_cents: Number(limit?.limit_cents ?? 0),
        lines,
      };
    },
    { isolationLevel: 'repeatable read', readOnly: true },
  );
}
