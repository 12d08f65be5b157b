/**
 * A loop's sleep that a NOTIFY can cut short. A wake that arrives while the loop is busy is kept,
 * so the next `sleep` returns at once and no notification is lost between two passes.
 */
export class Waker {
  private pending = false;
  private resolve: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;

  wake(): void {
    this.pending = true;
    this.release();
  }

  /** Resolves on `wake()` or after `ms`, whichever comes first. */
  sleep(ms: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.resolve = resolve;
      this.timer = setTimeout(() => this.release(), ms);
    });
  }

  private release(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const resolve = this.resolve;
    this.resolve = undefined;
    if (resolve) {
      this.pending = false;
      resolve();
    }
  }
}
