import type { UsageOutcome, UsageReading } from '@esim/platform';
import type { Knex } from 'knex';

/**
 * A usage report applied to a physical card's data bundle (what the public balance check shows),
 * the way the esim service takes eSIM usage: counters are cumulative bytes, so the recorded figure
 * only grows and a late or repeated report changes nothing; a report's id is kept in usage_events,
 * so a replay is recognised outright. The first usage of an inactive bundle activates it.
 */
export type CardUsageReport = UsageReading;

export type CardUsageOutcome = UsageOutcome;

const MB = 1024 * 1024;

export async function applyCardUsage(trx: Knex.Transaction, report: CardUsageReport): Promise<CardUsageOutcome> {
  const fresh = await trx('usage_events')
    .insert({
      event_id: report.eventId,
      iccid: report.iccid,
      used_bytes: report.usedBytes,
      recorded_at: report.recordedAt,
    })
    .onConflict('event_id')
    .ignore()
    .returning('event_id');
  if (fresh.length === 0) return 'replayed';
  const result = await trx.raw(
    `SELECT b.card_id, b.status, b.used_mb, b.activated_at FROM cards c JOIN card_bundles b ON b.card_id = c.id
      WHERE c.iccid = ? AND c.deleted_at IS NULL FOR UPDATE OF b`,
    [report.iccid],
  );
  const bundle = result.rows[0] as
    { card_id: string; status: string; used_mb: string; activated_at: Date | null } | undefined;
  if (!bundle) return 'unknown_iccid';
  if (bundle.status === 'expired') return 'ignored';
  const used = Math.max(Number(bundle.used_mb), Math.round((report.usedBytes / MB) * 100) / 100);
  const changes: Record<string, unknown> = { used_mb: used, updated_at: trx.fn.now() };
  if (bundle.status === 'inactive' && used > 0)
    Object.assign(changes, { status: 'active', activated_at: bundle.activated_at ?? report.recordedAt });
  await trx('card_bundles').where({ card_id: bundle.card_id }).update(changes);
  return 'applied';
}
