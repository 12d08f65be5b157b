import type { Usage } from './common';

/**
 * Derives used bytes and percentage as docs/product.md says (The balance check). In a module of its own without
 * zod, so a front end that only derives usage (the back office's first screen) does not bundle zod.
 */
export function deriveUsage(totalBytes: number, remainingBytes: number, unlimited = false): Usage {
  const remaining = Math.max(0, Math.min(remainingBytes, totalBytes));
  const used = totalBytes - remaining;
  return {
    total_bytes: totalBytes,
    remaining_bytes: remaining,
    used_bytes: used,
    percentage: totalBytes === 0 ? 0 : Math.round((used / totalBytes) * 100),
    unlimited,
  };
}
