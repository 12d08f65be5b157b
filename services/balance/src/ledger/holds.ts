import type { Knex } from 'knex';
import { formatEuros } from '@esim/contracts';
import { AppError, badRequest, conflict, insufficientBalanceError, notFound } from '@esim/platform';
import { openAccounts, receivable, revenueBucket, revenueBucketOf, spendable } from './accounts';
import { holdBatcher, runHoldOps, type HoldOp, type HoldOutcome } from './batcher';
import { creditAvailable, creditLimits, holdOnCredit } from '../dealer-money/credit';

/**
 * Holds: an order reserves money first (reserve), then takes it (capture → company revenue) or
 * gives it back (void). A pending hold counts against the available balance at once, so an
 * order that cannot be paid is refused when it is placed, not later. Every step is one call of
 * the `ledger_holds` PL/pgSQL function, shared with whatever other holds arrive at the same time
 * (batcher.ts), and idempotent: the same order holds once, a captured hold captures once, a
 * voided hold voids once.
 */
export type HoldStatus = 'pending' | 'captured' | 'voided';

export interface Hold {
  id: string;
  order_id: string;
  user_id: string;
  amount_cents: number;
  reference: string | null;
  status: HoldStatus;
  capture_transfer_id: number | null;
  created_at: Date;
  resolved_at: Date | null;
}

export interface HoldInput {
  orderId: string;
  userId: string;
  amountCents: number;
  reference?: string | null;
  /** When it happened, if not now: seeded history only, and only inside a caller's transaction. */
  at?: Date;
}

export async function availableOf(db: Knex | Knex.Transaction, userId: string): Promise<number> {
  const row = await db('accounts')
    .where({ key: spendable(userId).key })
    .first('balance', 'held');
  return row ? Number(row.balance) - Number(row.held) : 0;
}

/** What a refused buyer is told: what they may spend, and what is left of a credit limit where there is one. */
export async function spendingFigures(
  db: Knex | Knex.Transaction,
  userId: string,
): Promise<{ available: string; credit_left?: string }> {
  const credit = await creditLeftOf(db, userId);
  return {
    available: formatEuros(Math.max(0, await availableOf(db, userId))),
    ...(credit ? { credit_left: formatEuros(Math.max(0, credit.leftCents)) } : {}),
  };
}

/** What is left of the buyer's credit limit in cents (0 for a buyer without one). */
export async function creditLeftCents(db: Knex | Knex.Transaction, userId: string): Promise<number> {
  return Math.max(0, (await creditLeftOf(db, userId))?.leftCents ?? 0);
}

/** What is left of the buyer's credit limit, or nothing for a buyer without one. */
async function creditLeftOf(db: Knex | Knex.Transaction, userId: string): Promise<{ leftCents: number } | undefined> {
  const limit = (await creditLimits(db, [userId])).get(userId) ?? 0;
  if (limit === 0) return undefined;
  const row = await db('accounts')
    .where({ key: receivable(userId).key })
    .first('balance');
  return { leftCents: creditAvailable(limit, -Number(row?.balance ?? 0)) };
}

/**
 * One operation: through the pool's batcher (grouped with whatever else is being written), or,
 * inside a caller's transaction, directly in it (committing with the caller's other writes).
 */
async function run(db: Knex | Knex.Transaction, op: HoldOp, createdBy: string, at?: Date): Promise<HoldOutcome> {
  if ((db as Knex.Transaction).isTransaction) return (await runHoldOps(db, [{ op, createdBy }], at))[0]!;
  // A batch shares one time, so a back-dated operation cannot join one.
  if (at) throw new Error('a back-dated hold operation must run in a transaction');
  return holdBatcher(db as Knex).submit(op, createdBy);
}

function refused(outcome: HoldOutcome): never {
  switch (outcome.outcome) {
    case 'order_hold_conflict':
      throw new AppError(409, 'order_hold_conflict');
    case 'hold_not_found':
      throw notFound('hold_not_found');
    case 'hold_not_pending':
      throw conflict('hold_not_pending');
    default:
      throw badRequest('validation_error');
  }
}

/**
 * Reserves money for an order. Refused with 422 insufficient_balance when the available balance does
 * not cover it. The same order asking again gets its hold back (replayed) whatever the balance is
 * now; the same order with another user or amount is a 409.
 */
export async function createHold(
  db: Knex | Knex.Transaction,
  input: HoldInput,
): Promise<{ holdId: string; replayed: boolean }> {
  return holdAnswer(db, input, await run(db, holdOp(input), input.userId, input.at));
}

