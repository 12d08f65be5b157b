/**
 * What the load's requests met, counted per phase of the run (the warm-up, each fault, the
 * recovery): every attempt is counted once, in the phase it was sent in.
 */
export interface PhaseCounts {
  /** HTTP attempts sent (a retry is a new attempt). */
  requests: number;
  /** Attempts answered 4xx: refused as a client would be (stock, balance, not pending, ...). */
  refused: number;
  /** Attempts answered 5xx. */
  serverErrors: number;
  /** Of them, reads and keyed writes: sending either again is harmless, so a copy going down must cost none. */
  guardedServerErrors: number;
  /** Attempts that got no answer at all (connection refused or reset). */
  networkErrors: number;
  /** Attempts that repeated an earlier one (same Idempotency-Key for money). */
  retried: number;
  /** Requests the load gave up on within their deadline (re-sent after recovery). */
  unanswered: number;
}

export interface PhaseReport extends PhaseCounts {
  phase: string;
  /** Events the transport delivered again (the inboxes skip them), seen while this phase ran. */
  redelivered: number;
  /** Handler retries and relay failures the services logged while this phase ran. */
  eventRetries: number;
  /** What the fault itself did, e.g. "pid 123 → 456 in 2.1 s". */
  note: string;
}

const emptyCounts = (): PhaseCounts => ({
  requests: 0,
  refused: 0,
  serverErrors: 0,
  guardedServerErrors: 0,
  networkErrors: 0,
  retried: 0,
  unanswered: 0,
});

export class Tally {
  private readonly phases = new Map<string, PhaseCounts>();
  private current = 'warm-up';

  constructor() {
    this.phases.set(this.current, emptyCounts());
  }

  get phase(): string {
    return this.current;
  }

  enter(phase: string): void {
    this.current = phase;
    if (!this.phases.has(phase)) this.phases.set(phase, emptyCounts());
  }

  add(field: keyof PhaseCounts): void {
    this.phases.get(this.current)![field] += 1;
  }

  countsOf(phase: string): PhaseCounts {
    return this.phases.get(phase) ?? emptyCounts();
  }

  get phaseNames(): string[] {
    return [...this.phases.keys()];
  }
}
