import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type { EsimContext } from '../context';
import { expireDueProfiles, sendExpiryReminders } from '../profiles/lifecycle';
import { settlePendingRefunds } from '../profiles/refunds';
import { driveOrder } from './saga';

/**
 * The recovery loop: every few seconds it claims unfinished orders nobody has touched for a grace
 * period (the buying request drives younger ones itself) and runs their next steps. Claims use
 * `FOR UPDATE SKIP LOCKED` and push `next_attempt_at` forward with back-off, so several esim
 * processes share the work and an order whose step keeps failing is retried ever more slowly.
 * The same loop expires eSIMs past their date and sends the 1-day expiry reminders.
 */
export async function claimDueOrders(db: Knex, graceMs: number, limit = 50): Promise<string[]> {
  const result = await db.raw(
    `UPDATE orders o SET attempts = o.attempts + 1,
            next_attempt_at = now() + make_interval(secs => least(300, 2 ^ least(o.attempts, 8)))
      WHERE o.id IN (
        SELECT id FROM orders
         WHERE step NOT IN ('completed', 'failed')
           AND next_attempt_at <= now()
           AND updated_at <= now() - make_interval(secs => ?::double precision / 1000)
         ORDER BY next_attempt_at
         LIMIT ? FOR UPDATE SKIP LOCKED)
      RETURNING o.id`,
    [graceMs, limit],
  );
  return (result.rows as Array<{ id: string }>).map((r) => r.id);
}

export async function recoverOnce(db: Knex, ctx: EsimContext, log?: FastifyBaseLogger): Promise<number> {
  const ids = await claimDueOrders(db, ctx.config.ESIM_RECOVERY_GRACE_MS);
  await Promise.all(
    ids.map(async (id) => {
      try {
        await driveOrder(db, ctx, id, { log });
      } catch (error) {
        log?.warn({ err: error, orderId: id }, 'order recovery step failed; retrying later');
      }
    }),
  );
  return ids.length;
}

export function startRecoveryLoop(db: Knex, ctx: EsimContext, log: FastifyBaseLogger): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> | undefined;
  const tick = async () => {
    try {
      await recoverOnce(db, ctx, log);
      await settlePendingRefunds(db, ctx, log);
      await expireDueProfiles(db);
      await sendExpiryReminders(db);
    } catch (error) {
      log.error({ err: error }, 'recovery loop failed');
    }
  };
  const timer = setInterval(() => {
    if (stopped || running) return;
    running = tick().finally(() => {
      running = undefined;
    });
  }, ctx.config.ESIM_RECOVERY_INTERVAL_MS);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
