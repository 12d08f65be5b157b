import type { Knex } from 'knex';
import { AppError, notFound } from '@esim/platform';
import { openAccounts, spendable } from './accounts';
import { postTransfer } from './transfers';

/**
 * Gives back (part of) a captured purchase: the opposite of the capture transfer (the revenue
 * bucket it credited → the buyer's spendable balance), for one refunded item of the order at a time
 * (an eSIM of a multi-eSIM order). Idempotent by `refundKey`; the refunds of one hold never add up to
 * more than was captured (the hold row is locked while they are counted).
 */
export async function refundCapturedHold(
  db: Knex,
  input: { orderId: string; refundKey: string; amountCents: number; reason: string; createdBy: string },
): Promise<{ transferId: number; replayed: boolean }> {
  return db.transaction(async (trx) => {
    const hold = await trx('holds').where({ order_id: input.orderId }).forUpdate().first('id', 'user_id', 'amount', 'status', 'capture_transfer_id');
    if (!hold) throw notFound('hold_not_found');
    if (hold.status !== 'captured' || !hold.capture_transfer_id) throw new AppError(409, 'hold_not_captured');
    const idempotencyKey = `refund:${input.refundKey}`;
    const earlier = await trx('transfers').where({ idempotency_key: idempotencyKey }).first('id', 'amount');
    if (earlier) {
      if (Number(earlier.amount) !== input.amountCents) throw new AppError(409, 'idempotency_conflict');
      return { transferId: Number(earlier.id), replayed: true };
    }
    const capture = await trx('transfers').where({ id: hold.capture_transfer_id }).first('id', 'credit_account_id', 'debit_account_id');
    const [{ refunded }] = (await trx('transfers')
      .where({ kind: 'refund' })
      .whereRaw(`metadata->>'hold_id' = ?`, [hold.id])
      .sum({ refunded: 'amount' })) as [{ refunded: string | null }];
    if (Number(refunded ?? 0) + input.amountCents > Number(hold.amount)) throw new AppError(422, 'refund_exceeds_capture');
    const buyer = spendable(hold.user_id);
    const ids = await openAccounts(trx, [buyer]);
    return postTransfer(trx, {
      debitAccountId: capture.credit_account_id,
      creditAccountId: ids.get(buyer.key)!,
      amountCents: input.amountCents,
      kind: 'refund',
      idempotencyKey,
      reference: input.orderId,
      metadata: { hold_id: hold.id, reverses_capture: capture.id, reason: input.reason },
      createdBy: input.createdBy,
    });
  });
}
