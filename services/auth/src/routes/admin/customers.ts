import { customerSchema, responds, respondsList, statusFilter } from '@esim/contracts';
import { listQuery, ok, okList, toListQuery } from '@esim/platform';
import { z } from 'zod';
import type { AuthApp } from '../../context';
import { getCustomer, listCustomers } from '../../customers/customers';
import { idParams } from '../../schemas';

const customersQuery = listQuery({ status: statusFilter(['active', 'suspended']) }, { id: z.uuid() });

/** Admin: the retail customers of the public site (their orders and payments are the other services' lists, by user). */
export function customerRoutes(app: AuthApp): void {
  app.get(
    '/admin/customers',
    {
      schema: {
        tags: ['customers'],
        summary: 'Retail customers: search by name, e-mail or phone; status; sort and paging',
        querystring: customersQuery,
        response: respondsList(customerSchema),
      },
    },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const { items, total } = await listCustomers(app.db, query);
      return okList(reply, items, total, query, 'customers');
    },
  );

  app.get(
    '/admin/customers/:id',
    {
      schema: {
        tags: ['customers'],
        summary: 'One retail customer',
        params: idParams,
        response: responds(200, customerSchema),
      },
    },
    async (request, reply) => ok(reply, await getCustomer(app.db, request.params.id, request.locale)),
  );
}
