import type { Knex } from 'knex';
import { AppError, publish } from '@esim/platform';
import type { EsimContext } from '../context';

/**
 * The purchase saga (DESIGN.md section 5). The order row records the step reached:
 *
 *   placed ──hold──► held ──provision──► provisioned ──capture──► completed
 *     │                 └─ out of stock ─► voiding ──void──► failed
 *     └─ insufficient balance ──────────────────────────────► failed (nothing held)
 *
 * Every step is idempotent (the hold is keyed by the order id, capture and void replay, provisioning
 * returns the profiles an order already has), and each step's effect and the step change are one
 * transaction, or the remote call comes first and the step moves after it. So whoever drives an order
 * (the buying request, or the recovery loop after a crash) can always run the next step again: an eSIM
 * is never handed out without a hold, and a hold is captured only for an order that has its eSIMs.
 */
export type OrderStep = 'placed' | 'held' | 'provisioned' | 'completed' | 'voiding' | 'failed';

export interface OrderRow {
  id: string;
  order_number: string;
  user_id: string;
  package_id: string | null;
  package_code: string;
  package_name_tr: string;
  package_name_en: string;
  package_type: string;
  countries: string[];
  data_mb: number | null;
  validity_days: number;
  quantity: number;
  unit_price_cents: number;
  total_cents: number;
  step: OrderStep;
  hold_id: string | null;
  failure_code: string | null;
  failure_params: Record<string, string | number>;
  locale: string;
  attempts: number;
  demo: boolean;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
}

export const FINISHED: readonly OrderStep[] = ['completed', 'failed'];
const MB = 1024 * 1024;

export async function loadOrder(db: Knex | Knex.Transaction, id: string): Promise<OrderRow | undefined> {
  const row = await db('orders').where({ id }).first();
  return row ? normalizeOrder(row) : undefined;
}

export function normalizeOrder(row: Record<string, unknown>): OrderRow {
  return { ...(row as unknown as OrderRow), unit_price_cents: Number(row.unit_price_cents), total_cents: Number(row.total_cents) };
}

interface Hold {
  id: string;
  status: 'pending' | 'captured' | 'voided';
}

/** Moves the order on from `from` (only if it is still there); returns the moved row, or undefined when someone else moved it first. */
async function advance(db: Knex | Knex.Transaction, order: OrderRow, from: OrderStep, changes: Record<string, unknown>): Promise<OrderRow | undefined> {
  const [row] = await db('orders')
    .where({ id: order.id, step: from })
    .update({ ...changes, attempts: 0, updated_at: db.fn.now() })
    .returning('*');
  return row ? normalizeOrder(row) : undefined;
}

/** Provisions a held order inside `trx` (the order row locked): → provisioned, or → voiding when the provider has nothing. */
async function provision(trx: Knex.Transaction, ctx: EsimContext, held: OrderRow): Promise<OrderRow | undefined> {
  const result = await ctx.provider.provision(trx, {
    orderId: held.id,
    userId: held.user_id,
    packageCode: held.package_code,
    quantity: held.quantity,
    dataTotalBytes: held.data_mb === null ? null : held.data_mb * MB,
  });
  if (result.ok) return advance(trx, held, 'held', { step: 'provisioned' });
  return advance(trx, held, 'held', { step: 'voiding', failure_code: result.reason });
}

const eventPayload = (order: OrderRow, holdId: string | null) => ({
  orderId: order.id,
  userId: order.user_id,
  amountCents: order.total_cents,
  holdId,
});

/** One step of one order (the hold and provisioning share one transaction). Returns the order as it is after the step. */
async function step(db: Knex, ctx: EsimContext, order: OrderRow, requestId?: string): Promise<OrderRow> {
  let next: OrderRow | undefined;
  switch (order.step) {
    case 'placed': {
      let hold: Hold;
      try {
        hold = await ctx.balance.request<Hold>('POST', '/internal/holds', {
          body: { order_id: order.id, user_id: order.user_id, amount_cents: order.total_cents, reference: `eSIM ${order.order_number}` },
          requestId,
        });
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 422 && error.code === 'insufficient_balance') {
          const available = await availableOf(ctx, order.user_id, requestId);
          next = await db.transaction(async (trx) => {
            const failed = await advance(trx, order, 'placed', { step: 'failed', failure_code: 'insufficient_balance', failure_params: JSON.stringify({ available }) });
            if (failed) await publish(trx, 'esim', { type: 'esim.order.failed', aggregateId: order.id, payload: { ...eventPayload(order, null), reason: 'insufficient_balance' } });
            return failed;
          });
          break;
        }
        throw error;
      }
      next = await db.transaction(async (trx) => {
        const held = await advance(trx, order, 'placed', { step: 'held', hold_id: hold.id });
        // The row is ours until commit: provision in the same transaction (one round of writes less per purchase).
        return held ? provision(trx, ctx, held) : undefined;
      });
      break;
    }
    case 'held': {
      next = await db.transaction(async (trx) => {
        const locked = normalizeOrder(await trx('orders').where({ id: order.id }).forUpdate().first());
        return locked.step === 'held' ? provision(trx, ctx, locked) : undefined;
      });
      break;
    }
    case 'provisioned': {
      await ctx.balance.request('POST', `/internal/holds/${order.hold_id}/capture`, { requestId });
      next = await db.transaction(async (trx) => {
        const done = await advance(trx, order, 'provisioned', { step: 'completed', completed_at: trx.fn.now() });
        if (done) await publish(trx, 'esim', { type: 'esim.order.completed', aggregateId: order.id, payload: eventPayload(order, order.hold_id) });
        return done;
      });
      break;
    }
    case 'voiding': {
      if (order.hold_id) await ctx.balance.request('POST', `/internal/holds/${order.hold_id}/void`, { requestId });
      next = await db.transaction(async (trx) => {
        const failed = await advance(trx, order, 'voiding', { step: 'failed' });
        if (failed) {
          await publish(trx, 'esim', {
            type: 'esim.order.failed',
            aggregateId: order.id,
            payload: { ...eventPayload(order, order.hold_id), reason: order.failure_code ?? 'esim_provider_failed' },
          });
        }
        return failed;
      });
      break;
    }
    default:
      return order;
  }
  // Someone else (the recovery loop, a concurrent retry) moved it first: read where it is now.
  return next ?? (await loadOrder(db, order.id))!;
}

async function availableOf(ctx: EsimContext, userId: string, requestId?: string): Promise<string> {
  const answer = await ctx.balance.request<{ available_cents: number; available: string }>('GET', `/internal/users/${encodeURIComponent(userId)}/available`, { requestId });
  return answer.available;
}

/**
 * Drives an order until it is finished. A remote step that fails (a service down, a timeout)
 * leaves the order where it is and rethrows: the recovery loop takes it from there.
 */
export async function driveOrder(db: Knex, ctx: EsimContext, orderId: string, requestId?: string): Promise<OrderRow> {
  let order = (await loadOrder(db, orderId))!;
  for (let guard = 0; guard < 8 && !FINISHED.includes(order.step); guard += 1) {
    order = await step(db, ctx, order, requestId);
  }
  return order;
}
