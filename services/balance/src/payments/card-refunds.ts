import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import { centsToEuros, translate, type CardRefund, type Locale } from '@esim/contracts';
import { AppError, conflict, notFound, retryDelayMs } from '@esim/platform';
import { company, openAndLock, spendable } from '../ledger/accounts';
import { availableOf } from '../ledger/holds';
import { postTransfer, reverseTransfer } from '../ledger/transfers';
import type { CardRefundKind, CardRefundRow, PaymentRefunds, PaymentRow } from './rows';
import { ProviderRefused, ProviderUnavailable, type RefundRequest } from './port';
import type { PaymentProviders } from './provider';

/**
 * Card money going back to the card it came from. Each refund is a row of its own, booked in the
 * ledger first (the buyer's balance → company:bank, in the transaction that decides it), then asked
 * of the payment's own provider once, outside any transaction; the provider keeps our refund id,
 * so an answer lost on the way is looked up before any second request. The rows of a payment never
 * add up to more than it charged:
 * - `order`: the card's share of a purchase that was refunded (at most what the card paid of that order);
 * - `unspent`: card deposit money still on the balance, asked back by its owner or an admin;
 * - `unbooked`: money the provider charged that was never credited (an amount that did not match).
 * A refund the provider refuses waits for an admin: ask again, or give the money back to the balance.
 */
const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function refundView(row: CardRefundRow, locale: Locale): CardRefund {
  return {
    id: row.id,
    kind: row.kind,
    amount: centsToEuros(Number(row.amount)),
    amount_cents: Number(row.amount),
    status: row.status,
    order_id: row.order_id,
    provider_refund_id: row.provider_refund_id,
    failure_code: row.failure_code,
    failure_message: row.failure_code ? translate(row.failure_code, locale) : null,
    created_at: iso(row.created_at)!,
    decided_at: iso(row.decided_at),
  };
}

/** Refunds that still count against the payment: a refund given back to the balance does not. */
const counted = (refunds: CardRefundRow[], kind?: CardRefundKind) =>
  refunds
    .filter((refund) => refund.status !== 'returned' && (!kind || refund.kind === kind))
    .reduce((sum, refund) => sum + Number(refund.amount), 0);

/**
 * What of a payment its owner may still ask back to the card: what it credited, less the card's
 * share of the order it paid (while that order's money is held or taken), less what went back
 * already, and never more than the balance has to give.
 */
function unspentRefundable(
  payment: PaymentRow,
  refunds: CardRefundRow[],
  orderHold: string | undefined,
  availableCents: number,
): number {
  if (payment.status !== 'paid') return 0;
  const spentOnOrder =
    payment.order_id && (orderHold === 'pending' || orderHold === 'captured') ? Number(payment.order_cents) : 0;
  const left = Number(payment.paid_cents) - spentOnOrder - counted(refunds, 'unspent');
  return Math.max(0, Math.min(left, availableCents));
}

async function orderHolds(db: Knex | Knex.Transaction, orderIds: string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const holds = (await db('holds').whereIn('order_id', orderIds).select('order_id', 'status')) as Array<{
    order_id: string;
    status: string;
  }>;
  return new Map(holds.map((hold) => [hold.order_id, hold.status]));
}

/** Each payment's refunds and what its owner may still ask back (one read of each for a page of payments). */
export async function refundsOf(
  db: Knex | Knex.Transaction,
  payments: PaymentRow[],
): Promise<Map<string, PaymentRefunds>> {
  const ids = payments.map((payment) => payment.id);
  const rows = ids.length
    ? ((await db('card_refunds').whereIn('payment_id', ids).orderBy('created_at')) as CardRefundRow[])
    : [];
  const holds = await orderHolds(
    db,
    payments.flatMap((payment) => (payment.order_id ? [payment.order_id] : [])),
  );
  const owners = [...new Set(payments.filter((p) => p.status === 'paid').map((p) => p.user_id))];
  const available = new Map(await Promise.all(owners.map(async (id) => [id, await availableOf(db, id)] as const)));
  return new Map(
    payments.map((payment) => {
      const refunds = rows.filter((row) => row.payment_id === payment.id);
      const refundableCents = unspentRefundable(
        payment,
        refunds,
        payment.order_id ? holds.get(payment.order_id) : undefined,
        available.get(payment.user_id) ?? 0,
      );
      return [payment.id, { refunds, refundableCents }];
    }),
  );
}

