import type { ProfileRow } from '../rows';

/**
 * Whether an eSIM can still be installed, from what the esim service knows of it (usage reports,
 * the provider's status): a never-used inactive one within its date is `ready`; one that carried
 * traffic, or that its supplier says went onto a phone, is `installed`; a suspended, expired or used-up one without activation is `unavailable`.
 * Only a `ready` eSIM's activation code is ever shown to someone who is not signed in.
 */
export type InstallState = 'ready' | 'installed' | 'unavailable';

export function installState(
  p: Pick<ProfileRow, 'status' | 'activated_at' | 'expires_at'> & { installed_at?: Date | null },
  now = new Date(),
): InstallState {
  if (p.activated_at || p.installed_at || p.status === 'active' || p.status === 'used') return 'installed';
  const pastExpiry = p.expires_at !== null && new Date(p.expires_at).getTime() < now.getTime();
  return p.status === 'inactive' && !pastExpiry ? 'ready' : 'unavailable';
}
