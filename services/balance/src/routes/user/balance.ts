import {
  bankTransferOptionsSchema,
  centsToEuros,
  formatEuros,
  positiveEuroAmount,
  responds,
  respondsList,
  statusFilter,
  depositCreatedSchema,
  depositSchema,
  transactionSchema,
  userBalanceSchema,
  userDashboardSchema,
  userSpendQuerySchema,
  userSpendSchema,
  type Locale,
} from '@esim/contracts';
import {
  AppError,
  conflict,
  idempotentReply,
  istanbulDate,
  listQuery,
  ok,
  okList,
  toListQuery,
  type AuthUser,
  type CreatedServiceApp,
} from '@esim/platform';
import { z } from 'zod';
import { bankForCustomers, readShopSettings } from '../../settings/shop-settings';
import { createDeposit, listDeposits, depositAmountError } from '../../deposits/deposits';
import { userBalance, userDashboard, userSpend, userTransactions } from '../../transactions/transactions';
import type { BalanceContext } from '../../context';
import { idempotencyHeaders, transactionsQuery } from '../../schemas';
import { withOldPath } from '../old-paths';

const depositBody = z.object({
  amount: positiveEuroAmount,
  method: z.enum(['bank_transfer', 'card']).default('bank_transfer'),
});
const depositsQuery = listQuery({ status: statusFilter(['pending', 'confirmed', 'rejected', 'expired']) });

/** The spend chart's default period: 30 days. */
const SPEND_DEFAULT_DAYS = 30;
const shiftDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The caller's own money: balance, adding balance, transactions, dashboard (customers and admins; never sales managers). */
export function balanceRoutes(app: CreatedServiceApp, ctx: BalanceContext): void {
  app.get(
    '/user/balance',
    {
      schema: {
        tags: ['user'],
        response: responds(
          200,
          userBalanceSchema.meta({
            example: {
              balance: 120,
              balance_cents: 12000,
              available: 100.5,
              available_cents: 10050,
              held_cents: 1950,
              credit_available_cents: 50000,
              currency: 'EUR',
            },
          }),
        ),
      },
    },
    async (request, reply) => ok(reply, await userBalance(app.db, request.user!.id)),
  );

  app.post(
    '/user/balance/add',
    {
      schema: {
        tags: ['user'],
        body: depositBody,
        headers: idempotencyHeaders,
        response: responds(201, depositCreatedSchema),
      },
    },
    async (request, reply) =>
      idempotentReply(
        app.db,
        request,
        reply,
        // The scope keeps the name keys were stored under before, so a retry across a release still replays.
        { scope: 'user-top-up', code: 'deposit_created', status: 201 },
        async (trx) => {
          // Card deposits start at POST /user/payments/card, which sends the buyer to the card page.
          if (request.body.method === 'card') throw new AppError(422, 'payment_method_unavailable');
          const settings = await readShopSettings(trx, ctx.shop);
          const bank = bankForCustomers(settings);
          // A request nobody can pay (the shop's account not set in production) is not taken.
          if (!bank) throw conflict('bank_details_not_set');
          if (request.body.amount > settings.depositMaxCents)
            throw depositAmountError(422, 'deposit_too_large', { max: formatEuros(settings.depositMaxCents) });
          const deposit = await createDeposit(trx, {
            userId: request.user!.id,
            amountCents: request.body.amount,
            method: request.body.method,
          });
          return { ...deposit, bank };
        },
      ),
  );

  // What the bank-transfer form shows before a request: the shop's account (none while it is not set) and the most one request may ask.
  app.get(
    '/user/balance/bank-transfer',
    { schema: { tags: ['user'], response: responds(200, bankTransferOptionsSchema) } },
    async (_request, reply) => {
      const settings = await readShopSettings(app.db, ctx.shop);
      return ok(reply, {
        bank: bankForCustomers(settings),
        max: centsToEuros(settings.depositMaxCents),
        max_cents: settings.depositMaxCents,
      });
    },
  );

  for (const { path, deprecated } of withOldPath('/user/balance/deposits', '/user/balance/top-ups')) {
    app.get(
      path,
      { schema: { ...deprecated, tags: ['user'], querystring: depositsQuery, response: respondsList(depositSchema) } },
      async (request, reply) => {
        const query = toListQuery(request.query);
        const { items, total } = await listDeposits(app.db, query, { userId: request.user!.id, status: query.status });
        return okList(reply, items, total, query, 'deposits');
      },
    );
  }

  app.get(
    '/user/balance/spend',
    { schema: { tags: ['user'], querystring: userSpendQuerySchema, response: responds(200, userSpendSchema) } },
    async (request, reply) => {
      // A missing end is 30 days on from the start (today without either); a missing start, 30 days back from the end.
      const { start_date: start, end_date: end } = request.query;
      const last = end ?? (start ? shiftDays(start, SPEND_DEFAULT_DAYS - 1) : istanbulDate());
      return ok(
        reply,
        await userSpend(app.db, request.user!.id, {
          start: start ?? shiftDays(last, -(SPEND_DEFAULT_DAYS - 1)),
          end: last,
        }),
      );
    },
  );

  // One list behind both paths: a script or the storefront calls /query with filters, react-admin the plain one.
  const transactions = async (request: {
    query: z.output<typeof transactionsQuery>;
    user: AuthUser | null;
    locale: Locale;
  }) => {
    const query = toListQuery(request.query);
    const filter = {
      startDate: query.startDate,
      endDate: query.endDate,
      type: query.filters.type,
      ids: query.ids,
      search: query.search,
    };
    return { query, ...(await userTransactions(app.db, request.user!.id, query, filter, request.locale)) };
  };
  app.get(
    '/user/transactions',
    { schema: { tags: ['user'], querystring: transactionsQuery, response: respondsList(transactionSchema) } },
    async (request, reply) => {
      const { query, items, total } = await transactions(request);
      return okList(reply, items, total, query, 'transactions');
    },
  );
  app.get(
    '/user/transactions/query',
    { schema: { tags: ['user'], querystring: transactionsQuery, response: respondsList(transactionSchema) } },
    async (request, reply) => {
      const { query, items, total } = await transactions(request);
      return okList(reply, items, total, query, 'transactions');
    },
  );

  app.get(
    '/user/dashboard',
    { schema: { tags: ['user'], response: responds(200, userDashboardSchema) } },
    async (request, reply) => ok(reply, await userDashboard(app.db, request.user!.id, request.locale)),
  );
}
