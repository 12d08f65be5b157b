import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * Spec section 4's plan status display: active and not past expiry green; active but past expiry
 * red 'Süresi Dolmuş'; expired red; used grey 'Tüketilmiş'; anything else yellow 'Bilinmiyor'.
 */
export type PlanDisplay = { key: 'active' | 'expired' | 'used' | 'unknown'; color: 'success' | 'error' | 'default' | 'warning' };

export function planStatusDisplay(status: string | null | undefined, expiresAt: string | null | undefined, now = new Date()): PlanDisplay {
  const pastExpiry = !!expiresAt && new Date(expiresAt).getTime() < now.getTime();
  if (status === 'active') return pastExpiry ? { key: 'expired', color: 'error' } : { key: 'active', color: 'success' };
  if (status === 'expired') return { key: 'expired', color: 'error' };
  if (status === 'used') return { key: 'used', color: 'default' };
  return { key: 'unknown', color: 'warning' };
}

export function PlanStatusChip({ status, expiresAt }: { status?: string | null; expiresAt?: string | null }) {
  const translate = useTranslate();
  const display = planStatusDisplay(status, expiresAt);
  return <Chip size="small" color={display.color} label={translate(`app.plan_status.${display.key}`)} />;
}

/** Spec section 3: used = total − remaining; percentage = round(used / total × 100), 0 when total is 0. */
export function usageOf(totalBytes: number | null | undefined, remainingBytes: number | null | undefined) {
  const total = Math.max(0, totalBytes ?? 0);
  const remaining = Math.max(0, remainingBytes ?? 0);
  const used = Math.max(0, total - remaining);
  return { total, remaining, used, percentage: total === 0 ? 0 : Math.round((used / total) * 100) };
}
