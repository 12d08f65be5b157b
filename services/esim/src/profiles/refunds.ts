import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import { AppError, publish, retryDelayMs, unprocessable, type AuthUser } from '@esim/platform';
import { REFUND_POLICY, translate, type Locale } from '@esim/contracts';
import type { EsimContext } from '../context';
import { agreementOf } from '../orders/agreements';
import { findProfile } from '../orders/queries';
import { loadOrder } from '../orders/saga';
import { refundRefusal } from './views';
import { planTitles } from '../orders/plan-title';
import { refuseSandboxMoney } from '../orders/sandbox';
import { type OrderRow, type ProfileRow } from '../rows';

/**
 * Refunds (one policy in @esim/contracts, docs/product.md): the owner may refund an eSIM never
 * installed within the policy window; an admin may refund any, with a reason. A refund is a saga of
 * its own, each step asked again by the recovery loop until it is done:
 *
 *   (request) ── withdrawn here ──► revoking ──provider.revoke──► paying ──balance refund──► done
 *
 * The request withdraws the eSIM at once (its code is shown nowhere from then on) and records the
 * refund with its split; the eSIM is then ended at its provider, outside any transaction; only
 * then does the money go back through the balance service, idempotent by the eSIM: the card's part
 * (what the order's checkout card payment paid of it, not yet given back by an earlier refund of
 * the same order) to the card, the rest to the balance. Done, esim.order.refunded tells the buyer
 * where the money went. Never money back for an eSIM still usable, and never twice.
 */
export interface RefundRow {
  profile_id: string;
  order_id: string;
  user_id: string;
  amount_cents: number | string;
  card_cents: number | string;
  card_payment_id: string | null;
  reason: string | null;
  refunded_by: string;
  step: 'revoking' | 'paying' | 'done';
  transfer_id: number | null;
  attempts: number;
  created_at: Date;
}

/** Where an eSIM's refund would go, before it is asked for: the card's part and the balance's. */
export interface RefundSplit {
  amountCents: number;
  cardCents: number;
  cardPaymentId: string | null;
  cardReference: string | null;
}

export async function refundSplit(db: Knex | Knex.Transaction, order: OrderRow): Promise<RefundSplit> {
  const agreement = await agreementOf(db, order.id);
  const cardShare = agreement?.card_payment_id ? Number(agreement.paid_by_card_cents) : 0;
  const [given] = (await db('refunds').where({ order_id: order.id }).sum({ total: 'card_cents' })) as Array<{
    total: string | null;
  }>;
  const cardCents = Math.max(0, Math.min(order.unit_price_cents, cardShare - Number(given?.total ?? 0)));
  return {
    amountCents: order.unit_price_cents,
    cardCents,
    cardPaymentId: cardCents > 0 ? agreement!.card_payment_id : null,
    cardReference: cardCents > 0 ? agreement!.card_payment_reference : null,
  };
}

/** Whether `user` may refund this eSIM now, and why not (a message code), as the refund itself decides. */
export function refusalFor(user: AuthUser, profile: ProfileRow, order: OrderRow): string | null {
  if (!order.hold_id || order.step !== 'completed') return 'esim_refund_not_possible';
  const refusal = refundRefusal(profile, order);
  // An admin may refund what the policy refuses (used, out of window), but nothing twice.
  if (refusal === 'esim_refund_not_allowed_status' || (refusal && user.role !== 'admin')) return refusal;
  return null;
}

/** Long enough for a provider call to time out: a refund taken is another copy's again only after it. */
const REFUND_LEASE_MS = 60_000;

export async function refundEsim(
  db: Knex,
  ctx: EsimContext,
  user: AuthUser,
  ref: string,
  input: { reason?: string; locale: Locale },
): Promise<RefundRow> {
  refuseSandboxMoney(user);
  if (user.role === 'admin' && !input.reason) {
    throw new AppError(400, 'esim_refund_reason_required', {
      errors: [{ path: 'reason', message: translate('esim_refund_reason_required', input.locale) }],
    });
  }
  // `taken`: this request made the refund and holds it for its first try.
  const { refund, taken } = await db.transaction(async (trx) => {
    const profile = await findProfile(trx, user, ref, { forUpdate: true });
    const existing = (await trx('refunds').where({ profile_id: profile.id }).first()) as RefundRow | undefined;
    if (existing) return { refund: existing, taken: false };
    const order = (await loadOrder(trx, profile.order_id!))!;
    const refusal = refusalFor(user, profile, order);
    if (refusal) throw unprocessable(refusal, { days: REFUND_POLICY.esimUnusedRefundDays });
    // The order's other eSIMs are refunded under their own locks: the order's card share is counted under the order's.
    await trx('orders').where({ id: order.id }).forUpdate().first('id');
    const split = await refundSplit(trx, order);
    const [row] = await trx('refunds')
      .insert({
        profile_id: profile.id,
        order_id: order.id,
        user_id: order.user_id,
        amount_cents: split.amountCents,
        card_cents: split.cardCents,
        card_payment_id: split.cardPaymentId,
        reason: input.reason ?? null,
        refunded_by: user.id,
        step: 'revoking',
        // Taken by this request for its first try: the recovery loop leaves it alone meanwhile.
        next_attempt_at: trx.raw(`now() + (? * interval '1 millisecond')`, [REFUND_LEASE_MS]),
      })
      .returning('*');
    // Withdrawn at once: from this commit on no answer carries its code (profiles/views.ts).
    await trx('profiles')
      .where({ id: profile.id })
      .update({ status: 'refunded', refunded_at: trx.fn.now(), updated_at: trx.fn.now() });
    return { refund: row as RefundRow, taken: true };
  });
  if (taken) return settleRefund(db, ctx, refund);
  // A repeated request drives the refund on only if it is due and no other process has it.
  const [due] = await takeRefunds(db, { profileId: refund.profile_id });
  return due ? settleRefund(db, ctx, due) : refund;
}

