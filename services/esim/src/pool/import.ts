import type { Knex } from 'knex';
import { isUnsafeText, translate, type Locale } from '@esim/contracts';
import { isValidIccid } from '../profiles/iccid';

/**
 * Imports a batch of profiles bought from an operator (CSV or xlsx). Columns, by header name:
 * iccid, smdp_address, matching_id, confirmation_code (optional flag: yes/true/1), package_code,
 * operator. Every row is checked (ICCID 19-20 digits starting 89 with a valid Luhn digit, required
 * fields, no duplicate in the file or the pool); good rows are imported, bad ones reported by row.
 */
export interface ImportError {
  row: number;
  field: string;
  message: string;
}

const ALIASES: Record<string, string> = {
  iccid: 'iccid',
  smdp: 'smdp_address',
  smdp_address: 'smdp_address',
  'sm-dp+': 'smdp_address',
  'sm-dp+_address': 'smdp_address',
  smdpaddress: 'smdp_address',
  matching_id: 'matching_id',
  matchingid: 'matching_id',
  activation_code: 'matching_id',
  confirmation_code: 'confirmation_code',
  confirmation_code_required: 'confirmation_code',
  package_code: 'package_code',
  package: 'package_code',
  operator: 'operator',
  operator_name: 'operator',
};
/** A profile batch's header names to our columns (the aliases operators' files use). */
export const poolFileHeader = (h: string) =>
  ALIASES[h.trim().toLowerCase().replace(/\s+/g, '_')] ?? h.trim().toLowerCase();

type Row = Record<string, string>;

/** Tabs, line breaks and other control characters have no place in an ICCID, address or name. */
const hasControlCharacter = (value: string) => [...value].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);

const FLAG_TRUE = new Set(['1', 'true', 'yes', 'evet', 'y', 'x']);

export async function importProfiles(
  db: Knex,
  rows: Row[],
  options: { fileName: string | null; createdBy: string; locale: Locale },
) {
  const t = (code: string) => translate(code, options.locale);
  const errors: ImportError[] = [];
  const good: Array<Record<string, unknown>> = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const rowNumber = index + 2; // 1-based, after the header row
    const before = errors.length;
    for (const field of ['iccid', 'smdp_address', 'matching_id', 'package_code', 'operator']) {
      const value = row[field] ?? '';
      if (!value) errors.push({ row: rowNumber, field, message: t('esim_field_required') });
      else if (isUnsafeText(value) || hasControlCharacter(value) || value.length > 200)
        errors.push({ row: rowNumber, field, message: t('validation_error') });
    }
    const iccid = row.iccid ?? '';
    if (iccid && !isValidIccid(iccid))
      errors.push({ row: rowNumber, field: 'iccid', message: t('esim_iccid_invalid') });
    else if (iccid && seen.has(iccid))
      errors.push({ row: rowNumber, field: 'iccid', message: t('esim_iccid_duplicate_file') });
    if (iccid) seen.add(iccid);
    if (errors.length > before) return;
    good.push({
      iccid,
      smdp_address: row.smdp_address,
      matching_id: row.matching_id,
      confirmation_code_required: FLAG_TRUE.has((row.confirmation_code ?? '').toLowerCase()),
      package_code: row.package_code!.toUpperCase(),
      operator: row.operator,
      _row: rowNumber,
    });
  });

  return db.transaction(async (trx) => {
    const inPool = new Set(
      good.length
        ? ((await trx('profiles')
            .whereIn(
              'iccid',
              good.map((g) => g.iccid as string),
            )
            .pluck('iccid')) as string[])
        : [],
    );
    const fresh = good.filter((g) => {
      if (!inPool.has(g.iccid as string)) return true;
      errors.push({ row: g._row as number, field: 'iccid', message: t('esim_iccid_duplicate_pool') });
      return false;
    });
    errors.sort((a, b) => a.row - b.row);
    const [batch] = await trx('pool_batches')
      .insert({
        file_name: options.fileName,
        imported: fresh.length,
        rejected: rows.length - fresh.length,
        errors: JSON.stringify(errors),
        created_by: options.createdBy,
      })
      .returning('id');
    for (let i = 0; i < fresh.length; i += 500) {
      await trx('profiles').insert(fresh.slice(i, i + 500).map(({ _row, ...g }) => ({ ...g, batch_id: batch.id })));
    }
    // New stock: a package that was low may alert again when it runs low next time.
    const codes = [...new Set(fresh.map((g) => g.package_code as string))];
    if (codes.length) await trx('pool_thresholds').whereIn('package_code', codes).update({ alerted_at: null });
    return { batch_id: batch.id as string, imported: fresh.length, rejected: rows.length - fresh.length, errors };
  });
}
