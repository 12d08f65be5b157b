import type { Knex } from 'knex';
import { centsToEuros, translate, type ListQuery, type Locale, type Payment } from '@esim/contracts';
import { AppError, conflict, containsPattern, notFound, sortColumn, whereIstanbulDays } from '@esim/platform';
import { company, openAndLock, spendable } from '../ledger/accounts';
import { postTransfer } from '../ledger/transfers';
import { createTopUp, creditTopUp, rejectLockedTopUp, type TopUpRow } from '../top-ups/top-ups';
import { ProviderUnavailable, type PaymentBuyer, type PaymentProvider, type RetrievedPayment } from './port';

/**
 * A card top-up's payment: pending → paid | failed | expired, and a paid one → refunding → refunded.
 * What the provider says is only ever re-read from it (`settlePayment`), never taken from a
 * callback; the provider is never called inside a transaction, and every decision is written under
 * the payment row's lock, so a callback and the poll loop arriving together credit the money once.
 */
export type PaymentStatus = Payment['status'];

export interface PaymentRow {
  id: string;
  top_up_id: string;
  user_id: string;
  provider: string;
  amount: number;
  currency: 'EUR';
  locale: Locale;
  status: PaymentStatus;
  token: string | null;
  page_url: string | null;
  return_path: string;
  provider_payment_id: string | null;
  failure_code: string | null;
  provider_message: string | null;
  refund_transfer_id: number | null;
  refunded_by: string | null;
  checked_at: Date | null;
  decided_at: Date | null;
  refunded_at: Date | null;
  agreement_version: string | null;
  agreement_text: string | null;
  created_at: Date;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** The wire shape; the failure reason in the reader's language (the buyer's, on their own screen). */
export function paymentOf(row: PaymentRow, locale: Locale): Payment {
  return {
    id: row.id,
    top_up_id: row.top_up_id,
    user_id: row.user_id,
    provider: row.provider,
    status: row.status,
    amount: centsToEuros(row.amount),
    amount_cents: Number(row.amount),
    currency: row.currency,
    locale: row.locale,
    page_url: row.page_url,
    return_path: row.return_path,
    provider_payment_id: row.provider_payment_id,
    failure_code: row.failure_code,
    failure_message: row.failure_code ? translate(row.failure_code, locale) : null,
    created_at: iso(row.created_at)!,
    decided_at: iso(row.decided_at),
    refunded_at: iso(row.refunded_at),
  };
}

/** The first half of starting: the top-up and its payment, written in the caller's (idempotent) transaction. */
export async function createCardPayment(
  trx: Knex.Transaction,
  input: {
    userId: string;
    amountCents: number;
    locale: Locale;
    returnPath: string;
    provider: string;
    agreement?: { version: string; text: string };
  },
): Promise<PaymentRow> {
  const topUp = await createTopUp(trx, { userId: input.userId, amountCents: input.amountCents, method: 'card' });
  const [row] = (await trx('payments')
    .insert({
      top_up_id: topUp.id,
      user_id: input.userId,
      provider: input.provider,
      amount: input.amountCents,
      locale: input.locale,
      return_path: input.returnPath,
      agreement_version: input.agreement?.version ?? null,
      agreement_text: input.agreement?.text ?? null,
    })
    .returning('*')) as PaymentRow[];
  return row!;
}

export async function getPayment(db: Knex, id: string): Promise<PaymentRow | undefined> {
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
      basket: [{ id: row.top_up_id, name: input.basketName, amountCents: Number(row.amount) }],
      callbackUrl: input.callbackUrl,
      locale: row.locale,
    });
  } catch (error) {
    if (error instanceof ProviderUnavailable) throw new AppError(503, 'payment_provider_unavailable', { cause: error });
    throw error;
  }
  await db('payments')
    .where({ id: row.id })
    .whereNull('token')
    .update({ token: started.token, page_url: started.pageUrl });
  return (await getPayment(db, row.id))!;
}

/**
 * Re-reads a payment from the provider and writes what it says. Only pending payments are asked
 * (and expired ones: a buyer who paid at the last moment is still credited). A provider that cannot
 * be reached changes nothing; the next callback or poll asks again.
 */
export async function settlePayment(db: Knex, provider: PaymentProvider, row: PaymentRow): Promise<PaymentRow> {
  if (!row.token || (row.status !== 'pending' && row.status !== 'expired')) return row;
  let result: RetrievedPayment;
  try {
    result = await provider.retrieve(row.token, row.locale);
  } catch (error) {
    if (error instanceof ProviderUnavailable) return row;
    throw error;
  }
  return applyRetrieved(db, row.id, result);
}

