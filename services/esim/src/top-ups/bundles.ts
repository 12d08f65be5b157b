import type { Knex } from 'knex';
import type { TopUpRequest, TopUpResult } from '../provider/port';
import { topUpRefusal } from './eligibility';

const DAY = 24 * 3600 * 1000;

/**
 * Adds a top-up's bundle to its eSIM, under the profile's row lock (usage reports and the expiry
 * loop take the same lock): more data on the same total (unlimited stays unlimited), the validity
 * added to the current expiry, a depleted eSIM back in use, and the usage and expiry mails armed
 * again for the new figures. Asked again for the same order, it adds nothing.
 */
export async function addBundle(trx: Knex.Transaction, request: TopUpRequest, now = new Date()): Promise<TopUpResult> {
  const profile = await trx('profiles').where({ id: request.profileId }).forUpdate().first();
  if (!profile) return { ok: false, reason: 'esim_top_up_not_allowed' };
  const added = await trx('profile_bundles').where({ order_id: request.orderId }).first('order_id');
  if (added) return { ok: true };
  if (topUpRefusal(profile, now)) return { ok: false, reason: 'esim_top_up_not_allowed' };

  const used = Number(profile.data_used_bytes);
  const total =
    profile.data_total_bytes === null || request.dataBytes === null
      ? null
      : Number(profile.data_total_bytes) + request.dataBytes;
  const expiresBefore: Date | null = profile.expires_at ? new Date(profile.expires_at) : null;
  const expiresAfter = new Date(
    Math.max(expiresBefore?.getTime() ?? now.getTime(), now.getTime()) + request.validityDays * DAY,
  );
  const left = total === null || used < total;
  const changes: Record<string, unknown> = {
    data_total_bytes: total,
    expires_at: expiresAfter,
    alert_expiry_sent_at: null,
    updated_at: trx.fn.now(),
  };
  if (left) {
    changes.alert_100_sent_at = null;
    if (profile.status === 'used') changes.status = 'active';
  }
  if (total === null || used < total * 0.8) changes.alert_80_sent_at = null;
  if (total === null || used < total * 0.5) changes.alert_50_sent_at = null;
  await trx('profile_bundles').insert({
    order_id: request.orderId,
    profile_id: request.profileId,
    package_code: request.packageCode,
    data_bytes: request.dataBytes,
    validity_days: request.validityDays,
    expires_before: expiresBefore,
    expires_after: expiresAfter,
  });
  await trx('profiles').where({ id: request.profileId }).update(changes);
  return { ok: true };
}
