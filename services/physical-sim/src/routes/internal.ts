import { responds, stockHoldingsSchema } from '@esim/contracts';
import { ok, type CreatedServiceApp } from '@esim/platform';
import { z } from 'zod';
import { dealerHoldings } from '../cards/dealer-cards';
import { userId } from '../schemas';

/** Service-to-service: auth asks before deleting a dealer whether they still hold cards. */
export function internalRoutes(app: CreatedServiceApp): void {
  app.get(
    '/internal/dealers/:id/holdings',
    { schema: { params: z.object({ id: userId }), response: responds(200, stockHoldingsSchema) } },
    async (request, reply) => {
      return ok(reply, await dealerHoldings(app.db, request.params.id));
    },
  );
}
