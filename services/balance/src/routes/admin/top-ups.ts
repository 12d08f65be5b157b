import { adminSalesSchema, adminTopUpSchema, responds, respondsList, statusFilter, topUpSchema } from '@esim/contracts';
import { listQuery, ok, okList, toListQuery, type CreatedServiceApp } from '@esim/platform';
import { z } from 'zod';
import { partiesByIds } from '../../parties/parties';
import { adminSales } from '../../sales/sales';
import { confirmTopUp, listTopUps, rejectTopUp } from '../../top-ups/top-ups';

const topUpsQuery = listQuery({ status: statusFilter(['pending', 'confirmed', 'rejected']) });
const idParams = z.object({ id: z.uuid() });
const rejectBody = z.object({ reason: z.string().trim().max(500).nullish() }).nullish();

/** The admin's side of bank-transfer top-ups (see what is pending, confirm the money arrived, or reject) and the home's sales figures. */
export function topUpRoutes(app: CreatedServiceApp): void {
  app.get(
    '/admin/top-ups',
    { schema: { tags: ['admin'], querystring: topUpsQuery, response: respondsList(adminTopUpSchema) } },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const { items, total } = await listTopUps(app.db, query, { status: query.status });
      // Who asked: the balance service's own copy of people (from auth events), so the admin need not look each one up.
      const people = await partiesByIds(
        app.db,
        items.map((item) => item.user_id),
      );
      const named = items.map((item) => {
        const person = people.get(item.user_id);
        return {
          ...item,
          user_name: person?.company_name || person?.full_name || null,
          user_email: person?.email ?? null,
        };
      });
      return okList(reply, named, total, query, 'top-ups');
    },
  );

  app.get(
    '/admin/sales',
    { schema: { tags: ['admin'], response: responds(200, adminSalesSchema) } },
    async (_request, reply) => ok(reply, await adminSales(app.db)),
  );

  // Idempotent by the top-up itself: confirming twice moves the money once and answers the same.
  app.post(
    '/admin/top-ups/:id/confirm',
    { schema: { tags: ['admin'], params: idParams, response: responds(200, topUpSchema) } },
    async (request, reply) => {
      const { topUp, replayed } = await confirmTopUp(app.db, request.params.id, request.user!.id);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return ok(reply, topUp, 'top_up_confirmed');
    },
  );

  app.post(
    '/admin/top-ups/:id/reject',
    { schema: { tags: ['admin'], params: idParams, body: rejectBody, response: responds(200, topUpSchema) } },
    async (request, reply) => {
      const { topUp, replayed } = await rejectTopUp(
        app.db,
        request.params.id,
        request.user!.id,
        request.body?.reason ?? null,
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return ok(reply, topUp, 'top_up_rejected');
    },
  );
}
