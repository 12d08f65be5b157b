import type { Knex } from 'knex';
import { parse } from 'csv-parse/sync';
import { AppError } from '@esim/platform';
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
const headerKey = (h: string) => ALIASES[h.trim().toLowerCase().replace(/\s+/g, '_')] ?? h.trim().toLowerCase();

type Row = Record<string, string>;

export async function readRows(body: Buffer | string, contentType: string, locale: Locale): Promise<Row[]> {
  try {
    if (contentType.includes('spreadsheetml') || (Buffer.isBuffer(body) && body.subarray(0, 2).toString() === 'PK')) {
      // Loaded on first use: exceljs is large, and only admins' xlsx imports need it.
      const ExcelJS = (await import('exceljs')).default;
      const workbook = new ExcelJS.Workbook();
      // exceljs's types predate Node's generic Buffer.
      await workbook.xlsx.load((Buffer.isBuffer(body) ? body : Buffer.from(body)) as never);
      const sheet = workbook.worksheets[0];
      if (!sheet) return [];
      const rows: Row[] = [];
      let headers: string[] = [];
      sheet.eachRow({ includeEmpty: false }, (row, index) => {
        const cells = (row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : typeof v === 'object' && v && 'text' in v ? String((v as { text: unknown }).text) : String(v)));
        if (index === 1) headers = cells.map(headerKey);
        else rows.push(Object.fromEntries(headers.map((h, i) => [h, (cells[i] ?? '').trim()])));
      });
      return rows;
    }
    const text = Buffer.isBuffer(body) ? body.toString('utf8') : body;
    return parse(text.replace(/^\uFEFF/, ''), { columns: (headers: string[]) => headers.map(headerKey), skip_empty_lines: true, trim: true, relax_column_count: true }) as Row[];
  } catch (error) {
    throw new AppError(400, 'esim_pool_file_invalid', { cause: error, errors: [{ path: 'file', message: translate('esim_pool_file_invalid', locale) }] });
  }
}

/** Tabs, line breaks and other control characters have no place in an ICCID, address or name. */
const hasControlCharacter = (value: string) => [...value].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);

const FLAG_TRUE = new Set(['1', 'true', 'yes', 'evet', 'y', 'x']);

export async function importProfiles(db: Knex, rows: Row[], options: { fileName: string | null; createdBy: string; locale: Locale }) {
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
      else if (isUnsafeText(value) || hasControlCharacter(value) || value.length > 200) errors.push({ row: rowNumber, field, message: t('validation_error') });
    }
    const iccid = row.iccid ?? '';
    if (iccid && !isValidIccid(iccid)) errors.push({ row: rowNumber, field: 'iccid', message: t('esim_iccid_invalid') });
    else if (iccid && seen.has(iccid)) errors.push({ row: rowNumber, field: 'iccid', message: t('esim_iccid_duplicate_file') });
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
      good.length ? ((await trx('profiles').whereIn('iccid', good.map((g) => g.iccid as string)).pluck('iccid')) as string[]) : [],
    );
    const fresh = good.filter((g) => {
      if (!inPool.has(g.iccid as string)) return true;
      errors.push({ row: g._row as number, field: 'iccid', message: t('esim_iccid_duplicate_pool') });
      return false;
    });
    errors.sort((a, b) => a.row - b.row);
    const [batch] = await trx('pool_batches')
      .insert({ file_name: options.fileName, imported: fresh.length, rejected: rows.length - fresh.length, errors: JSON.stringify(errors), created_by: options.createdBy })
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
