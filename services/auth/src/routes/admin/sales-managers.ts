import { createdAccount, respondsList, responds, salesManagerSchema, statusFilter } from '@esim/contracts';
import { describeAudit, listQuery, ok, okList, toListQuery } from '@esim/platform';
import { z } from 'zod';
import {
  clearable,
  dealerStatusBody,
  emailField,
  idParams,
  optionalPasswordField,
  personNameField,
  phoneField,
  regionField,
} from '../../schemas';
import { metaOf, type AuthApp, type AuthContext } from '../../context';
import {
  applySalesManagerStatus,
  createSalesManager,
  getSalesManager,
  listSalesManagers,
  updateSalesManager,
} from '../../sales-managers/sales-managers';
import { createFromRequest, okCreated } from '../account-creation';

const createBody = z.object({
  full_name: personNameField,
  email: emailField,
  password: optionalPasswordField,
  phone: clearable(phoneField),
  region: clearable(regionField),
});

const updateBody = z
  .object({
    full_name: personNameField.optional(),
    email: emailField.optional(),
    phone: clearable(phoneField),
    region: clearable(regionField),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'nothing_to_update' });

const salesManagersQuery = listQuery({ status: statusFilter(['active', 'suspended']) }, { id: z.uuid() });

/** Admin: list, create, read, edit, suspend and reactivate sales managers. */
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
      const created = await createFromRequest(app, ctx, request, reply, {
        scope: 'admin-sales-managers',
        password: body.password,
        create: (trx, passwordHash) =>
          createSalesManager(
            trx,
            { email: body.email, fullName: body.full_name, passwordHash, phone: body.phone, region: body.region },
            metaOf(request),
          ),
      });
      describeAudit(request, { targetId: created.record.id, targetName: created.record.full_name });
      return okCreated(reply, created, 'sales_manager_created');
    },
  );

  app.get(
    '/admin/sales-managers/:id',
    {
      schema: {
        tags: ['sales-managers'],
        summary: 'One sales manager',
        params: idParams,
        response: responds(200, salesManagerSchema),
      },
    },
    async (request, reply) => ok(reply, await getSalesManager(app.db, request.params.id, request.locale)),
  );

  app.put(
    '/admin/sales-managers/:id',
    {
      schema: {
        tags: ['sales-managers'],
        summary: 'Update a sales manager (fields present are changed)',
        params: idParams,
        body: updateBody,
        response: responds(200, salesManagerSchema),
      },
    },
    async (request, reply) => {
      const manager = await app.db.transaction((trx) =>
        updateSalesManager(trx, request.params.id, request.body, metaOf(request)),
      );
      describeAudit(request, { targetId: manager.id, targetName: manager.full_name });
      return ok(reply, manager, 'sales_manager_updated');
    },
  );

  app.put(
    '/admin/sales-managers/:id/status',
    {
      schema: {
        tags: ['sales-managers'],
        summary: 'Activate or suspend a sales manager (suspended: signed out and refused at sign-in)',
        params: idParams,
        body: dealerStatusBody,
        response: responds(200, salesManagerSchema),
      },
    },
    async (request, reply) => {
      const manager = await app.db.transaction(async (trx) => {
        await trx('users').where({ id: request.params.id }).forUpdate().first('id');
        const current = await getSalesManager(trx, request.params.id, request.locale);
        return applySalesManagerStatus(trx, app.redis, current, request.body.status, metaOf(request));
      });
      describeAudit(request, { targetId: manager.id, targetName: manager.full_name, detail: manager.status });
      return ok(reply, manager, 'sales_manager_status_changed');
    },
  );
}