/**
 * Takes a recorded refund as far as it goes now: the eSIM ended at its provider, then the money. A
 * step that fails (the provider or the balance service unreachable) leaves it where it is, for the
 * recovery loop; the buyer's request still answers (the refund is recorded and the eSIM withdrawn).
 */
export async function settleRefund(
  db: Knex,
  ctx: EsimContext,
  refund: RefundRow,
  log?: FastifyBaseLogger,
): Promise<RefundRow> {
  let row = refund;
  try {
    if (row.step === 'revoking') {
      const iccid = ((await db('profiles').where({ id: row.profile_id }).first('iccid')) as { iccid: string }).iccid;
      await ctx.provider.revoke(db, { id: row.profile_id, iccid, orderId: row.order_id });
      row = await moveRefund(db, row, 'revoking', { step: 'paying', revoked_at: db.fn.now() });
    }
    if (row.step === 'paying') row = await payBack(db, ctx, row);
  } catch (error) {
    log?.warn({ err: error, esimId: row.profile_id, step: row.step }, 'an eSIM refund waits for its next step');
    await db('refunds')
      .where({ profile_id: row.profile_id })
      .update({
        attempts: row.attempts + 1,
        last_error: error instanceof Error ? error.message.slice(0, 500) : String(error),
        next_attempt_at: new Date(Date.now() + retryDelayMs(row.attempts + 1, REFUND_RETRY)),
      });
  }
  return row;
}

async function payBack(db: Knex, ctx: EsimContext, refund: RefundRow): Promise<RefundRow> {
  const cardCents = Number(refund.card_cents);
  const answer = await ctx.balance.request<{ transfer_id: number }>('POST', '/internal/refunds', {
    body: {
      order_id: refund.order_id,
      refund_key: `esim:${refund.profile_id}`,
      amount_cents: Number(refund.amount_cents),
      reason: refund.reason ?? 'eSIM refund',
      ...(cardCents > 0 ? { card: { payment_id: refund.card_payment_id, amount_cents: cardCents } } : {}),
    },
  });
  return db.transaction(async (trx) => {
    const done = await moveRefund(trx, refund, 'paying', {
      step: 'done',
      transfer_id: answer.transfer_id,
      done_at: trx.fn.now(),
      last_error: null,
    });
    if (done.step === 'done' && refund.step === 'paying') {
      const order = (await loadOrder(trx, refund.order_id))!;
      const profile = (await trx('profiles').where({ id: refund.profile_id }).first('iccid')) as { iccid: string };
      const amountCents = Number(refund.amount_cents);
      await publish(trx, 'esim', {
        type: 'esim.order.refunded',
        aggregateId: order.id,
        payload: {
          orderId: order.id,
          userId: order.user_id,
          esimId: refund.profile_id,
          iccid: profile.iccid,
          amountCents,
          refundedBy: refund.refunded_by,
          reason: refund.reason,
          orderNumber: order.order_number,
          packageNameTr: order.package_name_tr,
          packageNameEn: order.package_name_en,
          ...planTitles(order),
          locale: order.locale === 'en' ? 'en' : 'tr',
          toCardCents: cardCents,
          toBalanceCents: amountCents - cardCents,
        },
      });
    }
    return done;
  });
}

/** Moves a refund on from `from` (only if it is still there); a refund someone else moved first is read as it is now. */
async function moveRefund(
  db: Knex | Knex.Transaction,
  refund: RefundRow,
  from: RefundRow['step'],
  changes: Record<string, unknown>,
): Promise<RefundRow> {
  const [row] = await db('refunds')
    .where({ profile_id: refund.profile_id, step: from })
    .update({ ...changes, attempts: 0 })
    .returning('*');
  return (row ?? (await db('refunds').where({ profile_id: refund.profile_id }).first())) as RefundRow;
}

const REFUND_RETRY = { retryBaseMs: 2_000, retryMaxMs: 10 * 60_000 };

/**
 * The unfinished refunds due for their next step (or the one named), taken by this process for a
 * while so that two copies of the service never ask the provider at once.
 */
async function takeRefunds(db: Knex, only: { profileId?: string } = {}): Promise<RefundRow[]> {
  const taken = await db.raw(
    `UPDATE refunds SET next_attempt_at = now() + (? * interval '1 millisecond')
      WHERE profile_id IN (SELECT profile_id FROM refunds
                            WHERE step <> 'done' AND next_attempt_at <= now() AND (?::uuid IS NULL OR profile_id = ?::uuid)
                            ORDER BY next_attempt_at LIMIT 50 FOR UPDATE SKIP LOCKED)
      RETURNING *`,
    [REFUND_LEASE_MS, only.profileId ?? null, only.profileId ?? null],
  );
  return taken.rows as RefundRow[];
}

/** Recovery: refunds recorded but not yet done (a crash, the provider or the balance service down in between). */
export async function settlePendingRefunds(db: Knex, ctx: EsimContext, log?: FastifyBaseLogger): Promise<void> {
  const pending = await takeRefunds(db);
  for (const refund of pending) await settleRefund(db, ctx, refund, log);
}