async function lockPayment(trx: Knex.Transaction, paymentId: string): Promise<PaymentRow> {
  const payment = (await trx('payments').where({ id: paymentId }).forUpdate().first()) as PaymentRow | undefined;
  if (!payment) throw notFound('payment_not_found');
  return payment;
}

const refundsOfPayment = async (trx: Knex.Transaction, paymentId: string) =>
  (await trx('card_refunds').where({ payment_id: paymentId }).orderBy('created_at')) as CardRefundRow[];

/** Takes `amountCents` off the buyer's balance to company:bank, the booking of a refund to the card. */
async function bookTransfer(
  trx: Knex.Transaction,
  payment: PaymentRow,
  input: { amountCents: number; refundKey: string; createdBy: string; metadata: Record<string, unknown> },
): Promise<number> {
  const user = spendable(payment.user_id);
  const accounts = await openAndLock(trx, [user, company('bank')]);
  const { transferId } = await postTransfer(trx, {
    debitAccountId: accounts.get(user.key)!.id,
    creditAccountId: accounts.get(company('bank').key)!.id,
    amountCents: input.amountCents,
    kind: 'card_refund',
    idempotencyKey: `card-refund:${input.refundKey}`,
    reference: payment.provider_payment_id,
    metadata: { payment_id: payment.id, ...input.metadata },
    createdBy: input.createdBy,
  });
  return transferId;
}

async function insertRefund(
  trx: Knex.Transaction,
  payment: PaymentRow,
  values: {
    kind: CardRefundKind;
    amountCents: number;
    refundKey: string;
    orderId?: string;
    transferId: number | null;
    requestedBy: string;
  },
): Promise<CardRefundRow> {
  const [row] = (await trx('card_refunds')
    .insert({
      payment_id: payment.id,
      provider: payment.provider,
      kind: values.kind,
      amount: values.amountCents,
      refund_key: values.refundKey,
      order_id: values.orderId ?? null,
      transfer_id: values.transferId,
      requested_by: values.requestedBy,
    })
    .returning('*')) as CardRefundRow[];
  return row!;
}

/**
 * The card's part of an order's refund, booked in the caller's transaction (the ledger's order
 * refund, after its own transfer put the whole amount back on the balance). The payment is the one
 * claimed by this very order, and the card gets back at most what it paid of it. Idempotent by key.
 */
export async function bookOrderCardRefund(
  trx: Knex.Transaction,
  payment: PaymentRow,
  input: { orderId: string; refundKey: string; amountCents: number; createdBy: string },
): Promise<CardRefundRow> {
  const earlier = (await trx('card_refunds').where({ refund_key: input.refundKey }).first()) as
    CardRefundRow | undefined;
  if (earlier) {
    if (Number(earlier.amount) !== input.amountCents || earlier.payment_id !== payment.id)
      throw new AppError(409, 'idempotency_conflict');
    return earlier;
  }
  if (payment.order_id !== input.orderId || payment.status !== 'paid') throw conflict('card_refund_not_this_order');
  const already = counted(await refundsOfPayment(trx, payment.id), 'order');
  if (already + input.amountCents > Number(payment.order_cents)) throw new AppError(422, 'card_refund_exceeds_payment');
  const transferId = await bookTransfer(trx, payment, {
    amountCents: input.amountCents,
    refundKey: input.refundKey,
    createdBy: input.createdBy,
    metadata: { order_id: input.orderId },
  });
  return insertRefund(trx, payment, {
    kind: 'order',
    amountCents: input.amountCents,
    refundKey: input.refundKey,
    orderId: input.orderId,
    transferId,
    requestedBy: input.createdBy,
  });
}

/**
 * Gives back to the card what of a paid payment is still on the balance (its owner asks, or an
 * admin): all of it that is refundable now, one refund per request. Asked again when nothing is
 * left, the last refund is the answer. A payment the provider charged but we never credited (its
 * amount did not match) is given back whole by an admin, with nothing to take off any balance.
 */
