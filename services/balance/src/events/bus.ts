import type { Knex } from 'knex';
import type { EventType } from '@esim/contracts';
import type { EventBatchHandler, EventBus, EventHandler } from '@esim/platform';
import {
  onDealerCreated,
  onDealerDeleted,
  onDealerStatusChanged,
  onDealerUpdated,
  onSalesManagerCreated,
  onSalesManagerUpdated,
  onUserRegistered,
} from './auth-people';
import { onEsimOrderFailed, onEsimOrdersCompleted } from './esim-orders';
import {
  onPhysicalSimOrderApproved,
  onPhysicalSimOrderPlaced,
  onPhysicalSimOrderRejected,
  onPhysicalSimReturnApproved,
} from './physical-sim-orders';

/**
 * Every handler by the event it handles. The bus delivers at least once and commits each handler's
 * effect with its inbox row in `trx`; every handler is also idempotent on its own, so a replay
 * changes nothing.
 */
export const BALANCE_HANDLERS: { [T in EventType]?: EventHandler<T> } = {
  'auth.user.registered': onUserRegistered,
  'auth.dealer.created': onDealerCreated,
  'auth.dealer.updated': onDealerUpdated,
  'auth.dealer.status-changed': onDealerStatusChanged,
  'auth.dealer.deleted': onDealerDeleted,
  'auth.sales-manager.created': onSalesManagerCreated,
  'auth.sales-manager.updated': onSalesManagerUpdated,
  'physical-sim.order.placed': onPhysicalSimOrderPlaced,
  'physical-sim.order.approved': onPhysicalSimOrderApproved,
  'physical-sim.order.rejected': onPhysicalSimOrderRejected,
  'physical-sim.return.approved': onPhysicalSimReturnApproved,
  'esim.order.failed': onEsimOrderFailed,
};

/** Handlers that take a run of consecutive events of their type at once (`db`: the service's pool, for cached lookups). */
export function balanceRunHandlers(db: Knex): { [T in EventType]?: EventBatchHandler<T> } {
  return { 'esim.order.completed': onEsimOrdersCompleted(db) };
}

export function registerBalanceHandlers(bus: EventBus, db: Knex): void {
  for (const [type, handler] of Object.entries(BALANCE_HANDLERS)) bus.on(type as EventType, handler as EventHandler);
  for (const [type, handler] of Object.entries(balanceRunHandlers(db)))
    bus.onBatch(type as EventType, handler as EventBatchHandler);
}
