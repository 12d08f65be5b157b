import { responds, respondsList, statusFilter, topUpSchema } from '@esim/contracts';
import { listQuery, ok, okList, toListQuery, type CreatedServiceApp } from '@esim/platform';
import { z } from 'zod';
import { confirmTopUp, listTopUps, rejectTopUp } from '../top-ups/top-ups';

const topUpsQuery = listQuery({ status: statusFilter(['pending', 'confirmed', 'rejected']) });
const idParams = z.object({ id: z.uuid() });
const rejectBody = z.object({ reason: z.string().trim().max(500).nullish() }).nullish();

/** The admin's side of bank-transfer top-ups: see what is pending, confirm the money arrived, or reject. */
export function adminTopUpRoutes(app: CreatedServiceApp): void {
  app.get('/admin/top-ups', { schema: { tags: ['admin'], querystring: topUpsQuery, response: respondsList(topUpSchema) } }, async (request, reply) => {
    const query = toListQuery(request.query);
    const { items, total } = await listTopUps(app.db, query, { status: query.status });
    return okList(reply, items, total, query, 'top-ups');
  });

  // Idempotent by the top-up itself: confirming twice moves the money once and answers the same.
  app.post('/admin/top-ups/:id/confirm', { schema: { tags: ['admin'], params: idParams, response: responds(200, topUpSchema) } }, async (request, reply) => {
    const { topUp, replayed } = await confirmTopUp(app.db, request.params.id, request.user!.id);
    if (replayed) reply.header('idempotent-replayed', 'true');
    return ok(reply, topUp, 'top_up_confirmed');
  });

  app.post('/admin/top-ups/:id/reject', { schema: { tags: ['admin'], params: idParams, body: rejectBody, response: responds(200, topUpSchema) } }, async (request, reply) => {
    const { topUp, replayed } = await rejectTopUp(app.db, request.params.id, request.user!.id, request.body?.reason ?? null);
    if (replayed) reply.header('idempotent-replayed', 'true');
    return ok(reply, topUp, 'top_up_rejected');
  });
}