export async function requestCardRefund(
  db: Knex,
  input: { paymentId: string; ownerId?: string; requestedBy: string; allowUnbooked: boolean },
): Promise<{ refund: CardRefundRow; replayed: boolean }> {
  return db.transaction(async (trx) => {
    const payment = await lockPayment(trx, input.paymentId);
    if (input.ownerId && payment.user_id !== input.ownerId) throw notFound('payment_not_found');
    const refunds = await refundsOfPayment(trx, payment.id);
    if (payment.status === 'failed' && payment.paid_cents !== null && input.allowUnbooked) {
      const left = Number(payment.paid_cents) - counted(refunds, 'unbooked');
      if (left <= 0) return { refund: refunds.at(-1)!, replayed: true };
      const refund = await insertRefund(trx, payment, {
        kind: 'unbooked',
        amountCents: left,
        refundKey: `unbooked:${payment.id}:${refunds.length}`,
        transferId: null,
        requestedBy: input.requestedBy,
      });
      return { refund, replayed: false };
    }
    if (payment.status !== 'paid') throw conflict('payment_not_refundable');
    const hold = payment.order_id ? (await orderHolds(trx, [payment.order_id])).get(payment.order_id) : undefined;
    const refundable = unspentRefundable(payment, refunds, hold, await availableOf(trx, payment.user_id));
    if (refundable <= 0) {
      const last = refunds.filter((refund) => refund.kind === 'unspent').at(-1);
      if (last) return { refund: last, replayed: true };
      throw new AppError(422, 'payment_already_spent');
    }
    const refundKey = `unspent:${payment.id}:${refunds.length}`;
    const transferId = await bookTransfer(trx, payment, {
      amountCents: refundable,
      refundKey,
      createdBy: input.requestedBy,
      metadata: { top_up_id: payment.deposit_id },
    });
    const refund = await insertRefund(trx, payment, {
      kind: 'unspent',
      amountCents: refundable,
      refundKey,
      transferId,
      requestedBy: input.requestedBy,
    });
    return { refund, replayed: false };
  });
}

/**
 * An admin asks the provider again for a refund it refused: the same refund id, once more. (One
 * still waiting is asked again by the loop itself, with back-off: asking it now could cross a call
 * already under way.)
 */
export async function retryCardRefund(db: Knex, id: string): Promise<CardRefundRow> {
  const [row] = (await db('card_refunds')
    .where({ id, status: 'failed' })
    .update({ status: 'pending', next_attempt_at: db.fn.now(), failure_code: null, decided_at: null })
    .returning('*')) as CardRefundRow[];
  if (row) return row;
  const existing = (await db('card_refunds').where({ id }).first()) as CardRefundRow | undefined;
  if (!existing) throw notFound('card_refund_not_found');
  throw conflict('card_refund_not_retryable');
}

/**
 * A refund the provider refused for good: an admin gives the money back to the balance instead
 * (the booking reversed), so it is neither lost nor refunded twice. Only a booked refund can be.
 */
export async function returnCardRefundToBalance(db: Knex, id: string, adminId: string): Promise<CardRefundRow> {
  return db.transaction(async (trx) => {
    const refund = (await trx('card_refunds').where({ id }).first()) as CardRefundRow | undefined;
    if (!refund) throw notFound('card_refund_not_found');
    await lockPayment(trx, refund.payment_id);
    const locked = (await trx('card_refunds').where({ id }).forUpdate().first()) as CardRefundRow;
    if (locked.status === 'returned') return locked;
    if (locked.status !== 'failed' || locked.transfer_id === null) throw conflict('card_refund_not_returnable');
    await reverseTransfer(trx, {
      transferId: Number(locked.transfer_id),
      reason: 'card refund refused',
      createdBy: adminId,
    });
    const [row] = (await trx('card_refunds')
      .where({ id })
      .update({ status: 'returned', decided_at: trx.fn.now() })
      .returning('*')) as CardRefundRow[];
    return row!;
  });
}

const RETRY_BASE_MS = 5_000;
const RETRY_MAX_MS = 10 * 60_000;

/**
 * Asks the payment's provider for one refund. A refund whose last call got no answer is looked up
 * first, so it is never asked twice; no answer again leaves it for the next pass, with back-off.
 */
