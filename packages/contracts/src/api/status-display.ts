import type { LocalizedText } from '../messages/types';

/**
 * How both front ends show a plan's status (spec section 4, "Plan status display"): one pure
 * function so the storefront and the back office can never disagree.
 */
export type StatusColor = 'success' | 'error' | 'default' | 'warning';

export interface StatusDisplay {
  key: 'active' | 'expired' | 'used' | 'unknown';
  color: StatusColor;
  label: LocalizedText;
}

const LABELS = {
  active: { tr: 'Aktif', en: 'Active' },
  expired: { tr: 'Süresi Dolmuş', en: 'Expired' },
  used: { tr: 'Tüketilmiş', en: 'Used up' },
  unknown: { tr: 'Bilinmiyor', en: 'Unknown' },
} as const satisfies Record<StatusDisplay['key'], LocalizedText>;

export function planStatusDisplay(status: string | null | undefined, expiresAt: string | Date | null | undefined, now: Date = new Date()): StatusDisplay {
  const expiry = expiresAt ? new Date(expiresAt) : null;
  const pastExpiry = expiry !== null && !Number.isNaN(expiry.getTime()) && expiry.getTime() < now.getTime();
  if (status === 'active') return pastExpiry ? { key: 'expired', color: 'error', label: LABELS.expired } : { key: 'active', color: 'success', label: LABELS.active };
  if (status === 'expired') return { key: 'expired', color: 'error', label: LABELS.expired };
  if (status === 'used') return { key: 'used', color: 'default', label: LABELS.used };
  return { key: 'unknown', color: 'warning', label: LABELS.unknown };
}

/** A balance check's status; refunded: every eSIM of the order was refunded, so none of its data can be used. */
export const BALANCE_CHECK_STATUSES = ['active', 'inactive', 'expired', 'refunded'] as const;
export type BalanceCheckStatus = (typeof BALANCE_CHECK_STATUSES)[number];

/** Balance-check status colours (spec section 4): active green, inactive grey, expired red; refunded grey, as nothing of it is running. */
export function balanceCheckStatusColor(status: BalanceCheckStatus): StatusColor {
  return status === 'active' ? 'success' : status === 'expired' ? 'error' : 'default';
}
