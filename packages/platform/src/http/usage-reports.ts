import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { z } from 'zod';

/**
 * The operators' usage reports, as esim's and physical-sim's signed webhooks take them: cumulative
 * bytes per ICCID, with an optional report id that makes a resent report a replay. One shape and
 * one way of applying them, so the two webhooks cannot drift apart.
 */
export function usageReportsBody(iccidMessage: string) {
  const report = z.object({
    id: z.string().trim().min(1).max(200).optional(),
    iccid: z.string().regex(/^[0-9]{19,20}$/, { message: iccidMessage }),
    used_bytes: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    recorded_at: z.iso.datetime({ offset: true }).optional(),
  });
  return z.object({ reports: z.array(report).min(1).max(1000) });
}
export type UsageReports = z.infer<ReturnType<typeof usageReportsBody>>;

export const usageReportsAnswer = z.object({ applied: z.number().int(), replayed: z.number().int(), unknown: z.array(z.string()) });
export type UsageReportsAnswer = z.infer<typeof usageReportsAnswer>;

/** One report as the receiving service applies it (a report without an id gets a fresh one: never a replay). */
export interface UsageReading {
  eventId: string;
  iccid: string;
  usedBytes: number;
  recordedAt: Date;
}
export type UsageOutcome = 'applied' | 'replayed' | 'unknown_iccid' | 'ignored';

/** Applies every report of one request in one transaction and counts what happened. */
export async function applyUsageReports(
  db: Knex,
  body: UsageReports,
  apply: (trx: Knex.Transaction, reading: UsageReading) => Promise<UsageOutcome>,
): Promise<UsageReportsAnswer> {
  const outcomes = await db.transaction(async (trx) => {
    const result: Array<{ iccid: string; outcome: UsageOutcome }> = [];
    for (const report of body.reports) {
      const reading = {
        eventId: `webhook:${report.id ?? randomUUID()}`,
        iccid: report.iccid,
        usedBytes: report.used_bytes,
        recordedAt: report.recorded_at ? new Date(report.recorded_at) : new Date(),
      };
      result.push({ iccid: report.iccid, outcome: await apply(trx, reading) });
    }
    return result;
  });
  return {
    applied: outcomes.filter((o) => o.outcome === 'applied').length,
    replayed: outcomes.filter((o) => o.outcome === 'replayed').length,
    unknown: outcomes.filter((o) => o.outcome === 'unknown_iccid').map((o) => o.iccid),
  };
}
