import type { Knex } from 'knex';
import { companyAccountIds, REVENUE_BUCKETS } from './accounts';

/**
 * Group commit for holds (TigerBeetle's batching): requests that arrive while earlier batches are
 * being written wait and are written together by the next one, in one call of `ledger_holds`: one
 * round trip and one commit for many operations, each with its own outcome. Nothing is delayed on
 * purpose: a lone request goes at once as a batch of one; under load, batches form by themselves.
 * If a whole batch fails (a bug, a lost connection), every operation in it is retried alone, so
 * only the one at fault fails.
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

interface Queued {
  op: HoldOp;
  createdBy: string;
  resolve: (outcome: HoldOutcome) => void;
  reject: (error: unknown) => void;
}

/** Runs operations in one `ledger_holds` call, in the caller's transaction when given one (`at`: when, if not now). */
export async function runHoldOps(db: Knex | Knex.Transaction, ops: ReadonlyArray<{ op: HoldOp; createdBy: string }>, at?: Date): Promise<HoldOutcome[]> {
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
  const rows = result.rows as Array<{ r_idx: number; r_outcome: HoldOutcomeCode; r_hold: string | null; r_transfer: number | null }>;
  const outcomes: HoldOutcome[] = new Array(ops.length);
  for (const row of rows) outcomes[row.r_idx - 1] = { outcome: row.r_outcome, holdId: row.r_hold, transferId: row.r_transfer };
  return outcomes;
}

/**
 * Batches written at once by default: two, so one batch waiting on a lock does not stall every
 * hold of the process. More only help with more database cores (buildApp's holdBatchesInFlight);
 * on two cores bench/ledger measured 1, 2 and 4 alike once extra batches wait for MIN_PARALLEL_BATCH.
 */
export const DEFAULT_BATCHES_IN_FLIGHT = 2;

/** Operations waiting before a batch starts beside one already in flight. */
const MIN_PARALLEL_BATCH = 16;

export class HoldBatcher {
  private readonly queue: Queued[] = [];
  /** Free lanes: each batch in flight writes in its own lane, with its own revenue bucket. */
  private readonly lanes: number[];
  /** Where this process starts among the buckets, so several processes tend to use different ones. */
  private readonly bucketOffset = Math.floor(Math.random() * REVENUE_BUCKETS);

  constructor(
    private readonly db: Knex,
    /** Batches written at the same time (each on its own connection). */
    private readonly maxInFlight = DEFAULT_BATCHES_IN_FLIGHT,
    private readonly maxBatch = 256,
  ) {
    this.lanes = Array.from({ length: maxInFlight }, (_, lane) => lane);
  }

  submit(op: HoldOp, createdBy: string): Promise<HoldOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ op, createdBy, resolve, reject });
      this.pump();
    });
  }

  /**
   * Starts batches while lanes are free. A second (third, ...) batch starts only once enough is
   * waiting to make it worth a transaction of its own; otherwise what arrives waits to join a
   * larger one. So batches stay large, and lanes add parallelism only under real load.
   */
  private pump(): void {
    while (this.lanes.length > 0 && this.queue.length > 0) {
      if (this.lanes.length < this.maxInFlight && this.queue.length < MIN_PARALLEL_BATCH) break;
      const lane = this.lanes.shift()!;
      const batch = this.queue.splice(0, this.maxBatch);
      void this.write(batch, lane).finally(() => {
        this.lanes.push(lane);
        this.pump();
      });
    }
  }

  /**
   * Every capture of a batch credits the lane's revenue bucket: batches in flight together never
   * queue behind each other on a bucket row (the rows a batch locks are held until it commits).
   */
  private async write(batch: Queued[], lane: number): Promise<void> {
    try {
      const { revenue } = await companyAccountIds(this.db);
      const bucket = revenue[(this.bucketOffset + lane) % REVENUE_BUCKETS]!;
      for (const item of batch) {
        if (item.op.op === 'capture' && item.op.creditAccountId === undefined) item.op = { ...item.op, creditAccountId: bucket };
      }
      const outcomes = await runHoldOps(this.db, batch);
      batch.forEach((item, i) => item.resolve(outcomes[i]!));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      // Find the one at fault: every operation alone, so the others still succeed.
      await Promise.all(
        batch.map(async (item) => {
          try {
            item.resolve((await runHoldOps(this.db, [item]))[0]!);
          } catch (alone) {
            item.reject(alone);
          }
        }),
      );
    }
  }
}

const batchers = new WeakMap<object, HoldBatcher>();

/** Sets up the pool's batcher (buildApp does); otherwise the first use makes a default one. */
export function configureHoldBatcher(db: Knex, options: { maxInFlight: number }): HoldBatcher {
  const batcher = new HoldBatcher(db, options.maxInFlight);
  batchers.set(db, batcher);
  return batcher;
}

/** The batcher of a pool (one per pool, so every request of a process shares it). */
export function holdBatcher(db: Knex): HoldBatcher {
  return batchers.get(db) ?? configureHoldBatcher(db, { maxInFlight: DEFAULT_BATCHES_IN_FLIGHT });
}
