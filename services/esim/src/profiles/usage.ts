import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import { publish, type UsageOutcome, type UsageReading } from '@esim/platform';
import { isWithdrawn } from './status';
import { planTitles } from '../orders/plan-title';

/**
 * Usage reports (webhook or file) applied to an eSIM. Counters are cumulative (the operator reports
 * bytes used so far), so the recorded figure only ever grows and a late or repeated report changes
 * nothing; each report's id is kept in usage_events, so a replay is recognised outright.
 * The first usage activates the eSIM (expiry = activation + validity days). Crossing 50 %, 80 %
 * and 100 % publishes a usage alert (once each; a report past several publishes each, lowest first)
 * through the outbox in the same transaction: the owner's webhook, and the owner's mail at 80 and
 * 100 %. A report about an eSIM that has ended (refunded, revoked, expired) is ignored and logged,
 * not recorded.
 */
export interface UsageReport extends UsageReading {
  /** provider: the supplier's figures, read when its eSIM's usage was asked for. */
  source: 'webhook' | 'file' | 'provider';
}

export type { UsageOutcome };

const DAY = 24 * 3600 * 1000;

interface ProfileWithOrder {
  id: string;
  iccid: string;
  order_id: string;
  user_id: string;
  status: string;
  refunded_at: Date | null;
  data_total_bytes: string | null;
  data_used_bytes: string;
  activated_at: Date | null;
  expires_at: Date | null;
  alert_50_sent_at: Date | null;
  alert_80_sent_at: Date | null;
  alert_100_sent_at: Date | null;
  usage_updated_at: Date | null;
  validity_days: number;
  order_number: string;
  package_name_tr: string;
  package_name_en: string;
  package_type: string;
  countries: string[];
  data_mb: number | null;
  locale: string;
}

export const usagePercentage = (used: number, total: number | null) =>
  total ? Math.round((Math.min(used, total) / total) * 100) : 0;

export async function applyUsage(
  trx: Knex.Transaction,
  report: UsageReport,
  log?: FastifyBaseLogger,
): Promise<UsageOutcome> {
  const result = await trx.raw(
    `SELECT p.*, o.validity_days, o.order_number, o.package_name_tr, o.package_name_en, o.package_type,
            o.countries, o.data_mb, o.locale
       FROM profiles p JOIN orders o ON o.id = p.order_id
      WHERE p.iccid = ? ORDER BY p.created_at DESC LIMIT 1 FOR UPDATE OF p`,
    [report.iccid],
  );
  const profile = result.rows[0] as ProfileWithOrder | undefined;
  if (!profile) return 'unknown_iccid';
  // An eSIM that has ended keeps the figures it ended with: the report is not recorded.
  if (isWithdrawn(profile) || profile.status === 'expired') {
    // The operator still counting traffic on an eSIM we gave up is worth a look, but never an error to them.
    log?.warn(
      { iccid: profile.iccid, status: profile.status, source: report.source, eventId: report.eventId },
      'usage report for an eSIM that has ended ignored',
    );
    return 'ignored';
  }
  const fresh = await trx('usage_events')
    .insert({
      event_id: report.eventId,
      iccid: report.iccid,
      used_bytes: report.usedBytes,
      source: report.source,
      recorded_at: report.recordedAt,
    })
    .onConflict('event_id')
    .ignore()
    .returning('event_id');
  if (fresh.length === 0) return 'replayed';

  const previous = Number(profile.data_used_bytes);
  const used = Math.max(previous, report.usedBytes);
  const total = profile.data_total_bytes === null ? null : Number(profile.data_total_bytes);
  const changes: Record<string, unknown> = { data_used_bytes: used, updated_at: trx.fn.now() };
  // A late report (measured before one already applied) leaves the figures' time where it was.
  if (!profile.usage_updated_at || report.recordedAt.getTime() > new Date(profile.usage_updated_at).getTime())
    changes.usage_updated_at = report.recordedAt;
  const base = { esimId: profile.id, iccid: profile.iccid, orderId: profile.order_id, userId: profile.user_id };
  const alert = (kind: 'usage-50' | 'usage-80' | 'usage-100', expiresAt: Date | null) =>
    publish(trx, 'esim', {
      type: 'esim.profile.usage-alert',
      aggregateId: profile.id,
      payload: {
        ...base,
        kind,
        orderNumber: profile.order_number,
        packageNameTr: profile.package_name_tr,
        packageNameEn: profile.package_name_en,
        ...planTitles(profile),
        usedBytes: used,
        totalBytes: total,
        expiresAt: expiresAt ? expiresAt.toISOString() : null,
        locale: profile.locale === 'en' ? 'en' : 'tr',
      },
    });

  let expiresAt = profile.expires_at;
  if (!profile.activated_at && used > 0) {
    const activatedAt = report.recordedAt;
    expiresAt = new Date(activatedAt.getTime() + profile.validity_days * DAY);
    Object.assign(changes, { activated_at: activatedAt, expires_at: expiresAt });
    if (profile.status === 'inactive') changes.status = 'active';
    await publish(trx, 'esim', {
      type: 'esim.profile.activated',
      aggregateId: profile.id,
      payload: { ...base, activatedAt: activatedAt.toISOString(), expiresAt: expiresAt.toISOString() },
    });
  }
  const percentage = usagePercentage(used, total);
  // Usage only grows, so a share below 50 % means a top-up added data since the alert: it is armed again.
  if (percentage < 50 && profile.alert_50_sent_at) changes.alert_50_sent_at = null;
  if (total && percentage >= 50 && !profile.alert_50_sent_at) {
    changes.alert_50_sent_at = trx.fn.now();
    await alert('usage-50', expiresAt);
  }
  if (total && percentage >= 80 && !profile.alert_80_sent_at) {
    changes.alert_80_sent_at = trx.fn.now();
    await alert('usage-80', expiresAt);
  }
  if (total && used >= total && !profile.alert_100_sent_at) {
    changes.alert_100_sent_at = trx.fn.now();
    changes.status = 'used';
    await alert('usage-100', expiresAt);
    await publish(trx, 'esim', { type: 'esim.profile.depleted', aggregateId: profile.id, payload: base });
  }
  await trx('profiles').where({ id: profile.id }).update(changes);
  return 'applied';
}
