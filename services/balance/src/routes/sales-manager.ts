import {
  collectionReportSchema,
  collectionResultSchema,
  positiveEuroAmount,
  responds,
  salesManagerBalanceSchema,
} from '@esim/contracts';
import { idempotentReply, istanbulDate, istanbulMonthStart, ok, type CreatedServiceApp } from '@esim/platform';
import { z } from 'zod';
import { collectFromDealer, collectionReport, salesManagerBalance } from '../collections/collections';
import { idempotencyHeaders, isoDate, note, personId } from '../schemas';
import { collectInputOf } from './admin/collections';

const collectBody = z.object({ dealer_id: personId, amount: positiveEuroAmount, note });
const reportQuery = z
  .object({ start_date: isoDate.optional(), end_date: isoDate.optional() })
  .refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, {
    message: 'date_range_invalid',
    path: ['end_date'],
  });

/** A sales manager's cash: what they hold, collecting from their own dealers, and the period's report. */
export function salesManagerRoutes(app: CreatedServiceApp): void {
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
    async (request, reply) =>
      idempotentReply(
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
      ),
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
}
