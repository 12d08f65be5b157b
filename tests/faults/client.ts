import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiOptions, RealSystem } from '../e2e/harness';
import type { Tally } from './tally';

export interface Answer {
  status: number;
  // The gateway's JSON answer, as loosely typed as the harness gives it.
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * Calls the gateway as a real client does: a network error or a 5xx is retried with the very same
 * request (and so the same Idempotency-Key) after a growing pause, until an answer that is not a
 * 5xx arrives or the deadline passes (then `undefined`: the caller re-sends it after recovery).
 */
export class LoadClient {
  constructor(
    private readonly system: RealSystem,
    private readonly tally: Tally,
    private readonly deadlineMs: number,
  ) {}

  async call(method: string, path: string, options: ApiOptions = {}): Promise<Answer | undefined> {
    const deadline = Date.now() + this.deadlineMs;
    let pauseMs = 100;
    for (let attempt = 0; ; attempt++) {
      this.tally.add('requests');
      if (attempt > 0) this.tally.add('retried');
      try {
        const answer = await this.system.api(method, path, options);
        if (answer.status < 500) {
          if (answer.status >= 400) this.tally.add('refused');
          return { status: answer.status, body: answer.body };
        }
        this.tally.add('serverErrors');
        if (method === 'GET' || options.headers?.['idempotency-key']) this.tally.add('guardedServerErrors');
      } catch {
        this.tally.add('networkErrors');
      }
      if (Date.now() + pauseMs > deadline) {
        this.tally.add('unanswered');
        return undefined;
      }
      await sleep(pauseMs);
      pauseMs = Math.min(pauseMs * 2, 2000);
    }
  }
}
