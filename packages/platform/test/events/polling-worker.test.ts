import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PollingWorker } from '../../src/events/polling-worker';
import { eventBusSettings } from '../../src/events/settings';

/** A worker whose every pass takes `passMs` and finds events waiting again by the time it ends. */
class BusyWorker extends PollingWorker {
  readonly passStarts: number[] = [];
  /** While true, events keep arriving: every pass ends with more waiting. */
  busy = true;

  constructor(
    private readonly passMs: number,
    gatherMs: number,
  ) {
    super(eventBusSettings({ gatherMs, pollIntervalMs: 60_000 }));
  }

  protected async poll(): Promise<boolean> {
    this.passStarts.push(performance.now());
    await new Promise((resolve) => setTimeout(resolve, this.passMs));
    if (this.busy) this.wake();
    return false;
  }

  protected pollFailed(): void {}
}

const gaps = (starts: number[]) => starts.slice(1).map((start, i) => Math.round(start - starts[i]!));

describe('PollingWorker gathering', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  // gatherMs 20: short passes keep it; a 6 ms pass makes the next wait 30 ms; 15 ms would make it 75, capped at 40.
  it.each([
    { passMs: 2, gap: 20, what: 'starts a pass at most every gatherMs while events keep coming and passes are short' },
    { passMs: 6, gap: 30, what: 'waits five times as long as a slow pass took, so each pass gathers more' },
    { passMs: 15, gap: 40, what: 'never waits more than twice gatherMs, however slow the passes' },
  ])('$what', async ({ passMs, gap }) => {
    const worker = new BusyWorker(passMs, 20);
    worker.start();
    await vi.advanceTimersByTimeAsync(400);
    await stopAt(worker);
    // The first pass goes at once; every later one waits.
    const later = gaps(worker.passStarts).slice(1);
    expect(later.length).toBeGreaterThanOrEqual(8);
    expect(new Set(later)).toEqual(new Set([gap]));
  });

  it('goes at once after a quiet spell longer than the window', async () => {
    const worker = new BusyWorker(6, 20);
    worker.start();
    await vi.advanceTimersByTimeAsync(100);
    // Nothing arrives for a while, then an event does.
    worker.busy = false;
    await vi.advanceTimersByTimeAsync(500);
    const before = worker.passStarts.length;
    const wokenAt = performance.now();
    worker.wake();
    await vi.advanceTimersByTimeAsync(1);
    expect(worker.passStarts.length).toBeGreaterThan(before);
    expect(worker.passStarts[before]).toBe(wokenAt);
    await stopAt(worker);
  });
});

async function stopAt(worker: BusyWorker): Promise<void> {
  const stopped = worker.stop();
  await vi.advanceTimersByTimeAsync(100);
  await stopped;
}
