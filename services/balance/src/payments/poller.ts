import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type { ServingWork } from '@esim/platform';
import { expirePayment, settlePayment, type PaymentRow } from './payments';
import type { PaymentProvider } from './port';

export interface SweepOptions {
  /** A payment still pending this long after it started is expired (nothing credited). */
  expireAfterMs: number;
  now?: Date;
}

/** How many pending payments one pass looks at, so a backlog is worked through a slice at a time. */
const SWEEP_BATCH = 100;

/**
 * One pass over the open payments: each is re-read from the provider (a buyer whose browser never
 * came back through the callback is credited all the same), and one still pending past its time is
 * expired, right after the provider said it was not paid.
 */
export async function sweepPayments(
  db: Knex,
  provider: PaymentProvider,
  options: SweepOptions,
): Promise<{ checked: number; expired: number }> {
  const now = options.now ?? new Date();
  // Reading writes nothing while the provider has nothing new, so a quiet loop leaves every row as it was.
  const rows = (await db('payments')
    .where({ status: 'pending' })
    .orderBy('created_at')
    .limit(SWEEP_BATCH)) as PaymentRow[];
  let expired = 0;
  for (const row of rows) {
    const settled = await settlePayment(db, provider, row);
    if (
      settled.status === 'pending' &&
      new Date(settled.created_at).getTime() <= now.getTime() - options.expireAfterMs
    ) {
      if ((await expirePayment(db, row.id)).status === 'expired') expired += 1;
    }
  }
  return { checked: rows.length, expired };
}

/** The poll/expiry loop as work the service does while it serves (started by runService). */
export function paymentPoller(
  db: Knex,
  provider: PaymentProvider,
  options: SweepOptions & { intervalMs: number; log: FastifyBaseLogger },
): ServingWork {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const pass = () => {
    running = sweepPayments(db, provider, options)
      .catch((error: unknown) => options.log.error({ err: error }, 'card payment sweep failed'))
      .finally(() => {
        if (timer) timer = setTimeout(pass, options.intervalMs);
      });
  };
  return {
    name: 'card-payments',
    start() {
      timer = setTimeout(pass, options.intervalMs);
    },
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
