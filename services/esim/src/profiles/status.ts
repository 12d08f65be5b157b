import type { Knex } from 'knex';
import { AppError, forbidden, type AuthUser } from '@esim/platform';
import type { EsimProvider } from '../provider/port';
import { SupplierUnsupported } from '../provider/supplier';
import { findProfile } from '../orders/queries';
import { isWithdrawn } from './views';
import { type ProfileRow } from '../rows';

export { isWithdrawn };

/**
 * Who may move an eSIM where: its owner suspends and resumes it; an admin may also revoke it.
 * Expired, used-up and revoked eSIMs stay as they are. Resuming goes back to active, or to
 * inactive when it has never been used.
 */

export const REQUESTED_STATUSES = ['active', 'suspended', 'revoked'] as const;
export type RequestedStatus = (typeof REQUESTED_STATUSES)[number];

function nextStatus(profile: ProfileRow, requested: RequestedStatus): ProfileRow['status'] | undefined {
  const from = profile.status;
  if (requested === 'suspended' && (from === 'active' || from === 'inactive')) return 'suspended';
  if (requested === 'active' && from === 'suspended') return profile.activated_at ? 'active' : 'inactive';
  if (requested === 'revoked' && from !== 'revoked' && from !== 'refunded') return 'revoked';
  return undefined;
}

export async function changeStatus(
  db: Knex,
  provider: EsimProvider,
  user: AuthUser,
  ref: string,
  requested: RequestedStatus,
): Promise<ProfileRow> {
  if (requested === 'revoked' && user.role !== 'admin') throw forbidden('esim_status_admin_only');
  const refused = (profile: ProfileRow) =>
    new AppError(409, 'esim_status_transition_refused', {
      params: { from: profile.status ?? 'inactive', to: requested },
    });
  const before = await findProfile(db, user, ref);
  if (!nextStatus(before, requested)) throw refused(before);
  // The supplier is told first, outside any transaction (a partner's call may take seconds); both calls are idempotent.
  try {
    if (requested === 'revoked')
      await provider.revoke(db, { id: before.id, iccid: before.iccid, orderId: before.order_id! });
    else await provider.setStatus(db, before.iccid, requested);
  } catch (error) {
    if (error instanceof SupplierUnsupported) throw new AppError(409, 'esim_status_unsupported', { cause: error });
    throw error;
  }
  return db.transaction(async (trx) => {
    const profile = await findProfile(trx, user, before.id, { forUpdate: true });
    const to = nextStatus(profile, requested);
    if (!to) throw refused(profile);
    const [row] = await trx('profiles')
      .where({ id: profile.id })
      .update({ status: to, updated_at: trx.fn.now() })
      .returning('*');
    return row as ProfileRow;
  });
}
