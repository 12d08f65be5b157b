import type { LocalizedText } from '../messages/types';

/**
 * How both front ends show a plan's status (docs/product.md, How statuses are shown): one pure
 * function so the storefront and the back office can never disagree.
 */
export type StatusColor = 'success' | 'error' | 'default' | 'warning' | 'info';

export const PLAN_STATUS_KEYS = [
  'ready',
  'active',
  'suspended',
  'used',
  'expired',
  'revoked',
  'refunded',
  'unknown',
] as const;
export type PlanStatusKey = (typeof PLAN_STATUS_KEYS)[number];

export interface StatusDisplay {
  key: PlanStatusKey;
  color: StatusColor;
  label: LocalizedText;
}

export const PLAN_STATUS_LABELS = {
  ready: { tr: 'Kuruluma hazır', en: 'Ready to install' },
  active: { tr: 'Aktif', en: 'Active' },
  suspended: { tr: 'Askıya Alındı', en: 'Suspended' },
  used: { tr: 'Tüketilmiş', en: 'Used up' },
  expired: { tr: 'Süresi Dolmuş', en: 'Expired' },
  revoked: { tr: 'İptal Edildi', en: 'Cancelled' },
  refunded: { tr: 'İade Edildi', en: 'Refunded' },
  unknown: { tr: 'Bilinmiyor', en: 'Unknown' },
} as const satisfies Record<PlanStatusKey, LocalizedText>;

// Colours as docs/product.md, How statuses are shown: active green, expired red, used grey, unknown yellow;
// a never-used eSIM is blue, a step before green, and the plans that can no longer run are grey.
const COLORS: Record<PlanStatusKey, StatusColor> = {
  ready: 'info',
  active: 'success',
  suspended: 'default',
  used: 'default',
  expired: 'error',
  revoked: 'default',
  refunded: 'default',
  unknown: 'warning',
};

const display = (key: PlanStatusKey): StatusDisplay => ({ key, color: COLORS[key], label: PLAN_STATUS_LABELS[key] });

/** An eSIM's status as a person reads it; 'unknown' only for a status the system does not know. */
export function planStatusDisplay(
  status: string | null | undefined,
  expiresAt: string | Date | null | undefined,
  now: Date = new Date(),
): StatusDisplay {
  const expiry = expiresAt ? new Date(expiresAt) : null;
  const pastExpiry = expiry !== null && !Number.isNaN(expiry.getTime()) && expiry.getTime() < now.getTime();
  switch (status) {
    case 'inactive':
      return display(pastExpiry ? 'expired' : 'ready');
    case 'active':
      return display(pastExpiry ? 'expired' : 'active');
    case 'suspended':
    case 'used':
    case 'expired':
    case 'revoked':
    case 'refunded':
      return display(status);
    default:
      return display('unknown');
  }
}

/**
 * A balance check's status; ready: an eSIM never used yet, waiting to be installed (the order page's
 * "ready to install"); inactive: one that cannot run now (suspended or cancelled); refunded: every
 * eSIM of the order was refunded, so none of its data can be used.
 */
export const BALANCE_CHECK_STATUSES = ['active', 'ready', 'inactive', 'expired', 'refunded'] as const;
export type BalanceCheckStatus = (typeof BALANCE_CHECK_STATUSES)[number];

/** Balance-check status colours: active green, inactive grey, expired red; ready blue as on the order page; refunded grey, as nothing of it is running. */
export function balanceCheckStatusColor(status: BalanceCheckStatus): StatusColor {
  if (status === 'ready') return COLORS.ready;
  return status === 'active' ? 'success' : status === 'expired' ? 'error' : 'default';
}
