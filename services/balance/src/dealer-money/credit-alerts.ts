import type { Knex } from 'knex';
import { CREDIT_ALERT_PERCENTS, type CreditAlertPercent } from '@esim/contracts';
import { publish } from '@esim/platform';
import type { AccountRow } from '../ledger/accounts';

/**
 * A dealer's credit used (what it owes: −receivable) measured against its credit limit: reaching 50,
 * 70 or 90 % is announced (`balance.credit.threshold-reached`, a partner's `credit.used` webhook) in
 * the transaction that raised the debt. The receivable remembers the level last announced, so a
 * crossing is announced once; when the debt falls below a level (a payment, a collection, a higher
 * limit) the remembered level falls with it, and rising past it again is announced again.
 */
export type CreditAlertLevel = 0 | CreditAlertPercent;

/** The highest share of the limit the debt has reached: 0 below 50 % and for a dealer without a limit. */
export function creditAlertLevel(usedCents: number, limitCents: number): CreditAlertLevel {
  let level: CreditAlertLevel = 0;
  if (limitCents <= 0) return level;
  for (const percent of CREDIT_ALERT_PERCENTS) if (usedCents * 100 >= limitCents * percent) level = percent;
  return level;
}

/** The levels a debt rising from `from` to `to` crosses, lowest first: each is announced, as eSIM usage alerts are. */
export const crossedLevels = (from: number, to: number): CreditAlertPercent[] =>
  CREDIT_ALERT_PERCENTS.filter((percent) => percent > from && percent <= to);

/** The level a receivable row was last announced at. */
export const rememberedLevel = (row: AccountRow): number => Number(row.credit_alert_percent);

export interface CreditUsedChange {
  dealerId: string;
  /** The dealer's receivable, read (and locked) before the change. */
  receivable: AccountRow;
  /** Credit used after the change. */
  usedCents: number;
  limitCents: number;
  /**
   * A rise of the debt announces the levels it crosses; any other change (a payment, a collection,
   * a new limit) only lowers the remembered level, and a level reached that way is announced by the next rise.
   */
  announce: boolean;
}

/**
 * Brings the receivable's remembered level to where the debt now stands, in the caller's transaction
 * (after its transfer): nothing is written while the level is unchanged; otherwise one conditional
 * UPDATE, which only the transaction that still sees the level it read can make, so two purchases
 * crossing the same level announce it once even without the accounts' locks. Answers the levels announced.
 */
export async function noteCreditUsed(trx: Knex.Transaction, change: CreditUsedChange): Promise<CreditAlertPercent[]> {
  const before = rememberedLevel(change.receivable);
  const level = creditAlertLevel(change.usedCents, change.limitCents);
  if (level === before || (level > before && !change.announce)) return [];
  const updated = await trx('accounts')
    .where({ id: change.receivable.id, credit_alert_percent: before })
    .update({ credit_alert_percent: level });
  if (updated === 0 || level < before) return [];
  const crossed = crossedLevels(before, level);
  for (const percent of crossed)
    await publish(trx, 'balance', {
      type: 'balance.credit.threshold-reached',
      aggregateId: change.dealerId,
      payload: {
        dealerId: change.dealerId,
        percent,
        creditLimitCents: change.limitCents,
        creditUsedCents: change.usedCents,
        availableCents: Math.max(0, change.limitCents - change.usedCents),
      },
    });
  return crossed;
}
