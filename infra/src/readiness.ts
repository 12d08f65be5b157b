/** Polls a process's `/ready` until it answers 200. */
export async function waitForReady(
  url: string,
  options: {
    timeoutMs: number;
    intervalMs?: number;
    onWaiting?: (elapsedMs: number) => void;
    cancelled?: () => boolean;
  },
): Promise<boolean> {
  const started = Date.now();
  let lastNotice = started;
  while (Date.now() - started < options.timeoutMs) {
    if (options.cancelled?.()) return false;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.body?.cancel();
      if (response.ok) return true;
    } catch {
      // Not listening yet, or restarting after a crash: keep polling.
    }
    if (Date.now() - lastNotice >= 10_000) {
      lastNotice = Date.now();
      options.onWaiting?.(lastNotice - started);
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 200));
  }
  return false;
}
