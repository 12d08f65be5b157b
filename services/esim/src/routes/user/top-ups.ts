import { z } from 'zod';
import { markReplayed, ok, requestKeyOf, type CreatedServiceApp } from '@esim/platform';
import { esimTopUpBody, esimTopUpOfferSchema, esimTopUpSchema, responds } from '@esim/contracts';
import { callerOf } from '../../caller';
import type { EsimContext } from '../../context';
import { refuseSalesUntilOpen } from '../../orders/open-for-sales';
import { ESIM_REF } from '../../orders/queries';
import { loadOrder } from '../../orders/saga';
import { topUp, topUpOffer, topUpOutcome, topUpView } from '../../top-ups/top-up';

// The contract's body, with the catalog's id format checked here so a bad id is a 400 naming the field.
const body = esimTopUpBody
  .extend({ package_id: z.uuid() })
  .meta({ example: { package_id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d' } });
const params = z.object({ id: z.string().trim().regex(ESIM_REF, { message: 'esim_ref_invalid' }) });

/** The owner's top-ups of an installed eSIM (by its id or ICCID). */
export function topUpRoutes(app: CreatedServiceApp, ctx: EsimContext): void {
  app.get(
    '/user/esim/:id/top-ups',
    {
      schema: {
        tags: ['esim'],
        summary: 'The packages an eSIM can be topped up with, and its bundles',
        params,
        response: responds(200, esimTopUpOfferSchema),
      },
    },
    async (request, reply) =>
      ok(reply, await topUpOffer(app.db, ctx, callerOf(request), request.params.id), 'esim_top_up_offers'),
  );

  app.post(
    '/user/esim/:id/top-ups',
    {
      schema: {
        tags: ['esim'],
        summary: 'Top up an installed eSIM: more data and validity on the same ICCID (Idempotency-Key required)',
        params,
        body,
        response: { ...responds(201, esimTopUpSchema), ...responds(202, esimTopUpSchema) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      await refuseSalesUntilOpen(ctx, caller.requestId);
      const { order, profile, replayed } = await topUp(app.db, ctx, caller, {
        requestKey: requestKeyOf(request),
        ref: request.params.id,
        packageId: request.body.package_id,
        agreement: request.body.agreement,
      });
      if (replayed) markReplayed(reply);
      const outcome = topUpOutcome(order);
      const own = (await loadOrder(app.db, profile.order_id!))!;
      return ok(reply, topUpView(order, profile, own, request.locale), outcome.code, outcome.status);
    },
  );
}
