import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` items to show: `batch` at first, a batch more after each paint until all
 * are there, so a long list or map fills in short tasks instead of blocking the page in one. The
 * prerender shows them all at once (its HTML is the whole page; a prerendered list is kept as an island).
 */
export function useGrowingCount(total: number, batch: number): number {
  const [count, setCount] = useState(() => (typeof window === 'undefined' ? Number.POSITIVE_INFINITY : batch));
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => startTransition(() => setCount((n) => n + batch)), 0);
    return () => clearTimeout(timer);
  }, [count, total, batch]);
  return Math.min(count, total);
}
