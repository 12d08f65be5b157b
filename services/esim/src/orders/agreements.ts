import type { Knex } from 'knex';
import { agreementText, buyerName, distanceSaleDocuments, translate, type Locale, type Seller } from '@esim/contracts';
import { AppError, type InternalClient, type PublishInput, type ShopIdentityReader } from '@esim/platform';
import { installState } from '../install/state';
import { isWithdrawn } from '../profiles/views';
import type { AgreementRow, OrderRow, ProfileRow } from '../rows';
import { installDetailsOf } from '../install/mail';
import { planTitles } from './plan-title';

/** A checkout card payment as the balance service answers it (GET /internal/payments/:id and its claim). */
export interface CheckoutPayment {
  id: string;
  user_id: string;
  status: string;
  purpose: 'deposit' | 'order';
  amount_cents: number;
  order_id: string | null;
  provider_payment_id: string | null;
  agreement_version: string | null;
  agreement_accepted_at: string | null;
}

/** The card's part of an order: the payment the order claimed and what of the total it paid. */
export interface CardShare {
  paymentId: string;
  reference: string | null;
  cents: number;
}

/** The part of the service's context the documents need: the buyer's figures and the shop's identity. */
type AgreementContext = { balance: InternalClient; shop: ShopIdentityReader };

const cardPaymentRefused = (code: string, locale: Locale) =>
  new AppError(422, code, { errors: [{ path: 'card_payment_id', message: translate(code, locale) }] });

/**
 * Reads the buyer's checkout payment before the order is written (outside any transaction): only a
 * paid one of the buyer's own, made at checkout, can pay part of an order. Whether another order has
 * it already is the claim's to say (orders/saga.ts), since a replay of this very purchase holds it.
 */
export async function checkoutPayment(
  ctx: AgreementContext,
  input: { userId: string; paymentId: string; locale: Locale; requestId?: string },
): Promise<CheckoutPayment> {
  let payment: CheckoutPayment;
  try {
    payment = await ctx.balance.request<CheckoutPayment>(
      'GET',
      `/internal/payments/${encodeURIComponent(input.paymentId)}`,
      { requestId: input.requestId },
    );
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404)
      throw cardPaymentRefused('esim_card_payment_not_paid', input.locale);
    throw error;
  }
  if (payment.user_id !== input.userId || payment.status !== 'paid')
    throw cardPaymentRefused('esim_card_payment_not_paid', input.locale);
  if (payment.purpose !== 'order') throw cardPaymentRefused('payment_not_for_an_order', input.locale);
  return payment;
}

interface Buyer {
  full_name: string | null;
  email: string | null;
  available_cents: number;
  credit_left_cents: number;
}

/**
 * Fills in the distance-sale documents the buyer accepted (their version, checked by the request's
 * schema) from the order's own facts and keeps them with it: the seller, the buyer as the balance
 * service knows them, the package, and how it is paid (the card's part: what the checkout payment
 * credited, at most the total). The text is ours, never a client's. A retried request writes nothing more.
 */
