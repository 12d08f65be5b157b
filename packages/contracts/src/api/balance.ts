import { z } from 'zod';

/**
 * The caller's balance (GET /user/balance): `balance` in euros as the spec's screen reads it
 * (`data.balance`), beside exact cents, what is available and what pending orders hold.
 */
export const userBalanceSchema = z.object({
  balance: z.number(),
  balance_cents: z.number().int(),
  available: z.number(),
  available_cents: z.number().int(),
  held_cents: z.number().int(),
  currency: z.literal('EUR'),
});
export type UserBalance = z.infer<typeof userBalanceSchema>;
