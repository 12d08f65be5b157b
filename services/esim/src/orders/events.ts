import type { PublishInput } from '@esim/platform';
import type { OrderRow } from '../rows';
import { planTitles } from './plan-title';

/** What every esim.order.* event says of its order. */
export const eventPayload = (order: OrderRow, holdId: string | null) => ({
  orderId: order.id,
  userId: order.user_id,
  amountCents: order.total_cents,
  holdId,
});

/**
 * The order has its eSIMs: the balance service captures its hold when it consumes this, and auth
 * invoices a dealer's own purchase from the sale's facts it carries.
 */
export function completedEvent(order: OrderRow): PublishInput<'esim.order.completed'> {
  return {
    type: 'esim.order.completed',
    aggregateId: order.id,
    payload: {
      ...eventPayload(order, order.hold_id),
      orderNumber: order.order_number,
      locale: order.locale === 'en' ? 'en' : 'tr',
      completedAt: new Date(order.completed_at ?? order.updated_at).toISOString(),
      packageCode: order.package_code,
      packageNameTr: order.package_name_tr,
      packageNameEn: order.package_name_en,
      ...planTitles(order),
      quantity: order.quantity,
      unitPriceCents: order.unit_price_cents,
      topUp: order.top_up_profile_id !== null,
    },
  };
}