const holdOp = (input: HoldInput): Extract<HoldOp, { op: 'hold' }> => ({
  op: 'hold',
  orderId: input.orderId,
  accountKey: spendable(input.userId).key,
  userId: input.userId,
  amountCents: input.amountCents,
  reference: input.reference ?? null,
});

async function holdAnswer(
  db: Knex | Knex.Transaction,
  input: HoldInput,
  outcome: HoldOutcome,
): Promise<{ holdId: string; replayed: boolean }> {
  // A balance that does not cover the order may be made up from the buyer's credit limit (a dealer's).
  if (outcome.outcome === 'insufficient_balance') {
    outcome = (await holdOnCredit(db, holdOp(input), input.at)) ?? outcome;
  }
  if (outcome.outcome === 'ok' || outcome.outcome === 'replayed')
    return { holdId: outcome.holdId!, replayed: outcome.outcome === 'replayed' };
  if (outcome.outcome === 'insufficient_balance')
    throw insufficientBalanceError(await spendingFigures(db, input.userId));
  refused(outcome);
}

/** Captures a pending hold into company revenue (one of its buckets). Capturing twice captures once. */
export async function captureHold(
  db: Knex | Knex.Transaction,
  holdId: string,
  options: { createdBy: string; at?: Date },
): Promise<{ transferId: number; replayed: boolean }> {
  // In a caller's transaction, a bucket picked by the hold id; through the batcher, the batch's own.
  let creditAccountId: number | undefined;
  if ((db as Knex.Transaction).isTransaction) {
    const bucket = revenueBucket(revenueBucketOf(holdId));
    creditAccountId = (await openAccounts(db, [bucket])).get(bucket.key)!;
  }
  const outcome = await run(db, { op: 'capture', holdId, creditAccountId }, options.createdBy, options.at);
  if (outcome.outcome === 'ok' || outcome.outcome === 'replayed')
    return { transferId: outcome.transferId!, replayed: outcome.outcome === 'replayed' };
  refused(outcome);
}

/**
 * Captures many pending holds in the caller's transaction, in one `ledger_holds` call (its account
 * rows locked up front in id order, so it never deadlocks with the batcher), all into one revenue
 * bucket (`creditAccountId`). Each hold's outcome in order: a hold captured before replays; the
 * caller judges the rest.
 */
export async function captureHoldsIn(
  trx: Knex.Transaction,
  captures: ReadonlyArray<{ holdId: string; createdBy: string }>,
  creditAccountId: number,
): Promise<HoldOutcome[]> {
  if (captures.length === 0) return [];
  return runHoldOps(
    trx,
    captures.map(({ holdId, createdBy }) => ({ op: { op: 'capture', holdId, creditAccountId }, createdBy })),
  );
}

/** Releases a pending hold. Voiding twice voids once; a captured hold cannot be voided (409). */
export async function voidHold(
  db: Knex | Knex.Transaction,
  holdId: string,
  options: { createdBy: string },
): Promise<{ replayed: boolean }> {
  const outcome = await run(db, { op: 'void', holdId }, options.createdBy);
  if (outcome.outcome === 'ok' || outcome.outcome === 'replayed') return { replayed: outcome.outcome === 'replayed' };
  refused(outcome);
}

const holdColumns = [
  'id',
  'order_id',
  'user_id',
  'amount as amount_cents',
  'reference',
  'status',
  'capture_transfer_id',
  'created_at',
  'resolved_at',
];

export async function getHold(db: Knex | Knex.Transaction, holdId: string): Promise<Hold | undefined> {
  return (await db('holds').where({ id: holdId }).first(holdColumns)) as Hold | undefined;
}

export async function holdOfOrder(db: Knex | Knex.Transaction, orderId: string): Promise<Hold | undefined> {
  return (await db('holds').where({ order_id: orderId }).first(holdColumns)) as Hold | undefined;
}

/** The hold an order event is about: by its id when the event names it, else by the order. */
export async function holdOfOrderEvent(
  trx: Knex.Transaction,
  payload: { orderId: string; holdId?: string | null },
): Promise<string> {
  const hold = payload.holdId
    ? await trx('holds').where({ id: payload.holdId }).first('id')
    : await holdOfOrder(trx, payload.orderId);
  if (!hold) {
    // Not a skip: the order was placed with a hold, so its absence is a bug. Failing lets the bus
    // retry and then park the event where operators see it.
    throw new Error(`no hold for order ${payload.orderId} (hold ${payload.holdId ?? 'not named'})`);
  }
  return hold.id as string;
}
