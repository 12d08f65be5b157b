import type { Knex } from 'knex';
import { AppError, conflict, notFound } from '@esim/platform';
import type { PaymentRow } from './rows';

/**
 * One card payment pays for one order. The esim service claims a checkout payment for the order it
 * is placing before it takes the order's hold: the first order to claim it keeps it (the same order
 * asking again gets the same answer), and the card's share of that order is what the payment
 * credited, at most the order's total. A payment made from the balance page buys nothing and
 * cannot be claimed; neither can money already given back to the card.
 */
export interface Claim {
  payment: PaymentRow;
  cardCents: number;
}

export async function claimForOrder(
  db: Knex,
  input: { paymentId: string; orderId: string; userId: string; totalCents: number },
): Promise<Claim> {
  return db.transaction(async (trx) => {
    const payment = (await trx('payments').where({ id: input.paymentId }).forUpdate().first()) as
      PaymentRow | undefined;
    if (!payment || payment.user_id !== input.userId) throw notFound('payment_not_found');
    if (payment.order_id === input.orderId) return { payment, cardCents: Number(payment.order_cents) };
    if (payment.order_id) throw conflict('payment_already_used');
    if (payment.status !== 'paid') throw new AppError(422, 'esim_card_payment_not_paid');
    if (payment.purpose !== 'order') throw new AppError(422, 'payment_not_for_an_order');
    const [given] = (await trx('card_refunds')
      .where({ payment_id: payment.id })
      .whereNot('status', 'returned')
      .sum({ total: 'amount' })) as Array<{ total: string | null }>;
    const cardCents = Math.min(Number(payment.paid_cents) - Number(given?.total ?? 0), input.totalCents);
    if (cardCents <= 0) throw new AppError(422, 'payment_already_refunded');
    const [claimed] = (await trx('payments')
      .where({ id: payment.id })
      .update({ order_id: input.orderId, order_cents: cardCents, claimed_at: trx.fn.now() })
      .returning('*')) as PaymentRow[];
    return { payment: claimed!, cardCents };
  });
}
