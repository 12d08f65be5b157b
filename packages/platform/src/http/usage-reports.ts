import { createHash, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { translate, type Locale } from '@esim/contracts';
import { z } from 'zod';

/**
 * The operators' usage reports, as esim's and physical-sim's signed webhooks and the admins' usage
 * files bring them: cumulative bytes per ICCID, with an optional report id that makes a resent
 * report a replay. One shape and one way of applying them, so the services cannot drift apart.
 */
/** What an ICCID must look like to be looked up (the services check the rest). */
const ICCID_FORMAT = /^[0-9]{19,20}$/;

export function usageReportsBody(iccidMessage: string) {
  const report = z.object({
    id: z.string().trim().min(1).max(200).optional(),
    iccid: z.string().regex(ICCID_FORMAT, { message: iccidMessage }),
    used_bytes: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    recorded_at: z.iso.datetime({ offset: true }).optional(),
  });
  return z.object({ reports: z.array(report).min(1).max(1000) });
}
export type UsageReports = z.infer<ReturnType<typeof usageReportsBody>>;

/** ignored: reports about a SIM that has ended (refunded, revoked, expired), not recorded. */
export const usageReportsAnswer = z.object({
  applied: z.number().int(),
  replayed: z.number().int(),
  ignored: z.number().int(),
  unknown: z.array(z.string()),
});
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
    ignored: outcomes.filter((o) => o.outcome === 'ignored').length,
    unknown: outcomes.filter((o) => o.outcome === 'unknown_iccid').map((o) => o.iccid),
  };
}

/** A usage file's answer: rows applied, rows already applied before (the same file again), rows about a SIM that has ended, and each bad row. */
export const usageFileAnswer = z.object({
  applied: z.number().int(),
  replayed: z.number().int(),
  ignored: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), field: z.string(), message: z.string() })),
});
export type UsageFileAnswer = z.infer<typeof usageFileAnswer>;

/** A usage file's header names, as readTableRows keys them (case and spaces ignored). */
export const usageFileHeader = (header: string) => header.trim().toLowerCase().replace(/\s+/g, '_');

/**
 * Applies an uploaded usage file (columns iccid, used_bytes or used_mb, optional recorded_at; read
 * by readUploadedTable) in one transaction: each good row as a reading whose id is the row's
 * content, so uploading the same file again changes nothing; each bad row (ICCID format, amount,
 * date, an ICCID the service does not know) reported by its row number in the sheet, in `locale`,
 * with the service's own message codes for the two ICCID cases.
 */
export async function applyUsageFile(
  db: Knex,
  rows: Array<Record<string, string>>,
  apply: (trx: Knex.Transaction, reading: UsageReading) => Promise<UsageOutcome>,
  messages: { iccidInvalid: string; unknownIccid: string; locale: Locale },
): Promise<UsageFileAnswer> {
  const t = (code: string) => translate(code as never, messages.locale);
  const errors: UsageFileAnswer['errors'] = [];
  let applied = 0;
  let replayed = 0;
  let ignored = 0;
  await db.transaction(async (trx) => {
    for (const [index, row] of rows.entries()) {
      const rowNumber = index + 2; // after the header row
      const iccid = row.iccid ?? '';
      const used = row.used_bytes
        ? Number(row.used_bytes)
        : row.used_mb
          ? Number(row.used_mb) * 1024 * 1024
          : Number.NaN;
      const at = row.recorded_at ? new Date(row.recorded_at) : new Date();
      if (!ICCID_FORMAT.test(iccid)) errors.push({ row: rowNumber, field: 'iccid', message: t(messages.iccidInvalid) });
      else if (!Number.isFinite(used) || used < 0 || used > Number.MAX_SAFE_INTEGER)
        errors.push({
          row: rowNumber,
          field: row.used_mb && !row.used_bytes ? 'used_mb' : 'used_bytes',
          message: t('validation_error'),
        });
      else if (Number.isNaN(at.getTime()))
        errors.push({ row: rowNumber, field: 'recorded_at', message: t('invalid_date') });
      else {
        const usedBytes = Math.round(used);
        const eventId = `file:${createHash('sha256').update(`${iccid}|${usedBytes}|${at.toISOString()}`).digest('hex')}`;
        const outcome = await apply(trx, { eventId, iccid, usedBytes, recordedAt: at });
        if (outcome === 'applied') applied += 1;
        else if (outcome === 'replayed') replayed += 1;
        else if (outcome === 'ignored') ignored += 1;
        else if (outcome === 'unknown_iccid')
          errors.push({ row: rowNumber, field: 'iccid', message: t(messages.unknownIccid) });
      }
    }
  });
  return { applied, replayed, ignored, errors };
}
