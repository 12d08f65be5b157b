/**
 * The spec's plan-status display (section 4), one pure function the API answers with and the UIs
 * can show as is: active and not past expiry → Active (green); active but past expiry → expired
 * (red, 'Süresi Dolmuş'); expired → red; used → grey ('Tüketilmiş'); anything else → yellow ('Bilinmiyor').
 */
export type PlanStatus = 'active' | 'expired' | 'used' | 'unknown';

export interface PlanStatusDisplay {
  status: PlanStatus;
  color: 'green' | 'red' | 'grey' | 'yellow';
  label: { tr: string; en: string };
}

export function planStatusDisplay(status: string, expiryDate: Date | string | null, now: Date = new Date()): PlanStatusDisplay {
  const expiry = expiryDate === null ? null : new Date(expiryDate);
  if (status === 'active' && !(expiry && expiry.getTime() < now.getTime())) {
    return { status: 'active', color: 'green', label: { tr: 'Aktif', en: 'Active' } };
  }
  if (status === 'active' || status === 'expired') return { status: 'expired', color: 'red', label: { tr: 'Süresi Dolmuş', en: 'Expired' } };
  if (status === 'used') return { status: 'used', color: 'grey', label: { tr: 'Tüketilmiş', en: 'Used up' } };
  return { status: 'unknown', color: 'yellow', label: { tr: 'Bilinmiyor', en: 'Unknown' } };
}

/** Derived usage (spec section 3): used = total − remaining; percentage = round(used / total × 100), 0 when total is 0. */
export function derivedUsage(totalBytes: number, remainingBytes: number): { used: number; percentage: number } {
  const used = totalBytes - remainingBytes;
  return { used, percentage: totalBytes === 0 ? 0 : Math.round((used / totalBytes) * 100) };
}
