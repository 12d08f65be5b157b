import { z } from 'zod';
import { defineEvent } from './envelope';

/** Order events of the esim and physical-sim services (their issues fill in the producers). */
const orderPayload = z.object({
  orderId: z.string(),
  userId: z.string(),
  amountCents: z.number().int().nonnegative(),
  holdId: z.string().nullable(),
});

export const esimOrderCompleted = defineEvent('esim.order.completed', 1, orderPayload);
export const esimOrderFailed = defineEvent('esim.order.failed', 1, orderPayload.extend({ reason: z.string() }));
export const physicalSimOrderPlaced = defineEvent('physical-sim.order.placed', 1, orderPayload);
export const physicalSimOrderApproved = defineEvent('physical-sim.order.approved', 1, orderPayload);
export const physicalSimOrderRejected = defineEvent('physical-sim.order.rejected', 1, orderPayload.extend({ reason: z.string().nullable() }));
export const physicalSimReturnApproved = defineEvent(
  'physical-sim.return.approved',
  1,
  z.object({ returnId: z.string(), orderId: z.string().nullable(), userId: z.string(), refundCents: z.number().int().nonnegative() }),
);
export const physicalSimStockTransferred = defineEvent(
  'physical-sim.stock.transferred',
  1,
  z.object({ cardIds: z.array(z.string()), dealerId: z.string(), by: z.string() }),
);
export const physicalSimStockReturnedToAdmin = defineEvent(
  'physical-sim.stock.returned-to-admin',
  1,
  z.object({ cardIds: z.array(z.string()), dealerId: z.string(), by: z.string() }),
);

export const orderEvents = [
  esimOrderCompleted,
  esimOrderFailed,
  physicalSimOrderPlaced,
  physicalSimOrderApproved,
  physicalSimOrderRejected,
  physicalSimReturnApproved,
  physicalSimStockTransferred,
  physicalSimStockReturnedToAdmin,
] as const;
