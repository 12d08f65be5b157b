import { z } from 'zod';
import { defineEvent } from './envelope';

/** Order events of the physical-sim service (the esim ones are in esim.ts). */
const orderPayload = z.object({
  orderId: z.string(),
  userId: z.string(),
  amountCents: z.number().int().nonnegative(),
  holdId: z.string().nullable(),
});

export const physicalSimOrderPlaced = defineEvent('physical-sim.order.placed', 1, orderPayload);
/** An approved order names what was sold, so its invoice has the package and quantity (older events have no `item`). */
export const physicalSimOrderApproved = defineEvent(
  'physical-sim.order.approved',
  1,
  orderPayload.extend({
    item: z
      .object({
        nameTr: z.string(),
        nameEn: z.string(),
        quantity: z.number().int().positive(),
        unitPriceCents: z.number().int().nonnegative(),
      })
      .optional(),
  }),
);
export const physicalSimOrderRejected = defineEvent(
  'physical-sim.order.rejected',
  1,
  orderPayload.extend({ reason: z.string().nullable() }),
);
export const physicalSimReturnApproved = defineEvent(
  'physical-sim.return.approved',
  1,
  z.object({
    returnId: z.string(),
    orderId: z.string().nullable(),
    userId: z.string(),
    refundCents: z.number().int().nonnegative(),
  }),
);
/** The admin refused a dealer's card return: nothing is refunded and the cards stay with the dealer (the dealer is mailed). */
export const physicalSimReturnRejected = defineEvent(
  'physical-sim.return.rejected',
  1,
  z.object({
    returnId: z.string(),
    userId: z.string(),
    cardCount: z.number().int().positive(),
    reason: z.string().nullable(),
  }),
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
  physicalSimOrderPlaced,
  physicalSimOrderApproved,
  physicalSimOrderRejected,
  physicalSimReturnApproved,
  physicalSimReturnRejected,
  physicalSimStockTransferred,
  physicalSimStockReturnedToAdmin,
] as const;
