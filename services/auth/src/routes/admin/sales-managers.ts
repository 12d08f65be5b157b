import { createdAccount, respondsList, responds, salesManagerSchema, statusFilter } from '@esim/contracts';
import { listQuery, okList, toListQuery } from '@esim/platform';
import { z } from 'zod';
import { clearable, emailField, optionalPasswordField, personNameField, phoneField, regionField } from '../../schemas';
import { metaOf, type AuthApp, type AuthContext } from '../../context';
import { createSalesManager, listSalesManagers } from '../../sales-managers/sales-managers';
import { createWithInvitation, okCreated } from '../../accounts/creation';

const createBody = z.object({
  full_name: personNameField,
  email: emailField,
  password: optionalPasswordField,
  phone: clearable(phoneField),
  region: clearable(regionField),
});

const salesManagersQuery = listQuery({ status: statusFilter(['active', 'suspended']) }, { id: z.uuid() });

/** Admin: list and create sales managers. */
export function salesManagerAccountRoutes(app: AuthApp, ctx: AuthContext): void {
  app.get(
    '/admin/sales-managers',
    {
      schema: {
        tags: ['sales-managers'],
        summary: 'Sales managers with their dealer count',
        querystring: salesManagersQuery,
        response: respondsList(salesManagerSchema),
      },
    },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const { items, total } = await listSalesManagers(app.db, query);
      return okList(reply, items, total, query, 'sales-managers');
    },
  );

  app.post(
    '/admin/sales-managers',
    {
      schema: {
        tags: ['sales-managers'],
        summary: 'Create a sales manager (password, or an emailed set-password link)',
        body: createBody,
        response: responds(201, createdAccount(salesManagerSchema)),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const created = await createWithInvitation(app, ctx, request, reply, {
        scope: 'admin-sales-managers',
        password: body.password,
        create: (trx, passwordHash) =>
          createSalesManager(
            trx,
            { email: body.email, fullName: body.full_name, passwordHash, phone: body.phone, region: body.region },
            metaOf(request),
          ),
      });
      return okCreated(reply, created, 'sales_manager_created');
    },
  );
}
