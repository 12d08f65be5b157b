import {
  collectionReportSchema,
  collectionResultSchema,
  positiveEuroAmount,
  responds,
  salesManagerBalanceSchema,
} from '@esim/contracts';
import {
  describeAudit,
  forbidden,
  idempotentReply,
  istanbulDate,
  istanbulMonthStart,
  ok,
  type CreatedServiceApp,
} from '@esim/platform';
import { z } from 'zod';
import type { BalanceContext } from '../context';
import { collectFromDealer, collectionReport, salesManagerBalance } from '../collections/collections';
import { getParty, isDealer, partyName } from '../parties/parties';
import { idempotencyHeaders, isoDate, note, personId } from '../schemas';
import { collectInputOf } from './admin/collections';
import { answerStatement, dealerStatementParams, statementFormatQuery, statementResponses } from './user/statements';

const collectBody = z.object({ dealer_id: personId, amount: positiveEuroAmount, note });
const reportQuery = z
  .object({ start_date: isoDate.optional(), end_date: isoDate.optional() })
  .refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, {
    message: 'date_range_invalid',
    path: ['end_date'],
  });

/** A sales manager's cash: what they hold, collecting from their own dealers, the period's report, and their dealers' statements. */
export function salesManagerRoutes(app: CreatedServiceApp, ctx: BalanceContext): void {
  app.get(
    '/sales-manager/balance',
    { schema: { tags: ['sales-manager'], response: responds(200, salesManagerBalanceSchema) } },
    async (request, reply) => ok(reply, await salesManagerBalance(app.db, request.user!.id)),
  );

  app.post(
    '/sales-manager/collect',
    {
      schema: {
        tags: ['sales-manager'],
        body: collectBody,
        headers: idempotencyHeaders,
        response: responds(201, collectionResultSchema),
      },
    },
    async (request, reply) => {
      describeAudit(request, {
        targetId: request.body.dealer_id,
        targetName: await partyName(app.db, request.body.dealer_id),
        amountCents: request.body.amount,
      });
      return idempotentReply(
        app.db,
        request,
        reply,
        { scope: 'dealer-collection', code: 'collection_recorded', status: 201 },
        (trx, key) =>
          collectFromDealer(trx, {
            ...collectInputOf(request, key),
            salesManagerId: request.user!.id,
            dealerId: request.body.dealer_id,
          }),
      );
    },
  );

  app.get(
    '/sales-manager/collection-report',
    { schema: { tags: ['sales-manager'], querystring: reportQuery, response: responds(200, collectionReportSchema) } },
    async (request, reply) => {
      // Defaults: from the first of this month to today (or to the start, if that is later), Istanbul days.
      const today = istanbulDate();
      const start = request.query.start_date ?? istanbulMonthStart();
      const end = request.query.end_date ?? (start > today ? start : today);
      return ok(reply, await collectionReport(app.db, request.user!.id, { start, end }));
    },
  );

  app.get(
    '/sales-manager/dealers/:id/statements/:month',
    {
      schema: {
        tags: ['sales-manager'],
        params: dealerStatementParams,
        querystring: statementFormatQuery,
        response: statementResponses,
      },
    },
    async (request, reply) => {
      const dealer = await getParty(app.db, request.params.id);
      // Ownership comes from the dealer → sales-manager map kept from auth events.
      if (!dealer || dealer.deleted_at || !isDealer(dealer) || dealer.sales_manager_id !== request.user!.id)
        throw forbidden('dealer_not_yours');
      return answerStatement(app, ctx, request, reply, dealer.id, request.params.month, request.query.format);
    },
  );
}
