import { publishMany, type ServingWork } from '@esim/platform';
import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import { SERVICE, type OrderRow } from './orders';

/** The reason a swept order carries (the dealer sees it on the order, which was never confirmed to them). */
export const PLACING_EXPIRED = 'placing_expired';

/**
 * Rejects orders left `placing` longer than `expireAfterMs` (their hold call failed and no retry
 * came back, or the process died midway), so their cards are orderable again. Each rejection
 * publishes physical-sim.order.rejected: the balance service voids the order's hold if one was
 * taken after all. The age is far past the balance client's deadline, so no hold can land later.
 * SKIP LOCKED lets several physical-sim processes sweep at once.
 */
export async function rejectStalePlacingOrders(
  db: Knex,
  options: { expireAfterMs: number; limit?: number },
): Promise<string[]> {
  return db.transaction(async (trx) => {
    const stale = (await trx('orders')
      .where({ status: 'placing' })
      .where(
        'created_at',
        '<',
        trx.raw(`now() - make_interval(secs => ?::double precision / 1000)`, [options.expireAfterMs]),
      )
      .orderBy('created_at')
      .limit(options.limit ?? 100)
      .forUpdate()
      .skipLocked()
      .select('id')) as Array<{ id: string }>;
    if (stale.length === 0) return [];
    const rejected = (await trx('orders')
      .whereIn(
        'id',
        stale.map((o) => o.id),
      )
      .update({ status: 'rejected', reject_reason: PLACING_EXPIRED, decided_at: trx.fn.now() })
      .returning('*')) as OrderRow[];
    await publishMany(
      trx,
      SERVICE,
      rejected.map((order) => ({
        type: 'physical-sim.order.rejected' as const,
        aggregateId: order.id,
        payload: {
          orderId: order.id,
          userId: order.user_id,
          amountCents: Number(order.total_cents),
          holdId: order.hold_id,
          reason: PLACING_EXPIRED,
        },
      })),
    );
    return rejected.map((order) => order.id);
  });
}

/** The sweep as work the service runs while it serves (runService starts it, the app's close stops it). */
export function placingSweeper(
  db: Knex,
  options: { expireAfterMs: number; intervalMs: number; log: FastifyBaseLogger },
): ServingWork {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const sweep = async () => {
    try {
      const ids = await rejectStalePlacingOrders(db, { expireAfterMs: options.expireAfterMs });
      if (ids.length > 0)
        options.log.warn({ orderIds: ids }, 'rejected orders left placing (their hold was never recorded)');
    } catch (error) {
      options.log.error({ err: error }, 'placing sweep failed; trying again next round');
    }
  };
  return {
    name: 'placing sweeper',
    start() {
      timer ??= setInterval(() => {
        running ??= sweep().finally(() => {
          running = undefined;
        });
      }, options.intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
