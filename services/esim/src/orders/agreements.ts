import type { Knex } from 'knex';
import {
  centsToEuros,
  translate,
  type AcceptedAgreement,
  type EsimOrder,
  type Locale,
  type Seller,
} from '@esim/contracts';
import { AppError, publishMany, type PublishInput } from '@esim/platform';
import type { EsimContext } from '../context';
import type { OrderRow } from './saga';

/**
 * The distance-sale documents a buyer accepted at checkout, kept with their order
 * (`order_agreements`), and the receipt of such an order once it completes: esim publishes
 * esim.order.receipt, which the auth service mails as a PDF.
 */
export interface AgreementRow {
  order_id: string;
  version: string;
  text: string;
  card_payment_id: string | null;
  card_payment_reference: string | null;
  paid_by_card_cents: string | number;
  accepted_at: Date;
}

/** The card top-up that paid what the balance lacked: its id, the provider's reference, the card's share of the total, and the documents accepted before paying. */
export interface CardShare {
  paymentId: string;
  reference: string | null;
  cents: number;
  /** As the balance service kept it with the payment (the version current when the buyer paid). */
  agreement: { version: string; text: string } | null;
}

interface InternalPayment {
  id: string;
  user_id: string;
  status: string;
  amount_cents: number;
  provider_payment_id: string | null;
  agreement_version: string | null;
  agreement_text: string | null;
}

/**
 * Reads the buyer's card top-up from the balance service (before the order is written, outside any
 * transaction). Only a paid payment of the buyer's own counts; the card's share is what it paid, at
 * most the order's total (a larger top-up leaves the rest on the balance).
 */
export async function cardShare(
  ctx: EsimContext,
  input: { userId: string; paymentId: string; totalCents: number; locale: Locale; requestId?: string },
): Promise<CardShare> {
  const notPaid = () =>
    new AppError(422, 'esim_card_payment_not_paid', {
      errors: [{ path: 'card_payment_id', message: translate('esim_card_payment_not_paid', input.locale) }],
    });
  let payment: InternalPayment;
  try {
    payment = await ctx.balance.request<InternalPayment>(
      'GET',
      `/internal/payments/${encodeURIComponent(input.paymentId)}`,
      { requestId: input.requestId },
    );
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw notPaid();
    throw error;
  }
  if (payment.user_id !== input.userId || payment.status !== 'paid') throw notPaid();
  return {
    paymentId: payment.id,
    reference: payment.provider_payment_id,
    cents: Math.min(payment.amount_cents, input.totalCents),
    agreement:
      payment.agreement_version && payment.agreement_text
        ? { version: payment.agreement_version, text: payment.agreement_text }
        : null,
  };
}

/**
 * Keeps what the buyer accepted with the order; a retried request with the same key writes nothing
 * more. After a card payment the documents are the ones the balance service kept with that payment
 * (accepted before paying), whatever the purchase itself carries.
 */
export async function recordAgreement(
  db: Knex,
  orderId: string,
  sent: AcceptedAgreement | undefined,
  card: CardShare | undefined,
): Promise<void> {
  const agreement = card?.agreement ?? sent;
  if (!agreement) return;
  await db('order_agreements')
    .insert({
      order_id: orderId,
      version: agreement.version,
      text: agreement.text,
      card_payment_id: card?.paymentId ?? null,
      card_payment_reference: card?.reference ?? null,
      paid_by_card_cents: card?.cents ?? 0,
    })
    .onConflict('order_id')
    .ignore();
}

export async function agreementOf(db: Knex | Knex.Transaction, orderId: string): Promise<AgreementRow | undefined> {
  return (await db('order_agreements').where({ order_id: orderId }).first()) as AgreementRow | undefined;
}

export function agreementView(row: AgreementRow | undefined): EsimOrder['agreement'] {
  if (!row) return null;
  const cents = Number(row.paid_by_card_cents);
  return {
    version: row.version,
    text: row.text,
    accepted_at: new Date(row.accepted_at).toISOString(),
    paid_by_card: centsToEuros(cents),
    paid_by_card_cents: cents,
  };
}

function receiptEvent(order: OrderRow, agreement: AgreementRow, seller: Seller): PublishInput<'esim.order.receipt'> {
  return {
    type: 'esim.order.receipt',
    aggregateId: order.id,
    payload: {
      orderId: order.id,
      orderNumber: order.order_number,
      userId: order.user_id,
      locale: order.locale === 'en' ? 'en' : 'tr',
      completedAt: new Date(order.completed_at ?? order.updated_at).toISOString(),
      seller,
      packageCode: order.package_code,
      packageNameTr: order.package_name_tr,
      packageNameEn: order.package_name_en,
      dataMb: order.data_mb,
      validityDays: order.validity_days,
      quantity: order.quantity,
      unitPriceCents: order.unit_price_cents,
      totalCents: order.total_cents,
      paidByCardCents: Math.min(Number(agreement.paid_by_card_cents), order.total_cents),
      cardPaymentReference: agreement.card_payment_reference,
      agreementVersion: agreement.version,
      agreementText: agreement.text,
    },
  };
}

/**
 * The receipts of orders that just completed and carry accepted documents, published in the
 * transaction that completes them (one read of the batch's documents; orders without any, a
 * dealer's or the API's, publish nothing).
 */
export async function publishReceipts(trx: Knex.Transaction, seller: Seller, completed: OrderRow[]): Promise<void> {
  if (completed.length === 0) return;
  const agreements = (await trx('order_agreements').whereIn(
    'order_id',
    completed.map((order) => order.id),
  )) as AgreementRow[];
  if (agreements.length === 0) return;
  const byOrder = new Map(agreements.map((row) => [row.order_id, row]));
  const receipts = completed
    .filter((order) => byOrder.has(order.id))
    .map((order) => receiptEvent(order, byOrder.get(order.id)!, seller));
  await publishMany(trx, 'esim', receipts);
}
