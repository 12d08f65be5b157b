import { createdAccount, dealerSchema, responds, respondsList } from '@esim/contracts';
import { AppError, describeAudit, ok, okList, toListQuery } from '@esim/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createFromRequest, okCreated } from '../account-creation';
import { metaOf, type AuthApp, type AuthContext } from '../../context';
import {
  applyDealerStatus,
  createDealer,
  getDealer,
  isMoneySort,
  listDealers,
  listDealersByMoney,
  softDeleteDealer,
  updateDealer,
  type NewDealer,
} from '../../dealers/dealers';
import {
  adminDealerBody,
  dealersQuery,
  dealerStatusBody,
  dealerUpdateBody,
  idParams,
  type DealerForm,
} from '../../schemas';

/** The admin's dealers: list, create, edit, suspend, delete. */
export function dealerRoutes(app: AuthApp, ctx: AuthContext): void {
  app.get(
    '/admin/dealers',
    {
      schema: {
        tags: ['dealers'],
        summary: 'Dealers: search, status, sales manager, sort (balance_cents and owed_cents too) and paging',
        querystring: dealersQuery,
        response: respondsList(dealerSchema),
      },
    },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const scope = { salesManagerId: query.filters.sales_manager_id };
      const sort = query.sort;
      const { items, total } =
        sort && isMoneySort(sort.field)
          ? await listDealersByMoney(
              app.db,
              { ...query, sort: { field: sort.field, order: sort.order } },
              scope,
              (ids) => ctx.dealerFigures.of(ids, String(request.id)),
            )
          : await listDealers(app.db, query, scope);
      return okList(reply, items, total, query, 'dealers');
    },
  );

  app.post(
    '/admin/dealers',
    {
      schema: {
        tags: ['dealers'],
        summary: 'Create a dealer (password, or an emailed set-password link)',
        body: adminDealerBody,
        response: responds(201, createdAccount(dealerSchema)),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const assignment = { salesManagerId: body.sales_manager_id, status: body.status };
      return okCreated(
        reply,
        await createDealerFor(app, ctx, request, reply, { scope: 'admin-dealers', body, assignment }),
        'dealer_created',
      );
    },
  );

  app.get(
    '/admin/dealers/:id',
    { schema: { tags: ['dealers'], summary: 'One dealer', params: idParams, response: responds(200, dealerSchema) } },
    async (request, reply) => {
      return ok(reply, await getDealer(app.db, request.params.id, request.locale));
    },
  );

  app.put(
    '/admin/dealers/:id',
    {
      schema: {
        tags: ['dealers'],
        summary: 'Update a dealer (fields present are changed)',
        params: idParams,
        body: dealerUpdateBody,
        response: responds(200, dealerSchema),
      },
    },
    async (request, reply) => {
      const dealer = await app.db.transaction((trx) =>
        updateDealer(trx, app.redis, request.params.id, request.body, metaOf(request)),
      );
      describeAudit(request, { targetId: dealer.id, targetName: dealer.company_name });
      return ok(reply, dealer, 'dealer_updated');
    },
  );

  app.put(
    '/admin/dealers/:id/status',
    {
      schema: {
        tags: ['dealers'],
        summary: 'Activate or suspend a dealer',
        params: idParams,
        body: dealerStatusBody,
        response: responds(200, dealerSchema),
      },
    },
    async (request, reply) => {
      const dealer = await app.db.transaction(async (trx) => {
        await trx('users').where({ id: request.params.id }).forUpdate().first('id');
        const current = await getDealer(trx, request.params.id, request.locale);
        return applyDealerStatus(trx, app.redis, current, request.body.status, metaOf(request));
      });
      describeAudit(request, { targetId: dealer.id, targetName: dealer.company_name, detail: dealer.status });
      return ok(reply, dealer, 'dealer_status_changed');
    },
  );

  app.delete(
    '/admin/dealers/:id',
    {
      schema: {
        tags: ['dealers'],
        summary: 'Delete a dealer holding no money and no stock',
        params: idParams,
        response: responds(200, dealerSchema),
      },
    },
    async (request, reply) => {
      const dealer = await getDealer(app.db, request.params.id, request.locale);
      describeAudit(request, { targetId: dealer.id, targetName: dealer.company_name });
      const holdings = await ctx.holdings.check(dealer.id, String(request.id));
      if (holdings.hasMoney || holdings.hasStock) throw new AppError(409, 'dealer_has_holdings');
      await app.db.transaction((trx) => softDeleteDealer(trx, app.redis, dealer, metaOf(request)));
      return ok(reply, dealer, 'dealer_deleted');
    },
  );
}

/**
 * Creates a dealer from either create form (admin or sales manager); the route decides who it is
 * assigned to and, for admins, its initial status. The audit entry names the new dealer.
 */
export async function createDealerFor(
  app: AuthApp,
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  {
    scope,
    body,
    assignment,
  }: { scope: string; body: DealerForm; assignment: Pick<NewDealer, 'salesManagerId' | 'status'> },
) {
  const created = await createFromRequest(app, ctx, request, reply, {
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
          taxOffice: body.tax_office,
          phone: body.phone,
          address: body.address,
          ...assignment,
        },
        metaOf(request),
      ),
  });
  describeAudit(request, { targetId: created.record.id, targetName: created.record.company_name });
  return created;
}
