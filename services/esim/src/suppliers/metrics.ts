import { Gauge, type Db, type Registry } from '@esim/platform';

interface SupplierReading {
  status: Array<{ supplier: string; balance_cents: string | null; failing: boolean }>;
  waiting: Array<{ supplier: string; oldest: number }>;
}

/**
 * Each configured supplier on the service's `/metrics`, read at scrape time: its balance (what the
 * admin home shows) beside the warning level, whether its last catalogue sync failed, and how long
 * its oldest order still waits for delivery. One read per scrape, shared by the gauges.
 */
export function registerSupplierMetrics(
  registry: Registry,
  db: Db,
  options: { suppliers: string[]; balanceWarningCents: number },
): void {
  let reading: Promise<SupplierReading | undefined> | undefined;
  const read = () =>
    (reading ??= Promise.all([
      db.raw(`SELECT supplier, balance_cents, last_sync_error IS NOT NULL AS failing FROM supplier_status`),
      db.raw(
        `SELECT supplier, extract(epoch FROM now() - min(created_at))::float AS oldest
           FROM supplier_orders WHERE status IN ('placing', 'placed') GROUP BY supplier`,
      ),
    ])
      .then(([status, waiting]) => ({ status: status.rows, waiting: waiting.rows }) as SupplierReading)
      // Database down: /ready says so; the gauges keep their last reading.
      .catch(() => undefined)
      .finally(() => setTimeout(() => (reading = undefined), 1_000).unref()));

  new Gauge({
    name: 'esim_supplier_balance_warning_cents',
    help: 'Balance at a supplier below which the admin home warns (SUPPLIER_BALANCE_WARNING_EUROS)',
    registers: [registry],
  }).set(options.balanceWarningCents);
  new Gauge({
    name: 'esim_supplier_balance_cents',
    help: 'Balance at each supplier as last read, in euro cents',
    labelNames: ['supplier'],
    registers: [registry],
    async collect() {
      const row = await read();
      for (const status of row?.status ?? [])
        if (options.suppliers.includes(status.supplier) && status.balance_cents !== null)
          this.set({ supplier: status.supplier }, Number(status.balance_cents));
    },
  });
  new Gauge({
    name: 'esim_supplier_sync_failing',
    help: "1 while a supplier's last catalogue sync failed",
    labelNames: ['supplier'],
    registers: [registry],
    async collect() {
      const row = await read();
      if (!row) return;
      const failing = new Set(row.status.filter((s) => s.failing).map((s) => s.supplier));
      for (const supplier of options.suppliers) this.set({ supplier }, failing.has(supplier) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'esim_supplier_oldest_waiting_order_seconds',
    help: 'Age of the oldest order placed with a supplier and not yet delivered (0: none)',
    labelNames: ['supplier'],
    registers: [registry],
    async collect() {
      const row = await read();
      if (!row) return;
      const oldest = new Map(row.waiting.map((w) => [w.supplier, w.oldest]));
      for (const supplier of options.suppliers) this.set({ supplier }, oldest.get(supplier) ?? 0);
    },
  });
}
