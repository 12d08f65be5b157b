import { countOf, ok, type CreatedServiceApp } from '@esim/platform';
import { z } from 'zod';
import { userId } from '../schemas';

/** Service-to-service: auth asks before deleting a dealer whether they still hold cards. */
export function internalRoutes(app: CreatedServiceApp): void {
  app.get(
    '/internal/dealers/:id/holdings',
    { schema: { params: z.object({ id: userId }) } },
    async (request, reply) => {
      const count = await countOf(app.db('cards').whereNull('deleted_at').where({ owner_user_id: request.params.id }));
      const pending = await countOf(app.db('orders').where({ user_id: request.params.id, status: 'pending' }));
      const cardCount = Number(count);
      return ok(reply, { hasStock: cardCount > 0 || Number(pending) > 0, cardCount, pendingOrders: Number(pending) });
    },
  );
}
