import type { Knex } from 'knex';
import { AppError, publish, unprocessable, type AuthUser } from '@esim/platform';
import { REFUND_POLICY, translate, type Locale } from '@esim/contracts';
import type { EsimContext } from '../context';
import { findProfile } from '../orders/queries';
import { loadOrder } from '../orders/saga';
import { refundRefusal } from './views';

/**
 * Refunds (one policy in @esim/contracts, docs/product.md): the owner may refund an eSIM never
 * activated within the policy window; an admin may refund any, with a reason. The eSIM is revoked
 * and the refund recorded first (one transaction, with esim.order.refunded); the money then goes
 * back through the balance service's refund route, idempotent by the eSIM, which reverses that
 * part of the order's captured purchase. A crash between the two leaves a refund without its
 * transfer, which the recovery loop settles: never money back for an eSIM still usable.
 */
export interface RefundRow {
  profile_id: string;
  order_id: string;
  user_id: string;
  amount_cents: number;
  reason: string | null;
  transfer_id: number | null;
  created_at: Date;
}

export async function refundEsim(
  db: Knex,
  ctx: EsimContext,
  user: AuthUser,
  ref: string,
  input: { reason?: string; locale: Locale },
): Promise<RefundRow> {
  const isAdmin = user.role === 'admin';
  if (isAdmin && !input.reason) {
    throw new AppError(400, 'esim_refund_reason_required', {
      errors: [{ path: 'reason', message: translate('esim_refund_reason_required', input.locale) }],
    });
  }
  const refund = await db.transaction(async (trx) => {
    const profile = await findProfile(trx, user, ref, { forUpdate: true });
    const existing = (await trx('refunds').where({ profile_id: profile.id }).first()) as RefundRow | undefined;
    if (existing) return existing;
    const order = (await loadOrder(trx, profile.order_id!))!;
    if (!order.hold_id || order.step !== 'completed') throw unprocessable('esim_refund_not_possible');
    const refusal = refundRefusal(profile, order);
    // An admin may refund what the policy refuses (used, out of window), but nothing twice.
    if (refusal === 'esim_refund_not_allowed_status' || (refusal && !isAdmin)) {
      throw unprocessable(refusal, { days: REFUND_POLICY.esimUnusedRefundDays });
    }
    const [row] = await trx('refunds')
      .insert({
        profile_id: profile.id,
        order_id: order.id,
        user_id: order.user_id,
        amount_cents: order.unit_price_cents,
        reason: input.reason ?? null,
        refunded_by: user.id,
      })
      .returning('*');
    await trx('profiles')
      .where({ id: profile.id })
      .update({ status: 'refunded', refunded_at: trx.fn.now(), updated_at: trx.fn.now() });
    await ctx.provider.setStatus(trx, profile.iccid, 'revoked');
    await publish(trx, 'esim', {
      type: 'esim.order.refunded',
      aggregateId: order.id,
      payload: {
        orderId: order.id,
        userId: order.user_id,
        esimId: profile.id,
        iccid: profile.iccid,
        amountCents: order.unit_price_cents,
        refundedBy: user.id,
        reason: input.reason ?? null,
      },
    });
    return row as RefundRow;
  });
  return settleRefund(db, ctx, refund);
}

/** Moves the money of a recorded refund (idempotent: the balance service keys it by the eSIM). */
export async function settleRefund(db: Knex, ctx: EsimContext, refund: RefundRow): Promise<RefundRow> {
  if (refund.transfer_id) return refund;
  const answer = await ctx.balance.request<{ transfer_id: number }>('POST', '/internal/refunds', {
    body: {
      order_id: refund.order_id,
      refund_key: `esim:${refund.profile_id}`,
      amount_cents: Number(refund.amount_cents),
      reason: refund.reason ?? 'eSIM refund',
    },
  });
  const [row] = await db('refunds')
    .where({ profile_id: refund.profile_id })
    .update({ transfer_id: answer.transfer_id })
    .returning('*');
  return row as RefundRow;
}

/** Recovery: refunds recorded but not yet paid back (a crash or the balance service down in between). */
export async function settlePendingRefunds(db: Knex, ctx: EsimContext): Promise<void> {
  const pending = (await db('refunds')
    .whereNull('transfer_id')
    .where('created_at', '<', db.raw(`now() - interval '5 seconds'`))
    .limit(50)) as RefundRow[];
  for (const refund of pending) await settleRefund(db, ctx, refund);
}
