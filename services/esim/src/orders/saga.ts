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

/** Moves the order from `from` to `to` (only if it is still at `from`); returns whether it moved. */
async function advance(db: Knex | Knex.Transaction, order: OrderRow, from: OrderStep, changes: Record<string, unknown>): Promise<boolean> {
  const moved = await db('orders')
    .where({ id: order.id, step: from })
    .update({ ...changes, attempts: 0, updated_at: db.fn.now() });
  return moved === 1;
}

const eventPayload = (order: OrderRow, holdId: string | null) => ({
  orderId: order.id,
  userId: order.user_id,
  amountCents: order.total_cents,
  holdId,
});

/** One step of one order. Returns the order as it is after the step. */
async function step(db: Knex, ctx: EsimContext, order: OrderRow, requestId?: string): Promise<OrderRow> {
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
          await db.transaction(async (trx) => {
            if (await advance(trx, order, 'placed', { step: 'failed', failure_code: 'insufficient_balance', failure_params: JSON.stringify({ available }) })) {
              await publish(trx, 'esim', { type: 'esim.order.failed', aggregateId: order.id, payload: { ...eventPayload(order, null), reason: 'insufficient_balance' } });
            }
          });
          break;
        }
        throw error;
      }
      await advance(db, order, 'placed', { step: 'held', hold_id: hold.id });
      break;
    }
    case 'held': {
      await db.transaction(async (trx) => {
        const locked = normalizeOrder(await trx('orders').where({ id: order.id }).forUpdate().first());
        if (locked.step !== 'held') return;
        const result = await ctx.provider.provision(trx, {
          orderId: order.id,
          userId: order.user_id,
          packageCode: order.package_code,
          quantity: order.quantity,
          dataTotalBytes: order.data_mb === null ? null : order.data_mb * MB,
        });
        if (result.ok) await advance(trx, locked, 'held', { step: 'provisioned' });
        else await advance(trx, locked, 'held', { step: 'voiding', failure_code: result.reason });
      });
      break;
    }
    case 'provisioned': {
      await ctx.balance.request('POST', `/internal/holds/${order.hold_id}/capture`, { requestId });
      await db.transaction(async (trx) => {
        if (await advance(trx, order, 'provisioned', { step: 'completed', completed_at: trx.fn.now() })) {
          await publish(trx, 'esim', { type: 'esim.order.completed', aggregateId: order.id, payload: eventPayload(order, order.hold_id) });
        }
      });
      break;
    }
    case 'voiding': {
      if (order.hold_id) await ctx.balance.request('POST', `/internal/holds/${order.hold_id}/void`, { requestId });
      await db.transaction(async (trx) => {
        if (await advance(trx, order, 'voiding', { step: 'failed' })) {
          await publish(trx, 'esim', {
            type: 'esim.order.failed',
            aggregateId: order.id,
            payload: { ...eventPayload(order, order.hold_id), reason: order.failure_code ?? 'esim_provider_failed' },
          });
        }
      });
      break;
    }
    default:
      return order;
  }
  return (await loadOrder(db, order.id))!;
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
