import { createdAccount, dealerSchema, responds, respondsList, statusFilter } from '@esim/contracts';
import { AppError, listQuery, ok, okList, toListQuery } from '@esim/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  accountStatusField,
  addressField,
  clearable,
  companyNameField,
  emailField,
  idParams,
  personNameField,
  phoneField,
  taxNumberField,
} from '../accounts/fields';
import type { AuthApp, AuthContext } from '../context';
import { applyDealerStatus, createDealer, getDealer, listDealers, softDeleteDealer, updateDealer, type NewDealer } from '../dealers/dealers';
import { fieldError } from '../field-error';
import { createWithInvitation, okCreated, optionalPasswordField } from './creation';
import { metaOf } from './request-meta';

const dealerFields = {
  full_name: personNameField,
  email: emailField,
  company_name: companyNameField,
  tax_number: clearable(taxNumberField),
  phone: clearable(phoneField),
  address: clearable(addressField),
};

const adminCreateBody = z.object({
  ...dealerFields,
  password: optionalPasswordField,
  sales_manager_id: z.uuid().nullable().optional(),
  status: accountStatusField.optional(),
});

const salesManagerCreateBody = z.object({
  ...dealerFields,
  password: optionalPasswordField,
  /** Accepted only as the caller's own id: a sales manager creates dealers for themself. */
  sales_manager_id: z.uuid().optional(),
});

/** The fields both create forms share; only who the dealer is assigned to differs. */
type DealerForm = Omit<z.output<typeof salesManagerCreateBody>, 'sales_manager_id'>;

const updateBody = z
  .object({
    full_name: personNameField.optional(),
    email: emailField.optional(),
    company_name: companyNameField.optional(),
    tax_number: clearable(taxNumberField),
    phone: clearable(phoneField),
    address: clearable(addressField),
    sales_manager_id: z.uuid().nullable().optional(),
    status: accountStatusField.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'nothing_to_update' });

const statusBody = z.object({ status: accountStatusField });

const accountStatuses = statusFilter(['active', 'suspended']);
const dealersQuery = listQuery({ sales_manager_id: z.uuid({ message: 'sales_manager_not_found' }), status: accountStatuses }, { id: z.uuid() });
/** A sales manager's own dealers: the same list without choosing the sales manager. */
const ownDealersQuery = listQuery({ status: accountStatuses }, { id: z.uuid() });

/** Admin dealer management and a sales manager's own dealers. */
export function registerDealerRoutes(app: AuthApp, ctx: AuthContext): void {
  app.get('/admin/dealers', { schema: { tags: ['dealers'], summary: 'Dealers: search, status, sort and paging', querystring: dealersQuery, response: respondsList(dealerSchema) } }, async (request, reply) => {
    const query = toListQuery(request.query);
    const { items, total } = await listDealers(app.db, query, { salesManagerId: query.filters.sales_manager_id });
    return okList(reply, items, total, query, 'dealers');
  });

  app.post('/admin/dealers', { schema: { tags: ['dealers'], summary: 'Create a dealer (password, or an emailed set-password link)', body: adminCreateBody, response: responds(201, createdAccount(dealerSchema)) } }, async (request, reply) => {
    const body = request.body;
    const assignment = { salesManagerId: body.sales_manager_id, status: body.status };
    return okCreated(reply, await createDealerFor(app, ctx, request, reply, { scope: 'admin-dealers', body, assignment }), 'dealer_created');
  });

  app.get('/admin/dealers/:id', { schema: { tags: ['dealers'], summary: 'One dealer', params: idParams, response: responds(200, dealerSchema) } }, async (request, reply) => {
    return ok(reply, await getDealer(app.db, request.params.id, request.locale));
  });

  app.put('/admin/dealers/:id', { schema: { tags: ['dealers'], summary: 'Update a dealer (fields present are changed)', params: idParams, body: updateBody, response: responds(200, dealerSchema) } }, async (request, reply) => {
    const dealer = await app.db.transaction((trx) => updateDealer(trx, app.redis, request.params.id, request.body, metaOf(request)));
    return ok(reply, dealer, 'dealer_updated');
  });

  app.put('/admin/dealers/:id/status', { schema: { tags: ['dealers'], summary: 'Activate or suspend a dealer', params: idParams, body: statusBody, response: responds(200, dealerSchema) } }, async (request, reply) => {
    const dealer = await app.db.transaction(async (trx) => {
      await trx('users').where({ id: request.params.id }).forUpdate().first('id');
      const current = await getDealer(trx, request.params.id, request.locale);
      return applyDealerStatus(trx, app.redis, current, request.body.status, metaOf(request));
    });
    return ok(reply, dealer, 'dealer_status_changed');
  });

  app.delete('/admin/dealers/:id', { schema: { tags: ['dealers'], summary: 'Delete a dealer holding no money and no stock', params: idParams, response: responds(200, dealerSchema) } }, async (request, reply) => {
    const dealer = await getDealer(app.db, request.params.id, request.locale);
    const holdings = await ctx.holdings.check(dealer.id, String(request.id));
    if (holdings.hasMoney || holdings.hasStock) throw new AppError(409, 'dealer_has_holdings');
    await app.db.transaction((trx) => softDeleteDealer(trx, app.redis, dealer, metaOf(request)));
    return ok(reply, dealer, 'dealer_deleted');
  });

  app.get('/sales-manager/dealers', { schema: { tags: ['dealers'], summary: "The calling sales manager's dealers", querystring: ownDealersQuery, response: respondsList(dealerSchema) } }, async (request, reply) => {
    const query = toListQuery(request.query);
    // Scoped by the caller, whatever the query asks: a sales manager sees only their own dealers.
    const { items, total } = await listDealers(app.db, query, { salesManagerId: request.user!.id });
    return okList(reply, items, total, query, 'dealers');
  });

  app.post('/sales-manager/dealers', { schema: { tags: ['dealers'], summary: 'Create a dealer assigned to the calling sales manager', body: salesManagerCreateBody, response: responds(201, createdAccount(dealerSchema)) } }, async (request, reply) => {
    const body = request.body;
    const self = request.user!.id;
    if (body.sales_manager_id && body.sales_manager_id !== self) {
      throw fieldError(403, 'sales_manager_mismatch', 'sales_manager_id', request.locale);
    }
    const assignment = { salesManagerId: self };
    return okCreated(reply, await createDealerFor(app, ctx, request, reply, { scope: 'sales-manager-dealers', body, assignment }), 'dealer_created');
  });
}

/**
 * Creates a dealer from either create form (admin or sales manager); the route decides who it is
 * assigned to and, for admins, its initial status.
 */
function createDealerFor(
  app: AuthApp,
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  { scope, body, assignment }: { scope: string; body: DealerForm; assignment: Pick<NewDealer, 'salesManagerId' | 'status'> },
) {
  return createWithInvitation(app, ctx, request, reply, {
    scope,
    password: body.password,
    create: (trx, passwordHash) =>
      createDealer(
        trx,
        {
          email: body.email,
          fullName: body.full_name,
          passwordHash,
          companyName: body.company_name,
          taxNumber: body.tax_number,
          phone: body.phone,
          address: body.address,
          ...assignment,
        },
        metaOf(request),
      ),
  });
}
