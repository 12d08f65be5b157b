import type { Knex } from 'knex';
import { centsToEuros } from '@esim/contracts';
import { openAndLock, receivable, spendable } from '../ledger/accounts';
import { runHoldOps, type HoldOp, type HoldOutcome } from '../ledger/batcher';
import { postTransfer } from '../ledger/transfers';
import { noteCreditUsed } from './credit-alerts';

/**
 * A dealer's credit limit: how far it may buy beyond its balance. Its outstanding debt (what the
 * receivable shows) may grow to the limit through its own purchases; an admin's explicit credit
 * loads are the admin's decision and are not capped by it. The newest change is the limit.
 */
export async function creditLimits(
  db: Knex | Knex.Transaction,
  dealerIds: readonly string[],
): Promise<Map<string, number>> {
  if (dealerIds.length === 0) return new Map();
  const rows = (await db('credit_limit_changes')
    .distinctOn('dealer_id')
    .whereIn('dealer_id', [...dealerIds])
    .orderBy([{ column: 'dealer_id' }, { column: 'id', order: 'desc' }])
    .select('dealer_id', 'limit_cents')) as Array<{ dealer_id: string; limit_cents: string | number }>;
  return new Map(rows.map((row) => [row.dealer_id, Number(row.limit_cents)]));
}

export interface CreditLimitChange {
  dealer_id: string;
  previous_cents: number;
  limit_cents: number;
  changed_by: string;
  created_at: Date;
}

/**
 * Sets a dealer's limit. The dealer's accounts are locked first, so a change never interleaves with
 * a purchase drawing on the old limit; setting the limit it already has writes nothing.
 */
export async function setCreditLimit(
  trx: Knex.Transaction,
  input: { dealerId: string; limitCents: number; note: string | null; actorId: string },
): Promise<{ previous_cents: number; changed: boolean }> {
  const accounts = await openAndLock(trx, [spendable(input.dealerId), receivable(input.dealerId)]);
  const previous = (await creditLimits(trx, [input.dealerId])).get(input.dealerId) ?? 0;
  if (previous === input.limitCents) return { previous_cents: previous, changed: false };
  await trx('credit_limit_changes').insert({
    dealer_id: input.dealerId,
    previous_cents: previous,
    limit_cents: input.limitCents,
    note: input.note,
    changed_by: input.actorId,
  });
  const recv = accounts.get(receivable(input.dealerId).key)!;
  // A higher limit may put the debt below a level announced before, so crossing it again is announced again.
  await noteCreditUsed(trx, {
    dealerId: input.dealerId,
    receivable: recv,
    usedCents: -Number(recv.balance),
    limitCents: input.limitCents,
    announce: false,
  });
  return { previous_cents: previous, changed: true };
}

/** A dealer's limit changes, newest first. */
export async function creditLimitHistory(
  db: Knex | Knex.Transaction,
  dealerId: string,
  limit = 20,
): Promise<CreditLimitChange[]> {
  const rows = (await db('credit_limit_changes')
    .where({ dealer_id: dealerId })
    .orderBy('id', 'desc')
    .limit(limit)
    .select('dealer_id', 'previous_cents', 'limit_cents', 'changed_by', 'created_at')) as CreditLimitChange[];
  return rows.map((row) => ({
    ...row,
    previous_cents: Number(row.previous_cents),
    limit_cents: Number(row.limit_cents),
  }));
}

/** What is left of a limit once the debt is counted (never below zero). */
export const creditAvailable = (limitCents: number, owedCents: number) => Math.max(0, limitCents - owedCents);

export const creditFigures = (limitCents: number, owedCents: number) => ({
  credit_limit: centsToEuros(limitCents),
  credit_limit_cents: limitCents,
  credit_available_cents: creditAvailable(limitCents, owedCents),
});

/**
 * A hold the balance does not cover, taken on credit: in one transaction, with the buyer's accounts
 * locked, the shortfall moves from its receivable to its spendable (a credit load naming the order,
 * keyed by it), the hold is taken and a share of the limit the debt crossed is announced. Answers
 * the hold's outcome, or null when the buyer has no limit or the shortfall is above what is left of
 * it (the caller then refuses as before).
 */
export async function holdOnCredit(
  db: Knex | Knex.Transaction,
  hold: Extract<HoldOp, { op: 'hold' }>,
  at?: Date,
): Promise<HoldOutcome | null> {
  const work = async (trx: Knex.Transaction): Promise<HoldOutcome | null> => {
    const limitOf = async () => (await creditLimits(trx, [hold.userId])).get(hold.userId) ?? 0;
    // Without a limit nothing is locked; with one it is read again under the accounts' locks, which a change of the limit takes first.
    if ((await limitOf()) === 0) return null;
    const accounts = await openAndLock(trx, [spendable(hold.userId), receivable(hold.userId)]);
    const limit = await limitOf();
    const spend = accounts.get(spendable(hold.userId).key)!;
    const recv = accounts.get(receivable(hold.userId).key)!;
    // The order may have been held meanwhile (a retry in flight): its hold op replays, no draw.
    const alreadyHeld = await trx('holds').where({ order_id: hold.orderId }).first('id');
    const shortfall = hold.amountCents - (Number(spend.balance) - Number(spend.held));
    let drawn = 0;
    if (!alreadyHeld && shortfall > 0) {
      if (shortfall > creditAvailable(limit, -Number(recv.balance))) return null;
      const draw = await postTransfer(trx, {
        debitAccountId: recv.id,
        creditAccountId: spend.id,
        amountCents: shortfall,
        kind: 'credit_load',
        idempotencyKey: `credit-draw:${hold.orderId}`,
        reference: hold.reference ?? hold.orderId,
        metadata: { dealer_id: hold.userId, order_id: hold.orderId, on_credit: true },
        createdBy: hold.userId,
        at,
      });
      if (!draw.replayed) drawn = shortfall;
    }
    const [outcome] = await runHoldOps(trx, [{ op: hold, createdBy: hold.userId }], at);
    // Anything but a hold taken or replayed undoes the draw with the transaction.
    if (outcome!.outcome !== 'ok' && outcome!.outcome !== 'replayed') throw new CreditHoldRefused(outcome!);
    if (drawn > 0)
      await noteCreditUsed(trx, {
        dealerId: hold.userId,
        receivable: recv,
        usedCents: drawn - Number(recv.balance),
        limitCents: limit,
        announce: true,
      });
    return outcome!;
  };
  try {
    if ((db as Knex.Transaction).isTransaction) {
      // Inside a caller's transaction a savepoint keeps a refused draw from failing the caller's other writes.
      return await (db as Knex.Transaction).transaction(work);
    }
    return await (db as Knex).transaction(work);
  } catch (error) {
    if (error instanceof CreditHoldRefused) return error.outcome;
    throw error;
  }
}

class CreditHoldRefused extends Error {
  constructor(readonly outcome: HoldOutcome) {
    super(`hold on credit refused: ${outcome.outcome}`);
  }
}
