import { Queue, Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type { SupplierOffersSync, SupplierOffersSyncResult } from '@esim/contracts';
import { bullConnection, bullPrefix, type InternalClient, type ServingWork } from '@esim/platform';
import type { Supplier } from '../provider/supplier';

/**
 * The catalogue sync: each configured supplier's package list, with its net costs, sent whole to the
 * catalog (which owns packages and prices, maps offers to packages and stops selling a package whose
 * cost rose above its price), and each supplier's balance read for the admin home. Runs hourly as a
 * BullMQ repeatable job (one run for every copy of the service, whichever takes it) and when an admin
 * presses the sync button. Supplier calls run outside any transaction.
 */
export const SUPPLIER_SYNC_QUEUE = 'esim-supplier-sync';
const HOURLY = 60 * 60_000;

export interface SupplierSyncOutcome {
  supplier: string;
  ok: boolean;
  result?: SupplierOffersSyncResult;
  error?: string;
  balanceCents?: number | null;
}

export async function syncSupplier(
  db: Knex,
  catalog: InternalClient,
  supplier: Supplier,
  log?: FastifyBaseLogger,
): Promise<SupplierSyncOutcome> {
  const at = new Date();
  let outcome: SupplierSyncOutcome;
  try {
    const offers = await supplier.offers();
    const body: SupplierOffersSync = {
      supplier: supplier.name as SupplierOffersSync['supplier'],
      synced_at: at.toISOString(),
      offers: offers.map((offer) => ({
        supplier_package_id: offer.supplierPackageId,
        name: offer.name,
        countries: offer.countries,
        data_mb: offer.dataMb,
        validity_days: offer.validityDays,
        net_cost_cents: offer.netCostCents,
        top_up: offer.topUp,
      })),
    };
    const result = await catalog.request<SupplierOffersSyncResult>('POST', '/internal/supplier-offers', { body });
    outcome = { supplier: supplier.name, ok: true, result };
  } catch (error) {
    log?.error({ err: error, supplier: supplier.name }, 'supplier catalogue sync failed');
    outcome = { supplier: supplier.name, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  const balanceCents = await supplier.balance().catch((error: unknown) => {
    log?.warn({ err: error, supplier: supplier.name }, 'supplier balance unreadable');
    return undefined;
  });
  await db('supplier_status')
    .insert({
      supplier: supplier.name,
      last_sync_at: at,
      last_sync_result: outcome.result ? JSON.stringify(outcome.result) : null,
      last_sync_error: outcome.error ?? null,
      ...(balanceCents !== undefined ? { balance_cents: balanceCents, balance_checked_at: at } : {}),
      updated_at: at,
    })
    .onConflict('supplier')
    .merge();
  return { ...outcome, balanceCents };
}

export async function syncSuppliers(
  db: Knex,
  catalog: InternalClient,
  suppliers: Supplier[],
  log?: FastifyBaseLogger,
): Promise<SupplierSyncOutcome[]> {
  const outcomes: SupplierSyncOutcome[] = [];
  for (const supplier of suppliers) outcomes.push(await syncSupplier(db, catalog, supplier, log));
  return outcomes;
}

/** The hourly sync as work the service does while it serves: a repeatable job, and a worker that runs it. */
export function supplierSyncJob(
  db: Knex,
  catalog: InternalClient,
  suppliers: Supplier[],
  options: { redisUrl: string; redisPrefix: string; log: FastifyBaseLogger; everyMs?: number },
): ServingWork {
  let queue: Queue | undefined;
  let worker: Worker | undefined;
  const connection = bullConnection(options.redisUrl);
  const prefix = bullPrefix(options.redisPrefix);
  return {
    name: 'supplier sync',
    async start() {
      if (suppliers.length === 0) return;
      queue = new Queue(SUPPLIER_SYNC_QUEUE, { connection, prefix });
      queue.on('error', () => {});
      // One schedule for every copy: the scheduler id makes the second copy's call a no-op.
      await queue.upsertJobScheduler(
        'hourly',
        { every: options.everyMs ?? HOURLY, immediately: true },
        {
          name: 'sync',
          opts: { removeOnComplete: 100, removeOnFail: 100 },
        },
      );
      worker = new Worker(SUPPLIER_SYNC_QUEUE, () => syncSuppliers(db, catalog, suppliers, options.log), {
        connection,
        prefix,
      });
      worker.on('error', (error) => options.log.warn({ err: error }, 'supplier sync worker'));
    },
    async stop() {
      await worker?.close();
      await queue?.close();
    },
  };
}

/**
 * Tells each supplier where to send its webhooks, once per start, asked again (after 2 s, then
 * doubling up to half a minute) until it takes it: a supplier checks the address first, and the
 * gateway in front of us may not answer yet while the shop starts. Every copy asks; the address is
 * the same, so that changes nothing.
 */
export function supplierWebhookRegistration(
  suppliers: Supplier[],
  urlOf: (name: 'airalo' | 'esimaccess') => string,
  log: FastifyBaseLogger,
  maxRetryMs = 30_000,
): ServingWork {
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  const register = async (supplier: Supplier, retryMs = 2_000) => {
    try {
      await supplier.registerWebhook(urlOf(supplier.name as 'airalo' | 'esimaccess'));
      log.info({ supplier: supplier.name }, 'supplier webhook registered');
    } catch (error) {
      log.warn({ err: error, supplier: supplier.name }, 'supplier webhook not registered yet; asking again');
      if (stopped) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        void register(supplier, Math.min(maxRetryMs, retryMs * 2));
      }, retryMs);
      timers.add(timer);
    }
  };
  return {
    name: 'supplier webhooks',
    start() {
      for (const supplier of suppliers) void register(supplier);
    },
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
    },
  };
}
