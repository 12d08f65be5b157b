import { createdAccount, dealerSchema, responds, respondsList } from '@esim/contracts';
import { fieldError, okList, toListQuery } from '@esim/platform';
import { okCreated } from './account-creation';
import type { AuthApp, AuthContext } from '../context';
import { listDealers } from '../dealers/dealers';
import { ownDealersQuery, salesManagerDealerBody } from '../schemas';
import { createDealerFor } from './admin/dealers';

/** A sales manager's own dealers: the list, and creating one assigned to themself. */
export function salesManagerRoutes(app: AuthApp, ctx: AuthContext): void {
  app.get(
    '/sales-manager/dealers',
    {
      schema: {
        tags: ['dealers'],
        summary: "The calling sales manager's dealers",
        querystring: ownDealersQuery,
        response: respondsList(dealerSchema),
      },
    },
    async (request, reply) => {
      const query = toListQuery(request.query);
      // Scoped by the caller, whatever the query asks: a sales manager sees only their own dealers.
      const { items, total } = await listDealers(app.db, query, { salesManagerId: request.user!.id });
      return okList(reply, items, total, query, 'dealers');
    },
  );

  app.post(
    '/sales-manager/dealers',
    {
      schema: {
        tags: ['dealers'],
        summary: 'Create a dealer assigned to the calling sales manager',
        body: salesManagerDealerBody,
        response: responds(201, createdAccount(dealerSchema)),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const self = request.user!.id;
      if (body.sales_manager_id && body.sales_manager_id !== self) {
        throw fieldError(403, 'sales_manager_mismatch', 'sales_manager_id', request.locale);
      }
      const assignment = { salesManagerId: self };
      return okCreated(
        reply,
        await createDealerFor(app, ctx, request, reply, { scope: 'sales-manager-dealers', body, assignment }),
        'dealer_created',
      );
    },
  );
}
