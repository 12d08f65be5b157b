import { dealerBalanceSchema, dealerMoneyResultSchema, positiveEuroAmount, responds, USER_TYPE, type Locale as BalanceLocale } from '@esim/contracts';
import { ok, type CreatedServiceApp } from '@esim/platform';
import type { BalanceContext } from '../context';
import { assertAccountKind } from '../parties/directory';
import { z } from 'zod';
import { dealerBalances, loadOnCredit, recordCashPayment } from '../dealer-money/dealer-money';
import { idempotentReply } from './respond';
import { idempotencyHeaders, idsParam, note, personId } from './schemas';

const loadBody = z.object({ dealer_id: personId, amount: positiveEuroAmount, note });
const cashBody = z.object({ dealer_id: personId, amount: positiveEuroAmount, note, load: z.boolean().default(false) });
const balancesQuery = z.object({ ids: idsParam });

/** The admin's dealer money: balance on credit, cash payments, and the figures beside the dealer list. */
export function adminDealerRoutes(app: CreatedServiceApp, ctx: BalanceContext): void {
  /** Money only for a dealer that exists: asked of auth when the local copy has not heard of the id. */
  const assertDealerExists = (request: { body: { dealer_id: string }; locale: BalanceLocale; id: unknown }) =>
    assertAccountKind(app.db, ctx.accounts, { id: request.body.dealer_id, kind: 'dealer', field: 'dealer_id', locale: request.locale, requestId: String(request.id) });

  app.post(
    '/admin/dealers/balance',
    { schema: { tags: ['admin'], body: loadBody, headers: idempotencyHeaders, response: responds(200, dealerMoneyResultSchema) } },
    async (request, reply) => {
      await assertDealerExists(request);
      return idempotentReply(app, request, reply, { scope: 'dealer-credit-load', code: 'balance_loaded' }, (trx, key) =>
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
    { schema: { tags: ['admin'], body: cashBody, headers: idempotencyHeaders, response: responds(200, dealerMoneyResultSchema) } },
    async (request, reply) => {
      await assertDealerExists(request);
      return idempotentReply(
        app,
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

  app.get('/admin/dealers/balances', { schema: { tags: ['admin'], querystring: balancesQuery, response: responds(200, z.array(dealerBalanceSchema)) } }, async (request, reply) => {
    // Without ids: every dealer this service knows of (from auth events).
    const ids =
      request.query.ids ??
      ((await app.db('parties').where({ user_type: USER_TYPE.dealer }).whereNull('deleted_at').orderBy('id').limit(1000).pluck('id')) as string[]);
    return ok(reply, await dealerBalances(app.db, ids));
  });
}
