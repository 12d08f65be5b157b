import {
  internalHoldSchema,
  MAX_AMOUNT_CENTS,
  moneyHoldingsSchema,
  responds,
  type InternalHold,
} from '@esim/contracts';
import type { Knex } from 'knex';
import { notFound, ok, type CreatedServiceApp } from '@esim/platform';
import { z } from 'zod';
import { dealerBalances } from '../dealer-money/dealer-money';
import {
  availableOf,
  captureHold,
  createHold,
  creditLeftCents,
  getHold,
  spendingFigures,
  voidHold,
} from '../ledger/holds';
import { refundCapturedHold } from '../ledger/refunds';
import { claimForOrder } from '../payments/claims';
import { askProviderNow } from '../payments/card-refunds';
import { getPayment } from '../payments/payments';
import type { PaymentProviders } from '../payments/provider';
import { getParty, searchParties } from '../parties/parties';
import { paymentIdParams, personId } from '../schemas';

const holdBody = z.object({
  order_id: z.string().trim().min(1).max(100),
  user_id: personId,
  amount_cents: z.number().int().positive().max(MAX_AMOUNT_CENTS),
  reference: z.string().trim().max(200).nullish(),
});
const holdParams = z.object({ id: z.uuid() });
const dealerParams = z.object({ id: personId });
const refundBody = z.object({
  order_id: z.string().trim().min(1).max(100),
  refund_key: z.string().trim().min(1).max(200),
  amount_cents: z.number().int().positive().max(MAX_AMOUNT_CENTS),
  reason: z.string().trim().min(1).max(500),
  /** The card's part of it: goes on from the balance to the card the order's claimed payment was made with. */
  card: z.object({ payment_id: z.uuid(), amount_cents: z.number().int().positive().max(MAX_AMOUNT_CENTS) }).optional(),
});
const claimBody = z.object({
  order_id: z.string().trim().min(1).max(100),
  user_id: personId,
  total_cents: z.number().int().positive().max(MAX_AMOUNT_CENTS),
});
/** Most dealers one figures question may name (auth sorts at most this many by money). */
const DEALER_FIGURES_MAX = 20_000;
/** Most people one name search answers: a search that broad is refined, not paged. */
const ACCOUNT_SEARCH_MAX = 1000;
const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/**
 * A hold as the hold routes answer it: a new hold is what was asked, pending, so it is not read
 * back; a replay says where it is now (GET /internal/holds/:id has the whole row).
 */
async function holdAnswer(
  db: Knex,
  hold: { holdId: string; replayed: boolean; orderId: string; amountCents: number },
): Promise<InternalHold> {
  const status = hold.replayed ? (await getHold(db, hold.holdId))!.status : 'pending';
  return { id: hold.holdId, order_id: hold.orderId, amount_cents: hold.amountCents, status };
}

/**
 * Service-to-service routes (the platform requires the service credential on /internal/*):
 * the holds the order services take synchronously when an order is placed, and the dealer's
 * holdings the auth service asks about before deleting a dealer.
 */