export async function sendCardRefund(
  db: Knex,
  providers: PaymentProviders,
  refund: CardRefundRow,
  log?: FastifyBaseLogger,
): Promise<CardRefundRow> {
  const payment = (await db('payments').where({ id: refund.payment_id }).first()) as PaymentRow;
  const later = (values: Record<string, unknown>) =>
    settle(db, refund.id, {
      ...values,
      next_attempt_at: new Date(
        Date.now() + retryDelayMs(refund.attempts, { retryBaseMs: RETRY_BASE_MS, retryMaxMs: RETRY_MAX_MS }),
      ),
    });
  const provider = providers.of(refund.provider);
  if (!provider) return later({ failure_code: 'payment_provider_not_configured' });
  const request: RefundRequest = {
    providerPaymentId: payment.provider_payment_id!,
    refundId: refund.id,
    amountCents: Number(refund.amount),
    currency: 'EUR',
    locale: payment.locale,
  };
  try {
    if (refund.outcome_unknown) {
      const found = await provider.findRefund(request);
      if (found) return done(db, refund.id, found.providerRefundId);
    }
    await db('card_refunds').where({ id: refund.id }).update({ outcome_unknown: true });
    const answer = await provider.refund(request);
    return done(db, refund.id, answer.providerRefundId);
  } catch (error) {
    if (error instanceof ProviderRefused) {
      log?.warn({ refundId: refund.id, providerCode: error.providerCode }, 'the provider refused a card refund');
      return settle(db, refund.id, {
        status: 'failed',
        outcome_unknown: false,
        failure_code: 'card_refund_refused',
        provider_message: error.providerCode ? `${error.providerCode}: ${error.message}` : error.message,
        decided_at: db.fn.now(),
      });
    }
    if (error instanceof ProviderUnavailable) return later({ provider_message: error.message });
    throw error;
  }
}

async function done(db: Knex, id: string, providerRefundId: string): Promise<CardRefundRow> {
  return settle(db, id, {
    status: 'succeeded',
    outcome_unknown: false,
    provider_refund_id: providerRefundId,
    failure_code: null,
    decided_at: db.fn.now(),
  });
}

async function settle(db: Knex, id: string, values: Record<string, unknown>): Promise<CardRefundRow> {
  // Only a refund still pending is written: an admin's decision in the meantime stands.
  const [row] = (await db('card_refunds')
    .where({ id, status: 'pending' })
    .update(values)
    .returning('*')) as CardRefundRow[];
  return row ?? ((await db('card_refunds').where({ id }).first()) as CardRefundRow);
}

/**
 * The refunds due for a provider call, taken by this process for a while (another copy skips
 * them), oldest first.
 */
export async function takeDueRefunds(db: Knex, limit: number, leaseMs: number): Promise<CardRefundRow[]> {
  const taken = await db.raw(
    `UPDATE card_refunds SET next_attempt_at = now() + (? * interval '1 millisecond'), attempts = attempts + 1
      WHERE id IN (SELECT id FROM card_refunds WHERE status = 'pending' AND next_attempt_at <= now()
                   ORDER BY next_attempt_at LIMIT ? FOR UPDATE SKIP LOCKED)
      RETURNING *`,
    [leaseMs, limit],
  );
  return taken.rows as CardRefundRow[];
}

/** Long enough for a provider call to time out: a refund taken is another copy's again only after it. */
export const REFUND_LEASE_MS = 60_000;

/** The request that booked a refund asks the provider at once (unless another process has it); the loop asks otherwise. */
export async function askProviderNow(
  db: Knex,
  providers: PaymentProviders,
  id: string,
  log?: FastifyBaseLogger,
): Promise<void> {
  const refund = await takeRefund(db, id, REFUND_LEASE_MS);
  if (refund) await sendCardRefund(db, providers, refund, log);
}

/** Takes one refund for a call now, unless another process has it. */
export async function takeRefund(db: Knex, id: string, leaseMs: number): Promise<CardRefundRow | undefined> {
  const [row] = (await db('card_refunds')
    .where({ id, status: 'pending' })
    .where('next_attempt_at', '<=', db.fn.now())
    .update({
      next_attempt_at: db.raw(`now() + (? * interval '1 millisecond')`, [leaseMs]),
      attempts: db.raw('attempts + 1'),
    })
    .returning('*')) as CardRefundRow[];
  return row;
}

export async function getCardRefund(db: Knex, id: string): Promise<CardRefundRow | undefined> {
  return (await db('card_refunds').where({ id }).first()) as CardRefundRow | undefined;
}
