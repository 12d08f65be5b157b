import type { Knex } from 'knex';
import { AppError, notFound } from '@esim/platform';
import { bookOrderCardRefund } from '../payments/card-refunds';
import type { CardRefundRow, PaymentRow } from '../payments/rows';
import { openAccounts, spendable } from './accounts';
import { captureHold } from './holds';
import { postTransfer } from './transfers';

/**
 * Gives back (part of) a captured purchase: the opposite of the capture transfer (the revenue
 * bucket it credited → the buyer's spendable balance), for one refunded item of the order at a time
 * (an eSIM of a multi-eSIM order). Idempotent by `refundKey`; the refunds of one hold never add up to
 * more than was captured (the hold row is locked while they are counted).
 *
 * Only a completed order (its eSIMs handed out) is ever refunded, and a completed order's hold is
 * captured when its completion event is consumed. A refund that overtakes that event finds the hold
 * still pending: it captures it first (what the event would do; the event then replays it), so a
 * refund right after a purchase is never refused nor paid out of money that was not taken.
 *
 * When a card paid part of the order (`card`: the payment the order claimed), that part goes on
 * from the balance to the card in the same transaction (payments/card-refunds.ts), so the balance
 * keeps only what the balance paid. The payment row is locked first, as every payment path does.
 */
export async function refundCapturedHold(
  db: Knex,
  input: {
    orderId: string;
    refundKey: string;
    amountCents: number;
    reason: string;
    createdBy: string;
    card?: { paymentId: string; amountCents: number };
  },
): Promise<{ transferId: number; replayed: boolean; cardRefund?: CardRefundRow }> {
  const pending = await db('holds').where({ order_id: input.orderId, status: 'pending' }).first('id');
  // Its own transaction, before the hold row is locked below: ledger_holds locks accounts before holds.
  if (pending) await captureHold(db, pending.id as string, { createdBy: input.createdBy }).catch(ignoreNotPending);
  return db.transaction(async (trx) => {
    const payment = input.card
      ? ((await trx('payments').where({ id: input.card.paymentId }).forUpdate().first()) as PaymentRow | undefined)
      : undefined;
    if (input.card && !payment) throw notFound('payment_not_found');
    if (input.card && input.card.amountCents > input.amountCents)
      throw new AppError(422, 'card_refund_exceeds_payment');
    const toCard = async (posted: { transferId: number; replayed: boolean }) => ({
      ...posted,
      cardRefund:
        payment && input.card
          ? await bookOrderCardRefund(trx, payment, {
              orderId: input.orderId,
              refundKey: input.refundKey,
              amountCents: input.card.amountCents,
              createdBy: input.createdBy,
            })
          : undefined,
    });
    const hold = await trx('holds')
      .where({ order_id: input.orderId })
      .forUpdate()
      .first('id', 'user_id', 'amount', 'status', 'capture_transfer_id');
    if (!hold) throw notFound('hold_not_found');
    if (hold.status !== 'captured' || !hold.capture_transfer_id) throw new AppError(409, 'hold_not_captured');
    const idempotencyKey = `refund:${input.refundKey}`;
    const earlier = await trx('transfers').where({ idempotency_key: idempotencyKey }).first('id', 'amount');
    if (earlier) {
      if (Number(earlier.amount) !== input.amountCents) throw new AppError(409, 'idempotency_conflict');
      return toCard({ transferId: Number(earlier.id), replayed: true });
    }
    const capture = await trx('transfers')
      .where({ id: hold.capture_transfer_id })
      .first('id', 'credit_account_id', 'debit_account_id');
    const [{ refunded }] = (await trx('transfers')
      .where({ kind: 'refund' })
      .whereRaw(`metadata->>'hold_id' = ?`, [hold.id])
      .sum({ refunded: 'amount' })) as [{ refunded: string | null }];
    if (Number(refunded ?? 0) + input.amountCents > Number(hold.amount))
      throw new AppError(422, 'refund_exceeds_capture');
    const buyer = spendable(hold.user_id);
    const ids = await openAccounts(trx, [buyer]);
    return toCard(
      await postTransfer(trx, {
        debitAccountId: capture.credit_account_id,
        creditAccountId: ids.get(buyer.key)!,
        amountCents: input.amountCents,
        kind: 'refund',
        idempotencyKey,
        reference: input.orderId,
        metadata: { hold_id: hold.id, reverses_capture: capture.id, reason: input.reason },
        createdBy: input.createdBy,
      }),
    );
  });
}

/** Voided meanwhile: the locked read below refuses it as not captured. */
function ignoreNotPending(error: unknown): void {
  if (!(error instanceof AppError && error.code === 'hold_not_pending')) throw error;
}