async function applyRetrieved(db: Knex, id: string, result: RetrievedPayment): Promise<PaymentRow> {
  return db.transaction(async (trx) => {
    const row = (await trx('payments').where({ id }).forUpdate().first()) as PaymentRow;
    if (row.status !== 'pending' && row.status !== 'expired') return row;
    // Nothing new (or a late "failed" for a payment already expired): nothing is written.
    if (result.status === 'pending') return row;
    if (result.status === 'failed') {
      if (row.status === 'expired') return row;
      await rejectLockedTopUp(trx, row.top_up_id, 'card-payment', result.failureCode);
      return update(trx, id, {
        status: 'failed',
        failure_code: result.failureCode,
        provider_message: result.providerMessage,
        checked_at: trx.fn.now(),
        decided_at: trx.fn.now(),
      });
    }
    if (result.paidCents !== Number(row.amount) || result.currency !== row.currency) {
      // Money moved that does not match what we asked for: credit nothing, keep the provider's id for an admin to settle.
      await rejectLockedTopUp(trx, row.top_up_id, 'card-payment', 'payment_amount_mismatch');
      return update(trx, id, {
        status: 'failed',
        failure_code: 'payment_amount_mismatch',
        provider_payment_id: result.providerPaymentId,
        provider_message: `paid ${result.paidCents} ${result.currency}`,
        checked_at: trx.fn.now(),
        decided_at: trx.fn.now(),
      });
    }
    const topUp = (await trx('top_ups').where({ id: row.top_up_id }).forUpdate().first()) as TopUpRow;
    // A payment expired here but paid at the provider after all reopens its top-up, so the money is credited.
    if (topUp.status === 'rejected') {
      await trx('top_ups')
        .where({ id: topUp.id })
        .update({ status: 'pending', reason: null, decided_by: null, decided_at: null });
      topUp.status = 'pending';
    }
    await creditTopUp(trx, topUp, 'card-payment');
    return update(trx, id, {
      status: 'paid',
      provider_payment_id: result.providerPaymentId,
      failure_code: null,
      checked_at: trx.fn.now(),
      decided_at: trx.fn.now(),
    });
  });
}

async function update(trx: Knex.Transaction, id: string, values: Record<string, unknown>): Promise<PaymentRow> {
  const [row] = (await trx('payments').where({ id }).update(values).returning('*')) as PaymentRow[];
  return row!;
}

/** A pending payment nobody finished in time: expired, its top-up rejected, nothing credited. */
export async function expirePayment(db: Knex, id: string): Promise<PaymentRow> {
  return db.transaction(async (trx) => {
    const row = (await trx('payments').where({ id }).forUpdate().first()) as PaymentRow;
    if (row.status !== 'pending') return row;
    await rejectLockedTopUp(trx, row.top_up_id, 'card-payment', 'payment_expired');
    return update(trx, id, { status: 'expired', failure_code: 'payment_expired', decided_at: trx.fn.now() });
  });
}

/**
 * Gives an unspent card top-up back to the card. The money leaves the buyer's balance first (the
 * ledger refuses when part of it was spent meanwhile), then the provider refunds; should the
 * provider fail, the payment stays `refunding` with the money out of reach and the admin asks
 * again (the ledger transfer replays, only the provider is asked anew). Refunded twice answers the same.
 */
export async function refundPayment(
  db: Knex,
  provider: PaymentProvider,
  id: string,
  adminId: string,
): Promise<{ row: PaymentRow; replayed: boolean }> {
  const taken = await db.transaction(async (trx) => {
    const row = (await trx('payments').where({ id }).forUpdate().first()) as PaymentRow | undefined;
    if (!row) throw notFound('payment_not_found');
    if (row.status === 'refunded') return { row, replayed: true };
    if (row.status !== 'paid' && row.status !== 'refunding') throw conflict('payment_not_refundable');
    const user = spendable(row.user_id);
    const accounts = await openAndLock(trx, [user, company('bank')]);
    let transferId: number;
    try {
      ({ transferId } = await postTransfer(trx, {
        debitAccountId: accounts.get(user.key)!.id,
        creditAccountId: accounts.get(company('bank').key)!.id,
        amountCents: Number(row.amount),
        kind: 'card_refund',
        idempotencyKey: `card-refund:${row.id}`,
        reference: row.provider_payment_id,
        metadata: { payment_id: row.id, top_up_id: row.top_up_id },
        createdBy: adminId,
      }));
    } catch (error) {
      if (error instanceof AppError && error.code === 'account_insufficient')
        throw new AppError(422, 'payment_already_spent', { cause: error });
      throw error;
    }
    return {
      row: await update(trx, id, { status: 'refunding', refund_transfer_id: transferId, refunded_by: adminId }),
      replayed: false,
    };
  });
  if (taken.replayed) return taken;
  try {
    await provider.refund(taken.row.provider_payment_id!, Number(taken.row.amount), taken.row.locale);
  } catch (error) {
    throw new AppError(503, 'payment_provider_unavailable', { cause: error });
  }
  const [row] = (await db('payments')
    .where({ id, status: 'refunding' })
    .update({ status: 'refunded', refunded_at: db.fn.now() })
    .returning('*')) as PaymentRow[];
  return { row: row ?? (await getPayment(db, id))!, replayed: false };
}

const SORTABLE = { created_at: 'created_at', amount: 'amount', status: 'status', id: 'created_at' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listPayments(db: Knex, query: ListQuery, filter: { userId?: string; status?: string }) {
  const base = () => {
    const q = db('payments');
    if (filter.userId) q.where({ user_id: filter.userId });
    if (filter.status) q.where({ status: filter.status });
    // The provider's payment id is what an admin looks up from the provider's panel (part of it is enough); a token only whole.
    if (query.search)
      q.where((w) =>
        w.whereILike('provider_payment_id', containsPattern(query.search!)).orWhere('token', query.search!),
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
