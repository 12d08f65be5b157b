import type { Knex } from 'knex';
import { centsToEuros, formatEuros, translate, type ListQuery, type Locale, type Payment, UUID } from '@esim/contracts';
import { AppError, containsPattern, istanbulDate, sortColumn, whereIstanbulDays } from '@esim/platform';
import {
  createDeposit,
  creditDeposit,
  expireLockedDeposit,
  rejectLockedDeposit,
  type DepositRow,
} from '../deposits/deposits';
import { refundView } from './card-refunds';
import type { PaymentPurpose, PaymentRefunds, PaymentRow } from './rows';
import { ProviderUnavailable, type PaymentBuyer, type PaymentProvider, type RetrievedPayment } from './port';
import { nextCheckAt, type PaymentSchedule } from './schedule';

/**
 * A card payment: pending → paid | review → paid | failed, or pending → expired (→ paid, when the
 * provider charged it after all). What the provider says is only ever re-read from it
 * (`settlePayment`), never taken from a callback; the provider is never called inside a
 * transaction, and every decision is written under the payment row's lock, so a callback, the
 * buyer's poll and the poll loop arriving together credit the money once. Money going back to the
 * card is card-refunds.ts; the one order a checkout payment paid for is claims.ts; the rows are rows.ts.
 */
/** What a payment's page, limits and schedule are set by (the service's configuration). */
export interface PaymentRules {
  /** A payment still unpaid this long after it started is expired (the provider is still watched). */
  expireAfterMs: number;
  /** Open (pending or in review) card payments one person may have at once. */
  maxOpenPerUser: number;
  /** Largest card deposit, and most a person may deposit by card in one Istanbul day, in cents. */
  maxDepositCents: number;
  maxDailyCents: number;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
const cents = (value: number | string | null) => (value === null ? 0 : Number(value));

/** The wire shape; the failure reason in the reader's language (the buyer's, on their own screen). */
export function paymentOf(row: PaymentRow, locale: Locale, refunds?: PaymentRefunds): Payment {
  const given = (refunds?.refunds ?? []).filter((refund) => refund.status !== 'returned');
  const refundedCents = given.reduce((sum, refund) => sum + Number(refund.amount), 0);
  const paid = cents(row.paid_cents);
  const done = given.filter((refund) => refund.status === 'succeeded');
  // A paid payment reads refunded once all it charged is back on the card, every refund answered.
  const wholeGone = row.status === 'paid' && refundedCents >= paid && done.length === given.length;
  return {
    id: row.id,
    deposit_id: row.deposit_id,
    user_id: row.user_id,
    provider: row.provider,
    purpose: row.purpose,
    status: wholeGone ? 'refunded' : row.status,
    amount: centsToEuros(Number(row.amount)),
    amount_cents: Number(row.amount),
    currency: row.currency,
    locale: row.locale,
    page_url: row.page_url,
    return_path: row.return_path,
    provider_payment_id: row.provider_payment_id,
    paid_cents: row.paid_cents === null ? null : paid,
    failure_code: row.failure_code,
    failure_message: row.failure_code ? translate(row.failure_code, locale) : null,
    order_id: row.order_id,
    refunded_cents: refundedCents,
    refundable_cents: refunds?.refundableCents ?? 0,
    refunds: (refunds?.refunds ?? []).map((refund) => refundView(refund, locale)),
    created_at: iso(row.created_at)!,
    decided_at: iso(row.decided_at),
    refunded_at: done.length > 0 ? iso(done.at(-1)!.decided_at) : null,
  };
}

/**
 * The first half of starting: the deposit and its payment, written in the caller's (idempotent)
 * transaction. The person's payments are counted under a lock of their own, so twenty requests at
 * once cannot slip past the limits together.
 */
export async function createCardPayment(
  trx: Knex.Transaction,
  rules: PaymentRules,
  input: {
    userId: string;
    amountCents: number;
    locale: Locale;
    returnPath: string;
    provider: string;
    purpose: PaymentPurpose;
    agreementVersion?: string;
  },
): Promise<PaymentRow> {
  if (input.amountCents > rules.maxDepositCents)
    throw amountRefused('card_deposit_too_large', { max: formatLimit(rules.maxDepositCents) });
  await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`card-payments:${input.userId}`]);
  const [open] = (await trx('payments')
    .where({ user_id: input.userId })
    .whereIn('status', ['pending', 'review'])
    .count({ n: '*' })) as Array<{ n: string }>;
  if (Number(open?.n ?? 0) >= rules.maxOpenPerUser)
    throw new AppError(429, 'card_payments_too_many_open', { params: { max: rules.maxOpenPerUser } });
  const [today] = (await whereIstanbulDays(
    trx('payments').where({ user_id: input.userId }).whereIn('status', ['pending', 'review', 'paid']),
    'created_at',
    istanbulDate(),
    istanbulDate(),
  ).sum({ total: 'amount' })) as Array<{ total: string | null }>;
  if (Number(today?.total ?? 0) + input.amountCents > rules.maxDailyCents)
    throw amountRefused('card_deposit_daily_limit', { max: formatLimit(rules.maxDailyCents) });

  const deposit = await createDeposit(trx, { userId: input.userId, amountCents: input.amountCents, method: 'card' });
  const [row] = (await trx('payments')
    .insert({
      deposit_id: deposit.id,
      user_id: input.userId,
      provider: input.provider,
      purpose: input.purpose,
      amount: input.amountCents,
      locale: input.locale,
      return_path: input.returnPath,
      agreement_version: input.agreementVersion ?? null,
      agreement_accepted_at: input.agreementVersion ? trx.fn.now() : null,
      // Looked at from the start: one whose page never opens is expired in time all the same.
      next_check_at: trx.fn.now(),
    })
    .returning('*')) as PaymentRow[];
  return row!;
}

