import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import { repeatingWork, type Redis, type ServingWork } from '@esim/platform';
import { REFUND_LEASE_MS, sendCardRefund, takeDueRefunds } from './card-refunds';
import { expirePayment, settlePayment } from './payments';
import type { PaymentRow } from './rows';
import type { PaymentProviders } from './provider';
import type { PaymentSchedule } from './schedule';

export interface SweepOptions extends PaymentSchedule {
  /** Provider calls under way at once from this process. */
  concurrency: number;
  /** Provider calls a second from every copy of the service together (the provider's own limit). */
  limiter: RateLimiter;
  /** Payments taken per round trip to the database. */
  batch?: number;
  log?: FastifyBaseLogger;
  /** Asked between batches: a service shutting down ends the pass early (what is left is still due). */
  stopped?: () => boolean;
}

/** Long enough for a provider call to time out: a payment taken is another copy's again only after it. */
const LEASE_MS = 60_000;
const BATCH = 200;

/**
 * One pass over the payments due a look: each is re-read from the provider (a buyer whose browser
 * never came back through the callback is credited all the same), the one due longest first, so
 * no one person's many payments hold back another's; one still pending past its time is expired.
 * Then the refunds due a provider call. Every copy of the service runs this: a payment or refund
 * one copy has taken is leased to it, and the others skip it.
 */
export async function sweepPayments(
  db: Knex,
  providers: PaymentProviders,
  options: SweepOptions,
): Promise<{ checked: number; expired: number; refunds: number }> {
  let checked = 0;
  let expired = 0;
  for (;;) {
    const rows = await takeDuePayments(db, options.batch ?? BATCH);
    await inParallel(rows, options.concurrency, async (row) => {
      const provider = providers.of(row.provider);
      if (!provider) return;
      await options.limiter.take();
      const settled = await settlePayment(db, provider, row, options);
      checked += 1;
      const age = Date.now() - new Date(settled.created_at).getTime();
      if (settled.status === 'pending' && age >= options.expireAfterMs) {
        if ((await expirePayment(db, row.id, options)).status === 'expired') expired += 1;
      }
    });
    if (rows.length < (options.batch ?? BATCH) || options.stopped?.()) break;
  }
  let refunds = 0;
  for (;;) {
    const due = await takeDueRefunds(db, options.batch ?? BATCH, REFUND_LEASE_MS);
    await inParallel(due, options.concurrency, async (refund) => {
      await options.limiter.take();
      await sendCardRefund(db, providers, refund, options.log);
      refunds += 1;
    });
    if (due.length < (options.batch ?? BATCH) || options.stopped?.()) break;
  }
  return { checked, expired, refunds };
}

/** The payments whose look is due, leased to this process (another copy skips them until the lease ends). */
async function takeDuePayments(db: Knex, limit: number): Promise<PaymentRow[]> {
  const taken = await db.raw(
    `UPDATE payments SET next_check_at = now() + (? * interval '1 millisecond')
      WHERE id IN (SELECT id FROM payments WHERE next_check_at <= now()
                   ORDER BY next_check_at LIMIT ? FOR UPDATE SKIP LOCKED)
      RETURNING *`,
    [LEASE_MS, limit],
  );
  return (taken.rows as PaymentRow[]).sort(
    (a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime(),
  );
}

async function inParallel<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/** Waits until one more provider call fits in this second. */
export interface RateLimiter {
  take(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * At most `perSecond` takes in each wall-clock second across every process sharing `redis` (one
 * counter per second), or within this process alone without it.
 */
export function rateLimiter(perSecond: number, redis?: Redis, name = 'card-provider-calls'): RateLimiter {
  let second = 0;
  let count = 0;
  const local = async () => {
    const now = Math.floor(Date.now() / 1000);
    if (now !== second) {
      second = now;
      count = 0;
    }
    return ++count;
  };
  const shared = async () => {
    const key = `rate:${name}:${Math.floor(Date.now() / 1000)}`;
    const [[, taken]] = (await redis!.multi().incr(key).expire(key, 2).exec()) as [[unknown, number], unknown];
    return taken;
  };
  return {
    async take() {
      for (;;) {
        if ((await (redis ? shared() : local())) <= perSecond) return;
        await sleep(1000 - (Date.now() % 1000) + 1);
      }
    },
  };
}

/** The poll loop as work the service does while it serves (started by runService). */
export function paymentPoller(
  db: Knex,
  providers: PaymentProviders,
  options: SweepOptions & { intervalMs: number; log: FastifyBaseLogger },
): ServingWork {
  return repeatingWork(
    'card-payments',
    options.intervalMs,
    (stopped) => sweepPayments(db, providers, { ...options, stopped }),
    (error) => options.log.error({ err: error }, 'card payment sweep failed'),
  );
}
