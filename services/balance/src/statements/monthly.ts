import { Queue, Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import { USER_TYPE } from '@esim/contracts';
import { BUSINESS_TIME_ZONE, bullConnection, bullPrefix, publishMany, type ServingWork } from '@esim/platform';
import { istanbulMonth, previousMonth } from './statements';

export const STATEMENT_QUEUE = 'balance-monthly-statements';

/**
 * Announces last month's statements: one 'balance.statement.ready' per dealer that had a movement in
 * the month or closed it with a position other than zero. The notice row and its event are written in
 * one transaction, keyed by dealer and month, so running it again (a retry, another copy) adds nothing.
 */
export async function announceStatements(
  db: Knex,
  month: string = previousMonth(istanbulMonth()),
): Promise<{ month: string; announced: number }> {
  const start = `((?::text || '-01')::date)::timestamp AT TIME ZONE '${BUSINESS_TIME_ZONE}'`;
  const end = `(((?::text || '-01')::date) + interval '1 month')::timestamp AT TIME ZONE '${BUSINESS_TIME_ZONE}'`;
  return db.transaction(async (trx) => {
    const result = await trx.raw(
      `WITH figures AS (
         SELECT p.id AS dealer_id,
                coalesce(sum(e.amount) FILTER (WHERE e.created_at < ${start}), 0)::bigint AS opening,
                coalesce(sum(e.amount), 0)::bigint AS closing,
                count(e.id) FILTER (WHERE e.created_at >= ${start}) AS moved,
                coalesce(sum(e.amount) FILTER (WHERE a.kind = 'receivable'), 0)::bigint AS receivable
           FROM parties p
           JOIN accounts a ON a.key IN ('user:' || p.id || ':spendable', 'dealer:' || p.id || ':receivable')
           LEFT JOIN entries e ON e.account_id = a.id AND e.created_at < ${end}
          WHERE p.user_type = ? AND p.deleted_at IS NULL
          GROUP BY p.id
       ), noticed AS (
         INSERT INTO statement_notices (dealer_id, month, closing_balance_cents)
         SELECT dealer_id, ?, closing FROM figures WHERE moved > 0 OR closing <> 0
         ON CONFLICT (dealer_id, month) DO NOTHING
         RETURNING dealer_id
       )
       SELECT f.dealer_id, f.opening, f.closing, f.receivable FROM figures f JOIN noticed n USING (dealer_id)
        ORDER BY f.dealer_id`,
      [month, month, month, USER_TYPE.dealer, month],
    );
    const rows = result.rows as Array<{ dealer_id: string; opening: string; closing: string; receivable: string }>;
    await publishMany(
      trx,
      'balance',
      rows.map((row) => ({
        type: 'balance.statement.ready' as const,
        aggregateId: `${row.dealer_id}:${month}`,
        payload: {
          dealerId: row.dealer_id,
          month,
          openingBalanceCents: Number(row.opening),
          closingBalanceCents: Number(row.closing),
          creditUsedCents: -Number(row.receivable),
        },
      })),
    );
    return { month, announced: rows.length };
  });
}

/**
 * The monthly run as work the service does while it serves: one BullMQ job scheduler shared by every
 * copy (its id makes a second copy's call a no-op), at 06:00 Istanbul time on the first of the month.
 */
export function monthlyStatementsJob(
  db: Knex,
  options: { redisUrl: string; redisPrefix: string; log: FastifyBaseLogger },
): ServingWork {
  let queue: Queue | undefined;
  let worker: Worker | undefined;
  const connection = bullConnection(options.redisUrl);
  const prefix = bullPrefix(options.redisPrefix);
  return {
    name: 'monthly statements',
    async start() {
      queue = new Queue(STATEMENT_QUEUE, { connection, prefix });
      queue.on('error', () => {});
      await queue.upsertJobScheduler(
        'monthly',
        { pattern: '0 6 1 * *', tz: BUSINESS_TIME_ZONE },
        { name: 'announce', opts: { removeOnComplete: 24, removeOnFail: 24 } },
      );
      worker = new Worker(
        STATEMENT_QUEUE,
        async () => {
          const outcome = await announceStatements(db);
          options.log.info(outcome, 'monthly statements announced');
          return outcome;
        },
        { connection, prefix },
      );
      worker.on('error', (error) => options.log.warn({ err: error }, 'monthly statements worker'));
    },
    async stop() {
      await worker?.close();
      await queue?.close();
    },
  };
}