export async function recordAgreement(
  db: Knex,
  ctx: AgreementContext,
  order: OrderRow,
  input: { version: string; acceptedAt?: Date; email: string; card?: CheckoutPayment; requestId?: string },
): Promise<void> {
  if (await agreementOf(db, order.id)) return;
  const buyer = await ctx.balance.request<Buyer>('GET', `/internal/users/${encodeURIComponent(order.user_id)}/buyer`, {
    requestId: input.requestId,
  });
  const locale: Locale = order.locale === 'en' ? 'en' : 'tr';
  const byCardCents = input.card ? Math.min(input.card.amount_cents, order.total_cents) : 0;
  const fromBalanceCents = order.total_cents - byCardCents;
  const fromCreditCents =
    buyer.credit_left_cents > 0
      ? Math.min(Math.max(0, fromBalanceCents - Math.max(0, buyer.available_cents)), buyer.credit_left_cents)
      : 0;
  const topUpOf = order.top_up_profile_id
    ? ((await db('profiles').where({ id: order.top_up_profile_id }).first('iccid')) as { iccid: string }).iccid
    : undefined;
  const documents = distanceSaleDocuments({
    seller: await ctx.shop.seller(input.requestId),
    buyer: {
      fullName: buyerName({ full_name: buyer.full_name, email: buyer.email ?? input.email }),
      email: buyer.email ?? input.email,
    },
    item: {
      name: locale === 'en' ? order.package_name_en : order.package_name_tr,
      code: order.package_code,
      dataMb: order.data_mb,
      validityDays: order.validity_days,
      quantity: order.quantity,
      unitCents: order.unit_price_cents,
      topUpOf,
    },
    fromBalanceCents,
    byCardCents,
    fromCreditCents,
    locale,
    date: input.acceptedAt ?? new Date(),
  });
  // A version outdated by a release between the card payment and the order is not refused: the buyer
  // paid already, and the order names the wording it was filled in with.
  if (documents.version !== input.version && !input.card) throw new AppError(400, 'agreement_version_outdated');
  await db('order_agreements')
    .insert({
      order_id: order.id,
      version: documents.version,
      text: agreementText(documents),
      card_payment_id: input.card?.id ?? null,
      card_payment_reference: input.card?.provider_payment_id ?? null,
      paid_by_card_cents: byCardCents,
      ...(input.acceptedAt ? { accepted_at: input.acceptedAt } : {}),
    })
    .onConflict('order_id')
    .ignore();
}

export async function agreementOf(db: Knex | Knex.Transaction, orderId: string): Promise<AgreementRow | undefined> {
  return (await db('order_agreements').where({ order_id: orderId }).first()) as AgreementRow | undefined;
}

/** The install details the receipt mail prints: each eSIM of the order still ready to install, with its QR png. */
const installDetails = (profiles: ProfileRow[]) =>
  installDetailsOf(profiles.filter((p) => !isWithdrawn(p) && installState(p) === 'ready'));

function receiptEvent(
  order: OrderRow,
  agreement: AgreementRow,
  seller: Seller,
  esims: Awaited<ReturnType<typeof installDetails>>,
): PublishInput<'esim.order.receipt'> {
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
      ...planTitles(order),
      dataMb: order.data_mb,
      validityDays: order.validity_days,
      quantity: order.quantity,
      unitPriceCents: order.unit_price_cents,
      totalCents: order.total_cents,
      paidByCardCents: Math.min(Number(agreement.paid_by_card_cents), order.total_cents),
      cardPaymentReference: agreement.card_payment_reference,
      agreementVersion: agreement.version,
      agreementText: agreement.text,
      topUp: order.top_up_profile_id !== null,
      esims,
    },
  };
}

/**
 * The receipts of orders about to complete that carry accepted documents, for the statement that
 * completes them to publish (one read of the batch's documents). `profiles` are the orders' eSIMs, read already for the buyer's answer.
 */
export async function receiptEvents(
  db: Knex,
  seller: Seller,
  completing: OrderRow[],
  profiles: ProfileRow[],
): Promise<Array<PublishInput<'esim.order.receipt'>>> {
  // An order known to carry none (a dealer's, the API's) is not looked up.
  const receipted = completing.filter((order) => order.with_documents !== false);
  if (receipted.length === 0) return [];
  const agreements = (await db('order_agreements').whereIn(
    'order_id',
    receipted.map((order) => order.id),
  )) as AgreementRow[];
  const byOrder = new Map(agreements.map((row) => [row.order_id, row]));
  return Promise.all(
    receipted
      .filter((order) => byOrder.has(order.id))
      .map(async (order) =>
        receiptEvent(
          order,
          byOrder.get(order.id)!,
          seller,
          // A top-up adds data to an eSIM the buyer has: its receipt carries no QR.
          await installDetails(order.top_up_profile_id === null ? profiles.filter((p) => p.order_id === order.id) : []),
        ),
      ),
  );
}
