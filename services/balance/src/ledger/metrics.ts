import { Gauge, registerTableGauges, type Db, type Registry } from '@esim/platform';

/**
 * Pending holds on the service's `/metrics`, read at scrape time: how many, and how old the oldest
 * (one that stays pending long is an order whose capture or void never came). Holds have no index on
 * their status (updates stay HOT), so this reads the table once per scrape; both gauges share it.
 */
export function registerHoldMetrics(registry: Registry, db: Db): void {
  registerTableGauges<{ count: number; oldest: number }>(
    registry,
    db,
    `SELECT count(*)::int AS count, coalesce(extract(epoch FROM now() - min(created_at)), 0)::float AS oldest FROM holds WHERE status = 'pending'`,
    [
      {
        name: 'balance_pending_holds',
        help: 'Holds placed and neither captured nor voided yet',
        value: (row) => row.count,
      },
      {
        name: 'balance_oldest_pending_hold_seconds',
        help: 'Age of the oldest pending hold (0: none)',
        value: (row) => row.oldest,
      },
    ],
  );
}

/**
 * Card payments on the service's `/metrics`, read at scrape time: those started in the last hour by
 * status (a run of failures is a provider or integration fault, not one buyer's declined card), and
 * how old the oldest still-pending one is (one past its expiry means the poll loop has stopped).
 */
export function registerCardPaymentMetrics(registry: Registry, db: Db): void {
  const statuses = ['pending', 'review', 'paid', 'failed', 'expired'] as const;
  new Gauge({
    name: 'balance_card_payments_last_hour',
    help: 'Card payments started in the last hour, by status',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      try {
        const result = await db.raw(
          `SELECT status, count(*)::int AS count FROM payments WHERE created_at > now() - interval '1 hour' GROUP BY status`,
        );
        const counts = new Map(
          (result.rows as Array<{ status: string; count: number }>).map((r) => [r.status, r.count]),
        );
        for (const status of statuses) this.set({ status }, counts.get(status) ?? 0);
      } catch {
        // Database down: /ready says so; the gauge keeps its last reading.
      }
    },
  });
  registerTableGauges<{ oldest: number }>(
    registry,
    db,
    `SELECT coalesce(extract(epoch FROM now() - min(created_at)), 0)::float AS oldest FROM payments WHERE status = 'pending'`,
    [
      {
        name: 'balance_oldest_pending_card_payment_seconds',
        help: 'Age of the oldest card payment still pending (0: none)',
        value: (row) => row.oldest,
      },
    ],
  );
}