const formatLimit = (limitCents: number) => formatEuros(limitCents);
const amountRefused = (code: string, params: Record<string, string>) =>
  new AppError(422, code, { params, errors: [{ path: 'amount', message: code }] });

export async function getPayment(db: Knex | Knex.Transaction, id: string): Promise<PaymentRow | undefined> {
  return (await db('payments').where({ id }).first()) as PaymentRow | undefined;
}

/**
 * The second half: asks the provider for its hosted page (outside any transaction) and keeps the
 * first token stored; a retried request finds the page already there. A provider that cannot be
 * reached leaves the payment pending without a page (the poll loop expires it) and answers 503.
 */
export async function openPaymentPage(
  db: Knex,
  provider: PaymentProvider,
  row: PaymentRow,
  input: { buyer: PaymentBuyer; callbackUrl: string; basketName: string },
): Promise<PaymentRow> {
  if (row.token || row.status !== 'pending') return row;
  let started;
  try {
    started = await provider.start({
      paymentId: row.id,
      amountCents: Number(row.amount),
      currency: 'EUR',
      buyer: input.buyer,
      basket: [{ id: row.deposit_id, name: input.basketName, amountCents: Number(row.amount) }],
      callbackUrl: input.callbackUrl,
      locale: row.locale,
    });
  } catch (error) {
    if (error instanceof ProviderUnavailable) throw new AppError(503, 'payment_provider_unavailable', { cause: error });
    throw error;
  }
  await db('payments').where({ id: row.id }).whereNull('token').update({
    token: started.token,
    page_url: started.pageUrl,
    page_expires_at: started.pageExpiresAt,
    next_check_at: db.fn.now(),
  });
  return (await getPayment(db, row.id))!;
}

/** Payments whose provider may still change its answer: the buyer's page open, a fraud check waiting, or expired by us while the provider's page lived. */
export const isWatched = (row: Pick<PaymentRow, 'status' | 'failure_code'>) =>
  row.status === 'pending' ||
  row.status === 'review' ||
  (row.status === 'expired' && row.failure_code === EXPIRED_UNCONFIRMED);

/** Expired by us while the provider's page could still take the card: the buyer is not told "nothing was charged" yet. */
export const EXPIRED_UNCONFIRMED = 'payment_expired_unconfirmed';

/**
 * Re-reads a payment from the provider and writes what it says. Only payments the provider may
 * still decide are asked. A provider that cannot be reached changes nothing; the next callback or
 * poll asks again.
 */
export async function settlePayment(
  db: Knex,
  provider: PaymentProvider,
  row: PaymentRow,
  schedule?: PaymentSchedule,
): Promise<PaymentRow> {
  if (!row.token || !isWatched(row)) return row;
  let result: RetrievedPayment;
  try {
    result = await provider.retrieve({ token: row.token, paymentId: row.id, locale: row.locale });
  } catch (error) {
    if (error instanceof ProviderUnavailable) return row;
    throw error;
  }
  return applyRetrieved(db, row.id, result, schedule);
}

