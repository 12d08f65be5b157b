import type { Knex } from 'knex';
import { AppError, notFound } from '@esim/platform';
import { ESIM_ORDER_NUMBER_PATTERN, translate, type BalanceCheckResult, type Locale } from '@esim/contracts';

import { isValidIccid } from '../profiles/iccid';
import { normalizeOrder, type OrderRow } from '../rows';
import { planPlace, planTitle } from '../orders/plan-title';
import { bundlesOf } from '../top-ups/views';
import { type ProfileRow } from '../rows';

/**
 * The public balance check by order number or by one eSIM's ICCID (docs/product.md, The balance
 * check): the input is upper-cased; empty → 'Lütfen sipariş numarası veya sıra numarası girin';
 * 19-20 digits is an ICCID ('Geçersiz ICCID formatı' unless it starts 89 with a valid check digit);
 * anything else not 8+ upper-case letters or digits → 'Geçersiz QR eSIM sipariş numarası formatı';
 * unknown → 404 'Bakiye bilgileri bulunamadı', the same for an order number and an ICCID. Data in
 * MB. An order with several eSIMs answers the sum of those not refunded, an ICCID its eSIM alone.
 * Seeded demo orders say they are demo.
 */
const MB = 1024 * 1024;
const ICCID_DIGITS = /^[0-9]{19,20}$/;

export type BalanceCheckRef = { kind: 'order'; orderNumber: string } | { kind: 'iccid'; iccid: string };

export function parseBalanceRef(raw: string, locale: Locale): BalanceCheckRef {
  const value = raw.trim().toUpperCase();
  const fail = (code: string) =>
    new AppError(400, code, { errors: [{ path: 'id', message: translate(code, locale) }] });
  if (!value) throw fail('balance_check_number_required');
  if (ICCID_DIGITS.test(value)) {
    if (!isValidIccid(value)) throw fail('balance_check_iccid_invalid');
    return { kind: 'iccid', iccid: value };
  }
  if (!ESIM_ORDER_NUMBER_PATTERN.test(value) || value.length > 40) throw fail('balance_check_esim_number_invalid');
  return { kind: 'order', orderNumber: value };
}

export async function balanceCheck(db: Knex, ref: BalanceCheckRef, locale: Locale): Promise<BalanceCheckResult> {
  if (ref.kind === 'iccid') {
    // The newest sold eSIM with that ICCID (a supplier may hand one out again once it ended), of a completed order.
    const profile = (await db('profiles as p')
      .join('orders as o', 'o.id', 'p.order_id')
      .where({ 'p.iccid': ref.iccid, 'o.step': 'completed' })
      .orderBy('p.created_at', 'desc')
      .first('p.*')) as ProfileRow | undefined;
    if (!profile) throw notFound('balance_check_not_found');
    const order = normalizeOrder(await db('orders').where({ id: profile.order_id }).first());
    // Answered under the ICCID asked about: its order's number would open the order's other eSIMs too.
    return resultOf(db, order, [profile], ref.iccid, locale);
  }
  const found = await db('orders').where({ order_number: ref.orderNumber, step: 'completed' }).first();
  if (!found) throw notFound('balance_check_not_found');
  // A top-up's number reads the eSIM it added to, as that eSIM's own order number does.
  const order = found.top_up_profile_id
    ? await db('orders')
        .where({ id: db('profiles').where({ id: found.top_up_profile_id }).select('order_id') })
        .first()
    : found;
  const profiles = (await db('profiles').where({ order_id: order.id }).orderBy('iccid')) as ProfileRow[];
  if (profiles.length === 0) throw notFound('balance_check_not_found');
  return resultOf(db, normalizeOrder(order), profiles, ref.orderNumber, locale);
}

async function resultOf(
  db: Knex,
  order: OrderRow,
  profiles: ProfileRow[],
  number: string,
  locale: Locale,
): Promise<BalanceCheckResult> {
  const now = Date.now();
  const statusOf = (p: ProfileRow): 'active' | 'ready' | 'inactive' | 'expired' => {
    if (p.status === 'expired' || p.status === 'used' || (p.expires_at && new Date(p.expires_at).getTime() < now))
      return 'expired';
    if (p.status === 'active') return 'active';
    // Never used: waiting to be installed, as the order page says it.
    if (p.status === 'inactive') return 'ready';
    return 'inactive';
  };
  // A refunded eSIM's data went with its money: the order reads by the eSIMs still running (a
  // revoked one, not paid back, reads inactive), and refunded, with nothing left, once all are.
  const refunded = (p: ProfileRow) => p.refunded_at !== null || p.status === 'refunded';
  const kept = profiles.filter((p) => !refunded(p));
  const counted = kept.length > 0 ? kept : profiles;
  const statuses = kept.map(statusOf);
  const status =
    kept.length === 0
      ? 'refunded'
      : statuses.includes('active')
        ? 'active'
        : statuses.every((s) => s === 'expired')
          ? 'expired'
          : statuses.includes('ready')
            ? 'ready'
            : 'inactive';
  const total = counted.reduce((sum, p) => sum + (p.data_total_bytes === null ? 0 : Number(p.data_total_bytes)), 0);
  const used = counted.reduce(
    (sum, p) =>
      sum + Math.min(Number(p.data_used_bytes), p.data_total_bytes === null ? Infinity : Number(p.data_total_bytes)),
    0,
  );
  const remaining = kept.length > 0 ? Math.max(0, total - used) : 0;
  const mb = (bytes: number) => Math.round((bytes / MB) * 100) / 100;
  const dates = (pick: (p: ProfileRow) => Date | null) =>
    profiles
      .map(pick)
      .filter((d): d is Date => Boolean(d))
      .map((d) => new Date(d).getTime());
  const activations = dates((p) => p.activated_at);
  const expiries = dates((p) => p.expires_at);
  return {
    type: 'esim' as const,
    orderNumber: number,
    status,
    packageName: planTitle(order, locale),
    totalData: mb(total),
    usedData: mb(used),
    remainingData: mb(remaining),
    activationDate: activations.length ? new Date(Math.min(...activations)).toISOString() : null,
    expiryDate: expiries.length ? new Date(Math.max(...expiries)).toISOString() : null,
    country: planPlace(order, locale),
    operator: [...new Set(profiles.map((p) => p.operator))].join(', '),
    demo: Boolean(order.demo),
    bundles: await bundlesOfOrder(db, order, kept, locale),
  };
}

/** The order's package, then the top-ups of its eSIMs still running, oldest first. */
async function bundlesOfOrder(
  db: Knex,
  own: OrderRow,
  kept: ProfileRow[],
  locale: Locale,
): Promise<NonNullable<BalanceCheckResult['bundles']>> {
  const lists = await Promise.all(kept.map((p) => bundlesOf(db, p.id, own, locale)));
  const topUps = lists
    .flatMap((list) => list.filter((b) => b.kind === 'top_up'))
    .sort((a, b) => a.added_at.localeCompare(b.added_at));
  const initial = lists[0]?.[0];
  return [...(initial ? [initial] : []), ...topUps].map((b) => ({
    kind: b.kind,
    packageName: b.package_name,
    dataMb: b.data_mb,
    validityDays: b.validity_days,
    addedAt: b.added_at,
  }));
}
