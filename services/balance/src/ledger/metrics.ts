import { Gauge, type Db, type Registry } from '@esim/platform';

/**
 * Pending holds on the service's `/metrics`, read at scrape time: how many, and how old the oldest
 * (one that stays pending long is an order whose capture or void never came). Holds have no index on
 * their status (updates stay HOT), so this reads the table once per scrape; both gauges share it.
 */
export function registerHoldMetrics(registry: Registry, db: Db): void {
  let reading: Promise<{ count: number; oldest: number } | undefined> | undefined;
  const read = () =>
    (reading ??= db
      .raw(
        `SELECT count(*)::int AS count, coalesce(extract(epoch FROM now() - min(created_at)), 0)::float AS oldest FROM holds WHERE status = 'pending'`,
      )
      .then((result: { rows: Array<{ count: number; oldest: number }> }) => result.rows[0])
      // Database down: /ready says so; the gauges keep their last reading.
      .catch(() => undefined)
      .finally(() => setTimeout(() => (reading = undefined), 1_000).unref()));
  new Gauge({
    name: 'balance_pending_holds',
    help: 'Holds placed and neither captured nor voided yet',
    registers: [registry],
    async collect() {
      const row = await read();
      if (row) this.set(row.count);
    },
  });
  new Gauge({
    name: 'balance_oldest_pending_hold_seconds',
    help: 'Age of the oldest pending hold (0: none)',
    registers: [registry],
    async collect() {
      const row = await read();
      if (row) this.set(row.oldest);
    },
  });
}