async function applyRetrieved(
  db: Knex,
  id: string,
  result: RetrievedPayment,
  schedule?: PaymentSchedule,
): Promise<PaymentRow> {
  return db.transaction(async (trx) => {
    const row = (await trx('payments').where({ id }).forUpdate().first()) as PaymentRow;
    if (!isWatched(row)) return row;
    const now = new Date();
    const checked = { checked_at: trx.fn.now(), checks: row.checks + 1 };
    if (result.status === 'pending') {
      // Only the schedule moves (when the caller keeps one): nothing new to write.
      if (!schedule) return row;
      const next = nextCheckAt(row, now, schedule);
      if (row.status === 'expired' && next === null) {
        // The provider's page is gone and it never charged: now the buyer may be told nothing was taken.
        return update(trx, id, { ...checked, failure_code: 'payment_expired', next_check_at: null });
      }
      return update(trx, id, { ...checked, next_check_at: next });
    }
    if (result.status === 'failed') {
      await rejectLockedDeposit(trx, row.deposit_id, 'card-payment', result.failureCode);
      return update(trx, id, {
        ...checked,
        status: 'failed',
        failure_code: result.failureCode,
        provider_message: result.providerMessage,
        provider_payment_id: result.providerPaymentId ?? row.provider_payment_id,
        next_check_at: null,
        decided_at: trx.fn.now(),
      });
    }
    const charged = {
      provider_payment_id: result.providerPaymentId,
      paid_cents: result.paidCents,
      paid_currency: result.currency,
    };
    if (result.paidCents !== Number(row.amount) || result.currency !== row.currency) {
      // Money moved that does not match what we asked for: credit nothing, keep what was charged for an admin to give back.
      await rejectLockedDeposit(trx, row.deposit_id, 'card-payment', 'payment_amount_mismatch');
      return update(trx, id, {
        ...checked,
        ...charged,
        status: 'failed',
        failure_code: 'payment_amount_mismatch',
        provider_message: `paid ${result.paidCents} ${result.currency}`,
        next_check_at: null,
        decided_at: trx.fn.now(),
      });
    }
    if (result.status === 'review') {
      const inReview = { ...row, status: 'review' as const };
      return update(trx, id, {
        ...checked,
        ...charged,
        status: 'review',
        failure_code: null,
        next_check_at: schedule ? nextCheckAt(inReview, now, schedule) : (row.next_check_at ?? trx.fn.now()),
      });
    }
    const deposit = (await trx('deposits').where({ id: row.deposit_id }).forUpdate().first()) as DepositRow;
    // A payment expired here but paid at the provider after all reopens its deposit, so the money is credited.
    if (deposit.status === 'expired' || deposit.status === 'rejected') {
      await trx('deposits')
        .where({ id: deposit.id })
        .update({ status: 'pending', reason: null, decided_by: null, decided_at: null });
      deposit.status = 'pending';
    }
    await creditDeposit(trx, deposit, 'card-payment');
    return update(trx, id, {
      ...checked,
      ...charged,
      status: 'paid',
      failure_code: null,
      next_check_at: null,
      decided_at: trx.fn.now(),
    });
  });
}

async function update(trx: Knex.Transaction, id: string, values: Record<string, unknown>): Promise<PaymentRow> {
  const [row] = (await trx('payments').where({ id }).update(values).returning('*')) as PaymentRow[];
  return row!;
}

/**
 * A pending payment nobody finished in time: expired, its deposit too, nothing credited. The
 * provider is still asked until its page is gone (a buyer may pay at the last moment), so the
 * buyer is told "nothing was charged" only once the provider can no longer charge.
 */
export async function expirePayment(db: Knex, id: string, schedule: PaymentSchedule): Promise<PaymentRow> {
  return db.transaction(async (trx) => {
    const row = (await trx('payments').where({ id }).forUpdate().first()) as PaymentRow;
    if (row.status !== 'pending') return row;
    await expireLockedDeposit(trx, row.deposit_id, 'card-payment');
    const expired = { ...row, status: 'expired' as const, failure_code: EXPIRED_UNCONFIRMED };
    const next = row.token ? nextCheckAt(expired, new Date(), schedule) : null;
    return update(trx, id, {
      status: 'expired',
      failure_code: next === null ? 'payment_expired' : EXPIRED_UNCONFIRMED,
      next_check_at: next,
      decided_at: trx.fn.now(),
    });
  });
}

const SORTABLE = { created_at: 'created_at', amount: 'amount', status: 'status', id: 'created_at' };

export async function listPayments(db: Knex, query: ListQuery, filter: { userId?: string; status?: string }) {
  const base = () => {
    const q = db('payments');
    if (filter.userId) q.where({ user_id: filter.userId });
    if (filter.status === 'refunded')
      q.whereExists(
        db('card_refunds').whereRaw('card_refunds.payment_id = payments.id').whereNot('status', 'returned'),
      );
    else if (filter.status) q.where({ status: filter.status });
    // The provider's payment id (or a refund's) is what an admin looks up from the provider's panel (part of it is enough); a token only whole.
    if (query.search)
      q.where((w) =>
        w
          .whereILike('provider_payment_id', containsPattern(query.search!))
          .orWhere('token', query.search!)
          .orWhereExists(
            db('card_refunds')
              .whereRaw('card_refunds.payment_id = payments.id')
              .whereILike('provider_refund_id', containsPattern(query.search!)),
          ),
      );
    // react-admin's getMany (filter={"id":[...]}): only those payments; an id that is no UUID matches none.
    if (query.ids)
      q.whereIn(
        'id',
        query.ids.filter((id) => UUID.test(id)),
      );
    return whereIstanbulDays(q, 'created_at', query.startDate, query.endDate);
  };
  const { column, order } = sortColumn(query, SORTABLE, { column: 'created_at', order: 'DESC' });
  const [counted] = (await base().count({ total: '*' })) as Array<{ total: number }>;
  const rows = (await base()
    .orderBy(column, order)
    .orderBy('id', order)
    .limit(query.limit)
    .offset(query.offset)) as PaymentRow[];
  return { rows, total: Number(counted?.total ?? 0) };
}
