import { backoffMs, type EventBusSettings } from './settings';
import { Waker } from './wake';

/**
 * Under load a pass waits five times as long as the last one took, between `gatherMs` and twice
 * it. A pass costs about the same for one event as for fifty (its round trips, its commit, the
 * NOTIFY every listener wakes for), so when a busy machine slows the passes down, each one
 * gathers more events instead of adding passes to the load. On a quiet machine passes are short
 * and the window stays `gatherMs`; the cap keeps an event's latency within bench:events' target.
 */
const PASS_SHARE = 0.2;
const MAX_GATHER_FACTOR = 2;

/**
 * The loop shared by the outbox relay, the log consumer and the parked re-queue worker: poll,
 * then sleep for the poll interval (a NOTIFY cuts it short through `wake`), backing off
 * exponentially while polls keep failing. `stop` resolves once the poll in flight has finished.
 */
export abstract class PollingWorker {
  private readonly waker = new Waker();
  private active = false;
  private loop: Promise<void> | undefined;
  private failures = 0;
  /** When the last pass started (performance.now()). */
  private lastPassAt = -Infinity;
  /** How long the last pass took (ms). */
  private lastPassMs = 0;
  private backlog = false;

  constructor(private readonly pollSettings: EventBusSettings) {}

  /** One pass of work; true when more is already waiting, so the loop goes again without sleeping. */
  protected abstract poll(): Promise<boolean>;

  /**
   * A poll threw. `retryInMs` is the back-off before the next one; returning 'stop' ends the loop
   * instead (the consumer was stopped under it, so there is nothing to retry).
   */
  protected abstract pollFailed(error: unknown, retryInMs: number): 'stop' | void | Promise<void>;

  /** False once `stop` was called: a long poll checks it to give up early. */
  protected get running(): boolean {
    return this.active;
  }

  start(): void {
    if (this.active) return;
    this.active = true;
    this.loop = this.run();
  }

  wake(): void {
    this.waker.wake();
  }

  async stop(): Promise<void> {
    this.active = false;
    this.waker.wake();
    await this.loop;
  }

  private async run(): Promise<void> {
    const settings = this.pollSettings;
    while (this.active) {
      let delay = settings.pollIntervalMs;
      // A backlog (the last pass said more is waiting) is drained without pause.
      const sinceLastPass = performance.now() - this.lastPassAt;
      const gatherMs = Math.min(
        Math.max(settings.gatherMs, this.lastPassMs / PASS_SHARE),
        settings.gatherMs * MAX_GATHER_FACTOR,
      );
      if (!this.backlog && sinceLastPass < gatherMs)
        await new Promise((resolve) => setTimeout(resolve, gatherMs - sinceLastPass));
      if (!this.active) break;
      this.lastPassAt = performance.now();
      this.backlog = false;
      try {
        const more = await this.poll();
        this.lastPassMs = performance.now() - this.lastPassAt;
        this.failures = 0;
        this.backlog = more;
        if (more) continue;
      } catch (error) {
        // Computed before `pollFailed` so the handler can log when the next try comes.
        const retryInMs = backoffMs(this.failures, settings.retryBaseMs, settings.retryMaxMs);
        if ((await this.pollFailed(error, retryInMs)) === 'stop') break;
        this.failures++;
        delay = retryInMs;
      }
      if (this.active) await this.waker.sleep(delay);
    }
  }
}
