/**
 * Group commit (TigerBeetle's batching, PostgreSQL's own commit_delay idea, done in the service):
 * items that arrive while earlier batches are being written wait and are written together by the
 * next one, in one transaction: a few round trips and one commit for many requests, each with its
 * own outcome. Nothing is delayed on purpose: a lone item goes at once as a batch of one; under load,
 * batches form by themselves. If a whole batch fails (a bug, a lost connection, one bad item), every
 * item in it is written again alone, so only the one at fault fails.
 *
 * `write` gets the batch and the lane it runs in (0 .. maxInFlight-1: batches in flight together
 * never share a lane, so a writer can give each lane rows of its own to lock) and answers one
 * outcome per item, in order.
 */
export interface GroupCommitOptions {
  /** Batches written at the same time (each on its own connection). */
  maxInFlight?: number;
  /** Items in one batch at most. */
  maxBatch?: number;
  /** Items waiting before a batch starts beside one already in flight. */
  minParallelBatch?: number;
  /**
   * When a whole batch fails, write each item again alone (the default), so only the one at fault
   * fails; false: every item of the batch gets the batch's error (a writer whose failures are never
   * one item's, such as a call to another service that answers each item itself).
   */
  isolateFailures?: boolean;
}

interface Queued<I, O> {
  item: I;
  resolve: (outcome: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Two batches in flight by default, so one batch waiting on a lock does not stall every request of
 * the process; more only help with more database cores (bench/ledger measured 1, 2 and 4 alike on two).
 */
export const DEFAULT_BATCHES_IN_FLIGHT = 2;

export class GroupCommit<I, O> {
  private readonly queue: Array<Queued<I, O>> = [];
  /** Free lanes: each batch in flight writes in its own lane. */
  private readonly lanes: number[];
  private readonly maxInFlight: number;
  private readonly maxBatch: number;
  private readonly minParallelBatch: number;
  private readonly isolateFailures: boolean;

  constructor(
    private readonly write: (items: I[], lane: number) => Promise<O[]>,
    options: GroupCommitOptions = {},
  ) {
    this.maxInFlight = options.maxInFlight ?? DEFAULT_BATCHES_IN_FLIGHT;
    this.maxBatch = options.maxBatch ?? 256;
    this.minParallelBatch = options.minParallelBatch ?? 16;
    this.isolateFailures = options.isolateFailures ?? true;
    this.lanes = Array.from({ length: this.maxInFlight }, (_, lane) => lane);
  }

  submit(item: I): Promise<O> {
    return this.submitMany([item])[0]!;
  }

  /** Several items that arrived together: queued before any batch starts, so they travel together. */
  submitMany(items: readonly I[]): Array<Promise<O>> {
    const outcomes = items.map(
      (item) => new Promise<O>((resolve, reject) => this.queue.push({ item, resolve, reject })),
    );
    this.pump();
    return outcomes;
  }

  /**
   * Starts batches while lanes are free. A second (third, ...) batch starts only once enough is
   * waiting to make it worth a transaction of its own; otherwise what arrives waits to join a
   * larger one. So batches stay large, and lanes add parallelism only under real load.
   */
  private pump(): void {
    while (this.lanes.length > 0 && this.queue.length > 0) {
      if (this.lanes.length < this.maxInFlight && this.queue.length < this.minParallelBatch) break;
      const lane = this.lanes.shift()!;
      const batch = this.queue.splice(0, this.maxBatch);
      void this.run(batch, lane).finally(() => {
        this.lanes.push(lane);
        this.pump();
      });
    }
  }

  private async run(batch: Array<Queued<I, O>>, lane: number): Promise<void> {
    try {
      const outcomes = await this.write(
        batch.map((queued) => queued.item),
        lane,
      );
      batch.forEach((queued, i) => queued.resolve(outcomes[i]!));
    } catch (error) {
      if (batch.length === 1 || !this.isolateFailures) {
        for (const queued of batch) queued.reject(error);
        return;
      }
      // Find the one at fault: every item alone (one after another: the lane is still this batch's), so the others still succeed.
      for (const queued of batch) {
        try {
          queued.resolve((await this.write([queued.item], lane))[0]!);
        } catch (alone) {
          queued.reject(alone);
        }
      }
    }
  }
}
