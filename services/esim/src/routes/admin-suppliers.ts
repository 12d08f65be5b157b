import { z } from 'zod';
import { centsToEuros, responds } from '@esim/contracts';
import { ok, type CreatedServiceApp } from '@esim/platform';
import type { EsimContext } from '../context';
import { syncSuppliers } from '../suppliers/sync';

const supplierSchema = z.object({
  name: z.enum(['airalo', 'esimaccess']),
  /** Our balance or credit left at the supplier (euros), as last read; null when never read or not published. */
  balance: z.number().nullable(),
  balance_cents: z.number().int().nullable(),
  balance_checked_at: z.string().nullable(),
  /** Below the warning level (SUPPLIER_BALANCE_WARNING_EUROS), or the supplier's own credit warning. */
  balance_low: z.boolean(),
  balance_message: z.string().nullable(),
  last_sync_at: z.string().nullable(),
  last_sync_error: z.string().nullable(),
  last_sync_result: z
    .object({ offers: z.number(), mapped: z.number(), unmapped: z.number(), paused: z.number(), gone: z.number() })
    .nullable(),
  /** Orders of this supplier that failed in the last 24 hours because of it (refused, out of stock, a failed answer, or not delivered in time). */
  failed_last_day: z.number().int(),
});
type SupplierView = z.infer<typeof supplierSchema>;

interface StatusRow {
  supplier: 'airalo' | 'esimaccess';
  last_sync_at: Date | null;
  last_sync_result: SupplierView['last_sync_result'];
  last_sync_error: string | null;
  balance_cents: string | number | null;
  balance_checked_at: Date | null;
  balance_message: string | null;
}

/** Failure codes that are a supplier's doing when its order carries them, beside its own supplier_* refusals. */
const SUPPLIER_CAUSED = ['esim_out_of_stock', 'esim_provider_failed'];

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** Admin: the configured suppliers (balance, last catalogue sync) and the sync button. */
export function adminSupplierRoutes(app: CreatedServiceApp, ctx: EsimContext): void {
  const warningCents = ctx.config.SUPPLIER_BALANCE_WARNING_EUROS * 100;
  const views = async (): Promise<SupplierView[]> => {
    const rows = (await app.db('supplier_status')) as StatusRow[];
    const byName = new Map(rows.map((row) => [row.supplier, row]));
    const failures = (await app
      .db('orders')
      .where({ step: 'failed' })
      .whereNot({ supplier: 'pool' })
      // Its own refusals, and its stock or its answers failing us: the pool's own failures are not the supplier's.
      .where((q) => q.whereLike('failure_code', 'supplier\\_%').orWhereIn('failure_code', SUPPLIER_CAUSED))
      .where('updated_at', '>', app.db.raw(`now() - interval '1 day'`))
      .groupBy('supplier')
      .select('supplier')
      .count({ n: '*' })) as Array<{ supplier: string; n: string }>;
    const failed = new Map(failures.map((row) => [row.supplier, Number(row.n)]));
    return ctx.suppliers.map((supplier) => {
      const row = byName.get(supplier.name as StatusRow['supplier']);
      const cents = row?.balance_cents === null || row?.balance_cents === undefined ? null : Number(row.balance_cents);
      return {
        name: supplier.name as SupplierView['name'],
        balance: cents === null ? null : centsToEuros(cents),
        balance_cents: cents,
        balance_checked_at: iso(row?.balance_checked_at ?? null),
        balance_low: (cents !== null && cents < warningCents) || Boolean(row?.balance_message),
        balance_message: row?.balance_message ?? null,
        last_sync_at: iso(row?.last_sync_at ?? null),
        last_sync_error: row?.last_sync_error ?? null,
        last_sync_result: row?.last_sync_result ?? null,
        failed_last_day: failed.get(supplier.name) ?? 0,
      };
    });
  };

  app.get(
    '/admin/esim/suppliers',
    { schema: { tags: ['admin'], response: responds(200, z.array(supplierSchema)) } },
    async (_request, reply) => ok(reply, await views()),
  );

  // Reads every supplier's list and balance now (the hourly job does the same); idempotent by nature.
  app.post(
    '/admin/esim/suppliers/sync',
    { schema: { tags: ['admin'], response: responds(200, z.array(supplierSchema)) } },
    async (request, reply) => {
      await syncSuppliers(app.db, ctx.catalog, ctx.suppliers, request.log);
      return ok(reply, await views(), 'esim_suppliers_synced');
    },
  );
}
