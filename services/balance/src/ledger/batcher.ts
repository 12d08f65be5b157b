import type { Knex } from 'knex';
import { DEFAULT_BATCHES_IN_FLIGHT, GroupCommit } from '@esim/platform';
import { companyAccountIds, REVENUE_BUCKETS } from './accounts';

/**
 * Group commit for holds (the platform's GroupCommit): requests that arrive while earlier batches
 * are being written wait and are written together by the next one, in one call of `ledger_holds`:
 * one round trip and one commit for many operations, each with its own outcome.
 */
export type HoldOp =
  | { op: 'hold'; orderId: string; accountKey: string; userId: string; amountCents: number; reference: string | null }
  /** creditAccountId: a revenue bucket; left out, the batcher gives its batch's own (see `write`). */
  | { op: 'capture'; holdId: string; creditAccountId?: number }
  | { op: 'void'; holdId: string };

export type HoldOutcomeCode =
  | 'ok'
  | 'replayed'
  | 'insufficient_balance'
  | 'order_hold_conflict'
  | 'hold_not_found'
  | 'hold_not_pending'
  | 'invalid';

export interface HoldOutcome {
  outcome: HoldOutcomeCode;
  holdId: string | null;
  transferId: number | null;
}

/** Runs operations in one `ledger_holds` call, in the caller's transaction when given one (`at`: when, if not now). */
export async function runHoldOps(
  db: Knex | Knex.Transaction,
  ops: ReadonlyArray<{ op: HoldOp; createdBy: string }>,
  at?: Date,
): Promise<HoldOutcome[]> {
  const column = <T>(pick: (op: HoldOp) => T | undefined) => ops.map(({ op }) => pick(op) ?? null);
  const result = await db.raw(
    `SELECT r_idx, r_outcome, r_hold, r_transfer FROM ledger_holds(?::text[], ?::text[], ?::text[], ?::text[], ?::bigint[], ?::text[], ?::uuid[], ?::bigint[], ?::text[], coalesce(?::timestamptz, now()))`,
    [
      ops.map(({ op }) => op.op),
      column((op) => (op.op === 'hold' ? op.orderId : undefined)),
      column((op) => (op.op === 'hold' ? op.accountKey : undefined)),
      column((op) => (op.op === 'hold' ? op.userId : undefined)),
      column((op) => (op.op === 'hold' ? op.amountCents : undefined)),
      column((op) => (op.op === 'hold' ? op.reference : undefined)),
      column((op) => (op.op === 'hold' ? undefined : op.holdId)),
      column((op) => (op.op === 'capture' ? op.creditAccountId : undefined)),
      ops.map(({ createdBy }) => createdBy),
      at ? at.toISOString() : null,
    ] as unknown as Knex.RawBinding[],
  );
  const rows = result.rows as Array<{
    r_idx: number;
    r_outcome: HoldOutcomeCode;
    r_hold: string | null;
    r_transfer: number | null;
  }>;
  const outcomes: HoldOutcome[] = new Array(ops.length);
  for (const row of rows)
    outcomes[row.r_idx - 1] = { outcome: row.r_outcome, holdId: row.r_hold, transferId: row.r_transfer };
  return outcomes;
}

export { DEFAULT_BATCHES_IN_FLIGHT };

export interface HoldBatcher {
  submit(op: HoldOp, createdBy: string): Promise<HoldOutcome>;
}

/**
 * Every capture of a batch credits its lane's revenue bucket: batches in flight together never
 * queue behind each other on a bucket row (the rows a batch locks are held until it commits).
 * Each process starts at a random bucket, so several processes tend to use different ones.
 */
function createHoldBatcher(db: Knex, maxInFlight: number): HoldBatcher {
  const bucketOffset = Math.floor(Math.random() * REVENUE_BUCKETS);
  const commits = new GroupCommit<{ op: HoldOp; createdBy: string }, HoldOutcome>(
    async (batch, lane) => {
      const { revenue } = await companyAccountIds(db);
      const bucket = revenue[(bucketOffset + lane) % REVENUE_BUCKETS]!;
      const ops = batch.map((item) =>
        item.op.op === 'capture' && item.op.creditAccountId === undefined
          ? { ...item, op: { ...item.op, creditAccountId: bucket } }
          : item,
      );
      return runHoldOps(db, ops);
    },
    { maxInFlight },
  );
  return { submit: (op, createdBy) => commits.submit({ op, createdBy }) };
}

const batchers = new WeakMap<object, HoldBatcher>();

/** Sets up the pool's batcher (buildApp does); otherwise the first use makes a default one. */
export function configureHoldBatcher(db: Knex, options: { maxInFlight: number }): HoldBatcher {
  const batcher = createHoldBatcher(db, options.maxInFlight);
  batchers.set(db, batcher);
  return batcher;
}

/** The batcher of a pool (one per pool, so every request of a process shares it). */
export function holdBatcher(db: Knex): HoldBatcher {
  return batchers.get(db) ?? configureHoldBatcher(db, { maxInFlight: DEFAULT_BATCHES_IN_FLIGHT });
}
