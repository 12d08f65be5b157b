/**
 * The wait before try `attempts + 1` of work that failed `attempts` times: `retryBaseMs` after the
 * first failure, doubling after each further one, never above `retryMaxMs`.
 */
export function retryDelayMs(attempts: number, options: { retryBaseMs: number; retryMaxMs: number }): number {
  return Math.min(options.retryMaxMs, options.retryBaseMs * 2 ** Math.max(0, attempts - 1));
}
