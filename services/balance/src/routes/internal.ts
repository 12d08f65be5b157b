import { formatEuros, MAX_AMOUNT_CENTS } from '@esim/contracts';
import { notFound, ok, type CreatedServiceApp } from '@esim/platform';
import { z } from 'zod';
import { dealerBalances } from '../dealer-money/dealer-money';
import { accountsByKey, spendable } from '../ledger/accounts';
import { captureHold, createHold, getHold, voidHold } from '../ledger/holds';
import { refundCapturedHold } from '../ledger/refunds';
import { personId } from './schemas';

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
});

/**
 * Service-to-service routes (the platform requires the service credential on /internal/*):
 * the holds the order services take synchronously when an order is placed, and the dealer's
 * holdings the auth service asks about before deleting a dealer.
 */
export function internalRoutes(app: CreatedServiceApp): void {
  // Idempotent by order id: the same order asking again gets its hold back (200 instead of 201).
  // The answer is the hold's id, order, amount and status (GET /internal/holds/:id has the whole row):
  // a new hold is what was asked, pending, so it is not read back; a replay says where it is now.
  app.post('/internal/holds', { schema: { body: holdBody } }, async (request, reply) => {
    const { order_id: orderId, amount_cents: amountCents } = request.body;
    const { holdId, replayed } = await createHold(app.db, {
      orderId,
      userId: request.body.user_id,
      amountCents,
      reference: request.body.reference ?? null,
    });
    const status = replayed ? (await getHold(app.db, holdId))!.status : 'pending';
    return ok(reply, { id: holdId, order_id: orderId, amount_cents: amountCents, status }, 'hold_created', replayed ? 200 : 201);
  });

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
    const { transferId, replayed } = await refundCapturedHold(app.db, {
      orderId: request.body.order_id,
      refundKey: request.body.refund_key,
      amountCents: request.body.amount_cents,
      reason: request.body.reason,
      createdBy: 'service',
    });
    return ok(reply, { transfer_id: transferId, replayed }, 'refund_posted', replayed ? 200 : 201);
  });

  // What a user can spend now (balance − holds): the esim service names it when a purchase is refused.
  app.get('/internal/users/:id/available', { schema: { params: dealerParams } }, async (request, reply) => {
    const account = (await accountsByKey(app.db, [spendable(request.params.id).key])).get(spendable(request.params.id).key);
    const availableCents = account ? Math.max(0, Number(account.balance) - Number(account.held)) : 0;
    return ok(reply, { available_cents: availableCents, available: formatEuros(availableCents) });
  });

  app.get('/internal/dealers/:id/holdings', { schema: { params: dealerParams } }, async (request, reply) => {
    const [balance] = await dealerBalances(app.db, [request.params.id]);
    const { balance_cents: balanceCents, owed_cents: owed, held_cents: held } = balance!;
    // receivableCents is what the dealer owes (positive), like the admin screens show it.
    return ok(reply, { hasMoney: balanceCents !== 0 || owed !== 0 || held !== 0, balanceCents, receivableCents: owed, heldCents: held });
  });
}
