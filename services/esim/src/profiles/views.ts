import {
  centsToEuros,
  deriveUsage,
  esimRefundDeadline,
  esimRefundRefusal,
  translate,
  type EsimOrder,
  type EsimOrderStatus,
  type EsimOrderSummary,
  type EsimProfile,
  type Locale,
  type Usage,
} from '@esim/contracts';
import { countryName, planTitle } from '../orders/plan-title';
import type { AgreementRow, OrderRow, ProfileRow } from '../rows';

export const isoOrNull = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** GSMA SGP.22 activation code, and the iOS 17.4+ one-tap install link that carries it. */
export const activationCode = (p: Pick<ProfileRow, 'smdp_address' | 'matching_id'>) =>
  `LPA:1$${p.smdp_address}$${p.matching_id}`;
export const iosInstallUrl = (lpa: string) =>
  `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(lpa)}`;
/** Where clients fetch the QR png (every eSIM carries it, so clients never build it). */
export const qrUrl = (iccid: string) => `/api/user/esim/qr/${iccid}.png`;

/** Bytes in bytes; an unlimited plan reads total 0 (percentage 0) as the contract says. */
export function usageView(p: Pick<ProfileRow, 'data_total_bytes' | 'data_used_bytes'>): Usage {
  if (p.data_total_bytes === null) return deriveUsage(0, 0, true);
  const total = Number(p.data_total_bytes);
  return deriveUsage(total, Math.max(0, total - Number(p.data_used_bytes)));
}

export function refundRefusal(p: ProfileRow, order: Pick<OrderRow, 'created_at'>, now = new Date()) {
  return esimRefundRefusal(
    {
      purchasedAt: new Date(order.created_at),
      // On a phone already (its supplier said so) counts as activated: the refund policy is for eSIMs never installed.
      activated: Boolean(p.activated_at || p.installed_at),
      usedBytes: Number(p.data_used_bytes),
      status: p.status ?? 'inactive',
    },
    now,
  );
}

/** Refunded or revoked: taken back from its owner for good, so its QR code is gone and its usage no longer counts. */
export const isWithdrawn = (profile: { status: string | null; refunded_at: Date | null }) =>
  profile.refunded_at !== null || profile.status === 'refunded' || profile.status === 'revoked';

export function esimView(p: ProfileRow, order: Pick<OrderRow, 'created_at' | 'demo'>): EsimProfile {
  // A withdrawn eSIM's code is shown nowhere: installing it would use data that was refunded.
  const withdrawn = isWithdrawn(p);
  const lpa = withdrawn ? null : activationCode(p);
  // Only an eSIM never used and still inactive or suspended by its owner is refundable (and never a seeded demo one).
  const refundable =
    !order.demo && refundRefusal(p, order) === null && (p.status === 'inactive' || p.status === 'suspended');
  return {
    id: p.id,
    order_id: p.order_id!,
    iccid: p.iccid,
    status: p.status ?? 'inactive',
    activation_code: lpa,
    smdp_address: withdrawn ? null : p.smdp_address,
    matching_id: withdrawn ? null : p.matching_id,
    confirmation_code_required: p.confirmation_code_required,
    ios_install_url: lpa ? iosInstallUrl(lpa) : null,
    qr_url: withdrawn ? null : qrUrl(p.iccid),
    usage: usageView(p),
    usage_updated_at: isoOrNull(p.usage_updated_at ?? null),
    activated_at: isoOrNull(p.activated_at),
    expires_at: isoOrNull(p.expires_at),
    refundable,
    refund_deadline: refundable ? esimRefundDeadline(new Date(order.created_at)).toISOString() : null,
  };
}

/** The order's status: the saga's step, and once completed whether its eSIMs were refunded. */
export function orderStatus(order: OrderRow, refunded = 0, esimCount = order.quantity): EsimOrderStatus {
  if (order.step === 'completed')
    return refunded === 0 ? 'completed' : refunded >= esimCount ? 'refunded' : 'partially_refunded';
  if (order.step === 'failed') return 'failed';
  return order.step === 'placed' ? 'pending' : 'processing';
}

const englishNames = new Intl.DisplayNames(['en'], { type: 'region' });
const slugOf = (englishName: string) =>
  englishName
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function orderView(
  order: OrderRow,
  locale: Locale,
  counts: { esims: number; refunded: number; operator: string | null; topUpOf?: EsimOrderSummary['top_up_of'] },
): EsimOrderSummary {
  const local = order.package_type === 'local' && order.countries.length === 1 ? order.countries[0]! : null;
  const failed = order.step === 'failed' && order.failure_code;
  return {
    id: order.id,
    order_number: order.order_number,
    status: orderStatus(order, counts.refunded, counts.esims),
    package: {
      id: order.package_id ?? order.package_code,
      code: order.package_code,
      name: locale === 'en' ? order.package_name_en : order.package_name_tr,
      title: planTitle(order, locale),
      country_slug: local ? slugOf(englishNames.of(local) ?? local) : null,
      country_name: local ? countryName(local, locale) : null,
      data_mb: order.data_mb,
      unlimited: order.data_mb === null,
      validity_days: order.validity_days,
      operator: counts.operator,
    },
    quantity: order.quantity,
    unit_price: centsToEuros(order.unit_price_cents),
    unit_price_cents: order.unit_price_cents,
    total: centsToEuros(order.total_cents),
    total_cents: order.total_cents,
    currency: 'EUR',
    failure_reason: failed ? translate(order.failure_code!, locale, order.failure_params) : null,
    failure_code: failed ? order.failure_code : null,
    esim_count: counts.esims,
    top_up_of: counts.topUpOf ?? null,
    created_at: new Date(order.created_at).toISOString(),
    completed_at: isoOrNull(order.completed_at),
    user_id: order.user_id,
    customer_name: order.customer_name ?? null,
    customer_email: order.customer_email ?? null,
    sandbox: order.sandbox ?? false,
  };
}

/** The documents a buyer accepted at checkout, as the order's answer shows them. */
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

/** An order with its eSIMs and, for one placed at the storefront's checkout, the documents its buyer accepted. */
export function fullOrderView(
  order: OrderRow,
  locale: Locale,
  profiles: ProfileRow[],
  agreement?: AgreementRow,
  topUpOf?: EsimOrderSummary['top_up_of'],
): EsimOrder {
  const refunded = profiles.filter((p) => p.refunded_at).length;
  return {
    ...orderView(order, locale, { esims: profiles.length, refunded, operator: profiles[0]?.operator ?? null, topUpOf }),
    esims: profiles.map((p) => esimView(p, order)),
    agreement: agreementView(agreement),
  };
}
