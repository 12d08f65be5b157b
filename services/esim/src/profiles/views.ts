import { centsToEuros, translate, type Locale } from '@esim/contracts';
import { esimRefundWindowOpen } from '@esim/contracts';
import type { OrderRow } from '../orders/saga';
import { planStatusDisplay } from './plan-status';

export interface ProfileRow {
  id: string;
  iccid: string;
  smdp_address: string;
  matching_id: string;
  confirmation_code_required: boolean;
  package_code: string;
  operator: string;
  pool_status: 'available' | 'assigned';
  order_id: string | null;
  user_id: string | null;
  status: 'inactive' | 'active' | 'suspended' | 'expired' | 'used' | 'revoked' | null;
  data_total_bytes: string | number | null;
  data_used_bytes: string | number;
  activated_at: Date | null;
  expires_at: Date | null;
  refunded_at: Date | null;
  created_at: Date;
}

const isoOrNull = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** GSMA SGP.22 activation code, and the iOS 17.4+ one-tap install link that carries it. */
export const activationCode = (p: Pick<ProfileRow, 'smdp_address' | 'matching_id'>) => `LPA:1$${p.smdp_address}$${p.matching_id}`;
export const iosInstallLink = (lpa: string) => `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(lpa)}`;
/** Where clients fetch the QR png (DESIGN.md section 10: every eSIM carries it, clients never build it). */
export const qrUrl = (iccid: string) => `/api/user/esim/qr/${iccid}.png`;

export function usageView(p: ProfileRow, now = new Date()) {
  const total = p.data_total_bytes === null ? 0 : Number(p.data_total_bytes);
  const usedRaw = Number(p.data_used_bytes);
  const used = total ? Math.min(usedRaw, total) : usedRaw;
  const remaining = Math.max(0, total - used);
  const status = p.status ?? 'inactive';
  return {
    status,
    plan_status: planStatusDisplay(status, p.expires_at, now).status,
    expiry_date: isoOrNull(p.expires_at),
    activation_date: isoOrNull(p.activated_at),
    total_bytes: total,
    remaining_bytes: remaining,
    used_bytes: total ? total - remaining : used,
    percentage: total === 0 ? 0 : Math.round(((total - remaining) / total) * 100),
    unlimited: p.data_total_bytes === null,
  };
}

export function refundable(p: ProfileRow, order: Pick<OrderRow, 'created_at'>, now = new Date()): boolean {
  return !p.refunded_at && !p.activated_at && Number(p.data_used_bytes) === 0 && p.status === 'inactive' && esimRefundWindowOpen(new Date(order.created_at), now);
}

export function esimView(p: ProfileRow, order: Pick<OrderRow, 'created_at'>) {
  const lpa = activationCode(p);
  return {
    id: p.id,
    order_id: p.order_id!,
    iccid: p.iccid,
    status: p.status ?? 'inactive',
    activation_code: lpa,
    smdp_address: p.smdp_address,
    matching_id: p.matching_id,
    confirmation_code_required: p.confirmation_code_required,
    ios_install_link: iosInstallLink(lpa),
    qr_url: qrUrl(p.iccid),
    qr_file_name: `${p.iccid}.png`,
    operator: p.operator,
    activated_at: isoOrNull(p.activated_at),
    expires_at: isoOrNull(p.expires_at),
    refunded_at: isoOrNull(p.refunded_at),
    refundable: refundable(p, order),
    usage: usageView(p),
  };
}

export const orderStatus = (order: OrderRow) => (order.step === 'completed' ? 'completed' : order.step === 'failed' ? 'failed' : 'processing');

export function failureOf(order: OrderRow, locale: Locale) {
  if (!order.failure_code || order.step !== 'failed') return null;
  return { code: order.failure_code, message: translate(order.failure_code, locale, order.failure_params) };
}

export function orderView(order: OrderRow, locale: Locale, profiles?: ProfileRow[], esimCount?: number) {
  return {
    id: order.id,
    order_number: order.order_number,
    user_id: order.user_id,
    status: orderStatus(order),
    step: order.step,
    package: {
      id: order.package_id,
      code: order.package_code,
      name: locale === 'en' ? order.package_name_en : order.package_name_tr,
      name_tr: order.package_name_tr,
      name_en: order.package_name_en,
      type: order.package_type,
      countries: order.countries,
      data_mb: order.data_mb,
      validity_days: order.validity_days,
    },
    quantity: order.quantity,
    unit_price: centsToEuros(order.unit_price_cents),
    total_price: centsToEuros(order.total_cents),
    unit_price_cents: order.unit_price_cents,
    total_cents: order.total_cents,
    currency: 'EUR' as const,
    failure: failureOf(order, locale),
    created_at: new Date(order.created_at).toISOString(),
    completed_at: isoOrNull(order.completed_at),
    esim_count: profiles ? profiles.length : (esimCount ?? 0),
    ...(profiles ? { esims: profiles.map((p) => esimView(p, order)) } : {}),
  };
}
