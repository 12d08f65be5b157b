import type { PaymentRow } from './rows';

/** How often the poll loop asks the provider about a payment it may still decide. */
export interface PaymentSchedule {
  /** Longest wait between two looks at a payment whose page is open: a paid one whose buyer never came back is credited within about this. */
  openEveryMs: number;
  /** A fraud check decides in minutes or hours: asked this often. */
  reviewEveryMs: number;
  /** After the provider's page is gone, how long its answer is still awaited (its clock against ours). */
  pageGraceMs: number;
  /** A payment still unpaid this long after it started is expired by us. */
  expireAfterMs: number;
}

const FIRST_LOOK_MS = 3_000;

/**
 * When to ask next, or null when the provider can no longer change its answer. A young payment is
 * asked more often (its buyer is most likely paying now), never less often than `openEveryMs`.
 */
export function nextCheckAt(
  row: Pick<PaymentRow, 'status' | 'created_at' | 'page_expires_at'>,
  now: Date,
  schedule: PaymentSchedule,
): Date | null {
  const at = (ms: number) => new Date(now.getTime() + ms);
  if (row.status === 'review') return at(schedule.reviewEveryMs);
  const age = now.getTime() - new Date(row.created_at).getTime();
  const every = Math.min(schedule.openEveryMs, Math.max(FIRST_LOOK_MS, Math.round(age / 10)));
  if (row.status === 'pending') return at(every);
  if (row.status !== 'expired') return null;
  const pageEnd =
    (row.page_expires_at
      ? new Date(row.page_expires_at).getTime()
      : new Date(row.created_at).getTime() + schedule.expireAfterMs) + schedule.pageGraceMs;
  if (now.getTime() >= pageEnd) return null;
  return at(Math.min(every, pageEnd - now.getTime()));
}
