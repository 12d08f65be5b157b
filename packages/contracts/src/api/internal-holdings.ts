import { z } from 'zod';

/**
 * What a dealer still holds elsewhere (`GET /internal/dealers/:id/holdings`), asked by auth before it
 * deletes a dealer: money in the balance service, SIM cards in physical-sim. One declaration each, so
 * the answers and their reader cannot drift.
 */
export const moneyHoldingsSchema = z.object({
  hasMoney: z.boolean(),
  balanceCents: z.number().int(),
  /** What the dealer owes (positive), as the admin screens show it. */
  receivableCents: z.number().int(),
  heldCents: z.number().int(),
});
export type MoneyHoldings = z.infer<typeof moneyHoldingsSchema>;

export const stockHoldingsSchema = z.object({
  hasStock: z.boolean(),
  cardCount: z.number().int(),
  /** Card orders awaiting the admin's approval. */
  pendingOrders: z.number().int(),
});
export type StockHoldings = z.infer<typeof stockHoldingsSchema>;
