import {
  centsToEuros,
  dealerBalanceSchema,
  dealerCreditLimitResultSchema,
  dealerMoneyResultSchema,
  nonNegativeEuroAmount,
  positiveEuroAmount,
  responds,
  respondsList,
  transactionSchema,
  USER_TYPE,
} from '@esim/contracts';
import { describeAudit, idempotentReply, ok, okList, toListQuery, type CreatedServiceApp } from '@esim/platform';
import type { BalanceContext } from '../../context';
import { assertAccountKind } from '../../clients/auth';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { setCreditLimit } from '../../dealer-money/credit';
import { dealerBalances, loadOnCredit, recordCashPayment } from '../../dealer-money/dealer-money';
import { userTransactions } from '../../transactions/transactions';
import { idempotencyHeaders, idsParam, note, personId, transactionsQuery } from '../../schemas';

const loadBody = z.object({ dealer_id: personId, amount: positiveEuroAmount, note });
const cashBody = z.object({ dealer_id: personId, amount: positiveEuroAmount, note, load: z.boolean().default(false) });
const balancesQuery = z.object({ ids: idsParam });
const dealerParams = z.object({ id: personId });
const creditLimitBody = z.object({ credit_limit: nonNegativeEuroAmount, note });

/** The admin's dealer money: balance on credit, cash payments, and the figures beside the dealer list. */
export function dealerRoutes(app: CreatedServiceApp, ctx: BalanceContext): void {
  /** Money only for a dealer that exists: asked of auth when the local copy has not heard of the id. */
  // The audit entry names the dealer and the amount, so it reads as a sentence.
  const assertDealerExists = async (request: FastifyRequest<{ Body: { dealer_id: string; amount: number } }>) => {
    const { name } = await assertAccountKind(app.db, ctx.accounts, {
      id: request.body.dealer_id,
      kind: 'dealer',
      field: 'dealer_id',
      locale: request.locale,
      requestId: String(request.id),
    });
    describeAudit(request, { targetId: request.body.dealer_id, targetName: name, amountCents: request.body.amount });
  };

  // The limit is set, not added to: the same value again changes nothing; the key replays the first answer (its before → after).
  app.put(
    '/admin/dealers/:id/credit-limit',
    {
      schema: {
        tags: ['admin'],
        params: dealerParams,
        body: creditLimitBody,
        headers: idempotencyHeaders,
        response: responds(200, dealerCreditLimitResultSchema),
      },
    },
    async (request, reply) => {
      const dealerId = request.params.id;
      const { name } = await assertAccountKind(app.db, ctx.accounts, {
        id: dealerId,
        kind: 'dealer',
        field: 'id',
        locale: request.locale,
        requestId: String(request.id),
      });
      describeAudit(request, { targetId: dealerId, targetName: name, amountCents: request.body.credit_limit });
      return idempotentReply(
        app.db,
        request,
        reply,
        { scope: 'dealer-credit-limit', code: 'credit_limit_set' },
        async (trx) => {
          const { previous_cents: previous } = await setCreditLimit(trx, {
            dealerId,
            limitCents: request.body.credit_limit,
            note: request.body.note,
            actorId: request.user!.id,
          });
          const [figures] = await dealerBalances(trx, [dealerId]);
          return { ...figures!, previous_credit_limit: centsToEuros(previous), previous_credit_limit_cents: previous };
        },
      );
    },
  );

  // One dealer's movements of its spendable balance, as the dealer's own transactions list shows them.
  app.get(
    '/admin/dealers/:id/transactions',
    {
      schema: {
        tags: ['admin'],
        params: dealerParams,
        querystring: transactionsQuery,
        response: respondsList(transactionSchema),
      },
    },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const filter = {
        startDate: query.startDate,
        endDate: query.endDate,
        type: query.filters.type,
        ids: query.ids,
        search: query.search,
      };
      const { items, total } = await userTransactions(app.db, request.params.id, query, filter, request.locale);
      return okList(reply, items, total, query, 'transactions');
    },
  );

  app.post(
    '/admin/dealers/balance',
    {
      schema: {
        tags: ['admin'],
        body: loadBody,
        headers: idempotencyHeaders,
        response: responds(200, dealerMoneyResultSchema),
      },
    },
    async (request, reply) => {
      await assertDealerExists(request);
      return idempotentReply(
        app.db,
        request,
        reply,
        { scope: 'dealer-credit-load', code: 'balance_loaded' },
        (trx, key) =>
          loadOnCredit(trx, {
            dealerId: request.body.dealer_id,
            amountCents: request.body.amount,
            note: request.body.note,
            actorId: request.user!.id,
            idempotencyKey: key,
          }),
      );
    },
  );

  app.post(
    '/admin/dealers/cash-balance',
    {
      schema: {
        tags: ['admin'],
        body: cashBody,
        headers: idempotencyHeaders,
        response: responds(200, dealerMoneyResultSchema),
      },
    },
    async (request, reply) => {
      await assertDealerExists(request);
      return idempotentReply(
        app.db,
        request,
        reply,
        { scope: 'dealer-cash', code: request.body.load ? 'cash_balance_loaded' : 'cash_payment_recorded' },
        (trx, key) =>
          recordCashPayment(trx, {
            dealerId: request.body.dealer_id,
            amountCents: request.body.amount,
            note: request.body.note,
            load: request.body.load,
            actorId: request.user!.id,
            idempotencyKey: key,
          }),
      );
    },
  );

  app.get(
    '/admin/dealers/balances',
    { schema: { tags: ['admin'], querystring: balancesQuery, response: responds(200, z.array(dealerBalanceSchema)) } },
    async (request, reply) => {
      // Without ids: every dealer this service knows of (from auth events).
      const ids =
        request.query.ids ??
        ((await app
          .db('parties')
          .where({ user_type: USER_TYPE.dealer })
          .whereNull('deleted_at')
          .orderBy('id')
          .limit(1000)
          .pluck('id')) as string[]);
      return ok(reply, await dealerBalances(app.db, ids));
    },
  );
}
