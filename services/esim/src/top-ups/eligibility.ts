/**
 * Which eSIMs take a top-up: one in use or whose data ran out, and not expired. A never-used eSIM
 * still has its whole first bundle (and its validity has not started), a suspended one is resumed
 * first, and a refunded, revoked or expired one is over; each is refused with its own reason, so the
 * buyer reads why.
 */
export type TopUpRefusal =
  | { code: 'esim_top_up_expired' }
  | { code: 'esim_top_up_not_installed' }
  | { code: 'esim_top_up_suspended' }
  | { code: 'esim_top_up_not_allowed'; params: { status: string } };

export interface TopUpTarget {
  status: string | null;
  expires_at: Date | null;
  refunded_at: Date | null;
}

export function topUpRefusal(profile: TopUpTarget, now = new Date()): TopUpRefusal | null {
  if (
    profile.status === 'expired' ||
    (profile.expires_at !== null && new Date(profile.expires_at).getTime() <= now.getTime())
  )
    return { code: 'esim_top_up_expired' };
  if (profile.refunded_at === null && (profile.status ?? 'inactive') === 'inactive')
    return { code: 'esim_top_up_not_installed' };
  if (profile.refunded_at === null && profile.status === 'suspended') return { code: 'esim_top_up_suspended' };
  if (profile.refunded_at !== null || (profile.status !== 'active' && profile.status !== 'used'))
    return { code: 'esim_top_up_not_allowed', params: { status: profile.status ?? 'inactive' } };
  return null;
}

/** Same coverage: the top-up package covers exactly the countries of the eSIM's own package (its operator's network). */
export function sameCoverage(esimCountries: readonly string[], packageCountries: readonly string[]): boolean {
  const a = [...new Set(esimCountries)].sort();
  const b = [...new Set(packageCountries)].sort();
  return a.length > 0 && a.length === b.length && a.every((country, i) => country === b[i]);
}
