import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` items to show: `batch` at first, a batch more after each paint until all
 * are there, so a long list or map fills in short tasks instead of blocking the page in one.
 */
export function useGrowingCount(total: number, batch: number): number {
  const [count, setCount] = useState(batch);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => startTransition(() => setCount((n) => n + batch)), 0);
    return () => clearTimeout(timer);
  }, [count, total, batch]);
  return Math.min(count, total);
}