export function internalRoutes(app: CreatedServiceApp, payments: PaymentProviders): void {
  // Idempotent by order id: the same order asking again gets its hold back (200 instead of 201).
  app.post(
    '/internal/holds',
    {
      schema: {
        body: holdBody,
        response: { ...responds(200, internalHoldSchema), ...responds(201, internalHoldSchema) },
      },
    },
    async (request, reply) => {
      const { order_id: orderId, amount_cents: amountCents } = request.body;
      const { holdId, replayed } = await createHold(app.db, {
        orderId,
        userId: request.body.user_id,
        amountCents,
        reference: request.body.reference ?? null,
      });
      return ok(
        reply,
        await holdAnswer(app.db, { holdId, replayed, orderId, amountCents }),
        'hold_created',
        replayed ? 200 : 201,
      );
    },
  );

  app.get('/internal/holds/:id', { schema: { params: holdParams } }, async (request, reply) => {
    const hold = await getHold(app.db, request.params.id);
    if (!hold) throw notFound('hold_not_found');
    return ok(reply, hold);
  });

  app.post('/internal/holds/:id/capture', { schema: { params: holdParams } }, async (request, reply) => {
    await captureHold(app.db, request.params.id, { createdBy: 'service' });
    return ok(reply, await getHold(app.db, request.params.id), 'hold_captured');
  });

  app.post('/internal/holds/:id/void', { schema: { params: holdParams } }, async (request, reply) => {
    await voidHold(app.db, request.params.id, { createdBy: 'service' });
    return ok(reply, await getHold(app.db, request.params.id), 'hold_voided');
  });

  // A refund of (part of) a captured order, e.g. one eSIM of an order: idempotent by refund_key.
  app.post('/internal/refunds', { schema: { body: refundBody } }, async (request, reply) => {
    const { transferId, replayed, cardRefund } = await refundCapturedHold(app.db, {
      orderId: request.body.order_id,
      refundKey: request.body.refund_key,
      amountCents: request.body.amount_cents,
      reason: request.body.reason,
      createdBy: 'service',
      card: request.body.card
        ? { paymentId: request.body.card.payment_id, amountCents: request.body.card.amount_cents }
        : undefined,
    });
    // The provider is asked after the answer: the refund is booked, and the loop asks if this process cannot.
    if (cardRefund?.status === 'pending')
      setImmediate(() => void askProviderNow(app.db, payments, cardRefund.id, app.log).catch(() => undefined));
    return ok(
      reply,
      { transfer_id: transferId, replayed, card_refund_id: cardRefund?.id ?? null },
      'refund_posted',
      replayed ? 200 : 201,
    );
  });

  // What a user can spend now (balance − holds), and any credit left: esim and physical-sim name them when a purchase is refused.
  app.get('/internal/users/:id/available', { schema: { params: dealerParams } }, async (request, reply) =>
    ok(reply, {
      available_cents: Math.max(0, await availableOf(app.db, request.params.id)),
      ...(await spendingFigures(app.db, request.params.id)),
    }),
  );

  app.get(
    '/internal/dealers/:id/holdings',
    { schema: { params: dealerParams, response: responds(200, moneyHoldingsSchema) } },
    async (request, reply) => {
      const [balance] = await dealerBalances(app.db, [request.params.id]);
      const { balance_cents: balanceCents, owed_cents: owed, held_cents: held } = balance!;
      // receivableCents is what the dealer owes (positive), like the admin screens show it.
      return ok(reply, {
        hasMoney: balanceCents !== 0 || owed !== 0 || held !== 0,
        balanceCents,
        receivableCents: owed,
        heldCents: held,
      });
    },
  );

  // The auth service sorts its dealer list by balance or debt over every page: it filters, this service ranks.
  app.post(
    '/internal/dealers/figures',
    {
      schema: {
        body: z.object({ ids: z.array(personId).max(DEALER_FIGURES_MAX) }),
        response: responds(
          200,
          z.array(z.object({ dealer_id: z.string(), balance_cents: z.number().int(), owed_cents: z.number().int() })),
        ),
      },
    },
    async (request, reply) => {
      const figures = await dealerBalances(app.db, request.body.ids);
      return ok(
        reply,
        figures.map(({ dealer_id, balance_cents, owed_cents }) => ({ dealer_id, balance_cents, owed_cents })),
      );
    },
  );

  // The esim service finds orders by their buyer's name or e-mail: it keeps ids only, this service keeps people.
  app.get(
    '/internal/accounts/search',
    {
      schema: {
        querystring: z.object({ q: z.string().trim().min(1).max(100) }),
        response: responds(200, z.array(z.string())),
      },
    },
    async (request, reply) => ok(reply, await searchParties(app.db, request.query.q, ACCOUNT_SEARCH_MAX)),
  );

  // The esim service reads a buyer's checkout payment before it places the order the payment is for.
  const internalPayment = z.object({
    id: z.string(),
    user_id: z.string(),
    status: z.string(),
    purpose: z.enum(['deposit', 'order']),
    amount_cents: z.number().int(),
    order_id: z.string().nullable(),
    provider_payment_id: z.string().nullable(),
    agreement_version: z.string().nullable(),
    agreement_accepted_at: z.string().nullable(),
  });
  const paymentAnswer = (row: PaymentRowLike) => ({
    id: row.id,
    user_id: row.user_id,
    status: row.status,
    purpose: row.purpose,
    amount_cents: Number(row.amount),
    order_id: row.order_id,
    provider_payment_id: row.provider_payment_id,
    agreement_version: row.agreement_version,
    agreement_accepted_at: iso(row.agreement_accepted_at),
  });
  app.get(
    '/internal/payments/:id',
    { schema: { params: paymentIdParams, response: responds(200, internalPayment) } },
    async (request, reply) => {
      const row = await getPayment(app.db, request.params.id);
      if (!row) throw notFound('payment_not_found');
      return ok(reply, paymentAnswer(row));
    },
  );

  // One payment pays one order: the order claims it before its hold is taken (payments/claims.ts).
  app.post(
    '/internal/payments/:id/claim',
    {
      schema: {
        params: paymentIdParams,
        body: claimBody,
        response: responds(200, internalPayment.extend({ card_cents: z.number().int() })),
      },
    },
    async (request, reply) => {
      const { payment, cardCents } = await claimForOrder(app.db, {
        paymentId: request.params.id,
        orderId: request.body.order_id,
        userId: request.body.user_id,
        totalCents: request.body.total_cents,
      });
      return ok(reply, { ...paymentAnswer(payment), card_cents: cardCents }, 'payment_claimed');
    },
  );

  // Who is buying and what they may spend: the esim service fills in the distance-sale documents with it.
  app.get('/internal/users/:id/buyer', { schema: { params: dealerParams } }, async (request, reply) => {
    const party = await getParty(app.db, request.params.id);
    const credit = await creditLeftCents(app.db, request.params.id);
    return ok(reply, {
      full_name: party?.full_name || party?.company_name || null,
      email: party?.email ?? null,
      available_cents: await availableOf(app.db, request.params.id),
      credit_left_cents: credit,
    });
  });
}

type PaymentRowLike = Awaited<ReturnType<typeof getPayment>> & object;
